'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Draft } from '@/components/chat/hooks/use-draft';
import { useReturnWithDraft } from '@/components/chat/hooks/use-return-with-draft';
import { IMAGE_MEDIA_TYPES, imagesNotSupportedMessage, MAX_IMAGES_PER_MESSAGE, type ImageFilePart } from '@/lib/api/image-parts';

/** An image in the composer's tray: its part as it will be sent, and a key for the list. */
export interface PendingImage {
  key: string;
  part: ImageFilePart;
  bytes: number;
}

/** The model the message goes to: its name for messages, and whether it takes images. */
export interface ImageModel {
  label: string;
  images: boolean;
}

let nextKey = 0;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** The image files among pasted or dropped items (a paste of text has none). */
export function imageFiles(list: FileList | readonly File[] | null | undefined): File[] {
  return Array.from(list ?? []).filter((file) => file.type.startsWith('image/') || file.type === '');
}

/**
 * The images attached to the draft: pasted, dropped or picked. Each is read
 * as a data URL and checked in the browser with the server's own rules
 * (lib/api/attachments.ts: type by its bytes, size, count; fetched with the
 * first image, not in the page's first load), so a refusal comes at once and
 * in the same words; a model that takes no images refuses them
 * before they are attached, naming the model. The server checks again.
 * Like `@` resources, the images go out with the message, and come back to
 * the tray when the server refuses it and the draft gets its text back.
 */
export function useImageAttachments(draft: Draft, model: ImageModel | undefined) {
  const [images, setImages] = useState<PendingImage[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const imagesRef = useRef(images);
  useEffect(() => {
    imagesRef.current = images;
  }, [images]);
  const rememberSent = useReturnWithDraft<PendingImage>(draft, (sent) => setImages((current) => (current.length ? current : sent)));

  const add = useCallback(
    async (files: readonly File[]) => {
      if (files.length === 0) return;
      if (model && !model.images) {
        setProblem(imagesNotSupportedMessage(model.label));
        return;
      }
      const room = MAX_IMAGES_PER_MESSAGE - imagesRef.current.length;
      if (files.length > room) {
        setProblem(`At most ${MAX_IMAGES_PER_MESSAGE} images per message.`);
        if (room <= 0) return;
      } else setProblem(null);
      let checks: typeof import('@/lib/api/attachments');
      try {
        checks = await import('@/lib/api/attachments');
      } catch {
        setProblem('The image could not be attached: part of the page did not load. Check the connection and try again.');
        return;
      }
      const { checkImageParts, imagesTooLargeMessage, imageTooLargeMessage, MAX_IMAGE_BYTES, MAX_MESSAGE_IMAGE_BYTES } = checks;
      const added: PendingImage[] = [];
      for (const file of files.slice(0, Math.max(0, room))) {
        const name = file.name || 'pasted image';
        if (file.size > MAX_IMAGE_BYTES) {
          setProblem(imageTooLargeMessage(`“${name}”`, file.size));
          continue;
        }
        // The message's images together, before the upload (on Vercel a larger body never reaches the server).
        const total = [...imagesRef.current, ...added].reduce((sum, image) => sum + image.bytes, file.size);
        if (total > MAX_MESSAGE_IMAGE_BYTES) {
          setProblem(imagesTooLargeMessage(total));
          continue;
        }
        let url: string;
        try {
          url = await readAsDataUrl(file);
        } catch {
          setProblem(`“${name}” could not be read.`);
          continue;
        }
        const verdict = checkImageParts([{ type: 'file', mediaType: file.type || 'application/octet-stream', url, filename: name }]);
        if (!verdict.ok) {
          setProblem(verdict.message);
          continue;
        }
        added.push({ key: `image-${++nextKey}`, part: verdict.parts[0]!, bytes: file.size });
      }
      if (added.length) setImages((current) => [...current, ...added].slice(0, MAX_IMAGES_PER_MESSAGE));
    },
    [model],
  );

  const remove = useCallback(
    (key: string) => {
      setImages((current) => current.filter((image) => image.key !== key));
      setProblem(null);
      draft.focus();
    },
    [draft],
  );

  /** Says why this model cannot take images (the attach button pressed for it). */
  const explainRefusal = useCallback(() => {
    if (model && !model.images) setProblem(imagesNotSupportedMessage(model.label));
  }, [model]);

  /** Why the attached images cannot go with this model (it was switched after they were attached); null when they can. */
  const refusal = images.length > 0 && model && !model.images ? imagesNotSupportedMessage(model.label) : null;

  /** The images go with the message being sent (`text`); the tray starts empty again. */
  const take = useCallback((text: string): ImageFilePart[] => {
    const taken = imagesRef.current;
    rememberSent(text, taken);
    setImages([]);
    setProblem(null);
    return taken.map((image) => image.part);
  }, [rememberSent]);

  return { images, add, remove, take, refusal, explainRefusal, problem: refusal ?? problem, clearProblem: () => setProblem(null), accept: IMAGE_MEDIA_TYPES.join(',') };
}

export type ImageAttachments = ReturnType<typeof useImageAttachments>;
