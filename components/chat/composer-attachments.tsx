'use client';

import { useRef } from 'react';
import { ImagePlusIcon, XIcon } from 'lucide-react';
import type { ImageAttachments, PendingImage } from '@/components/chat/hooks/use-image-attachments';
import { imageFiles } from '@/components/chat/hooks/use-image-attachments';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { formatBytes, isShownImage } from '@/lib/api/attachments';

/** Images attached to the draft, as thumbnails each with a remove button; and what went wrong attaching one. */
export function ComposerImageTray({ attachments }: { attachments: ImageAttachments }) {
  const { images, problem } = attachments;
  if (images.length === 0 && !problem) return null;
  return (
    <div className="px-3 pt-2.5">
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Attached images" data-testid="composer-images">
          {images.map((image) => (
            <ImageChip key={image.key} image={image} onRemove={() => attachments.remove(image.key)} />
          ))}
        </ul>
      )}
      {problem && (
        <p role="alert" className="mt-1.5 text-xs text-destructive" data-testid="image-problem">
          {problem}
        </p>
      )}
    </div>
  );
}

function ImageChip({ image, onRemove }: { image: PendingImage; onRemove: () => void }) {
  const name = image.part.filename ?? 'image';
  return (
    <li className="group/chip relative size-16 overflow-hidden rounded-lg border bg-muted" data-testid="composer-image" title={`${name} · ${formatBytes(image.bytes)}`}>
      {/* Checked data URL of a PNG, JPEG, GIF or WebP only (never SVG or a link): an <img> of it runs nothing. */}
      {/* eslint-disable-next-line @next/next/no-img-element -- a checked data URL: nothing for next/image to optimise or fetch */}
      {isShownImage(image.part) && <img src={image.part.url} alt={name} className="size-full object-cover" />}
      <button
        type="button"
        className="absolute top-0.5 right-0.5 rounded-full bg-background/90 p-0.5 text-muted-foreground shadow-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        aria-label={`Remove ${name}`}
        data-testid="remove-image"
        onClick={onRemove}
      >
        <XIcon className="size-3" />
      </button>
    </li>
  );
}

/** The paperclip of images: opens the file picker (PNG, JPEG, GIF, WebP; several at once). Paste and drop work on the composer too. */
export function AttachImageButton({ attachments, disabledReason }: { attachments: ImageAttachments; disabledReason?: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <WithTooltip label={disabledReason ?? 'Attach images (or paste or drop them)'}>
        <span className="inline-flex rounded-md">
          <Button
            type="button"
            size="icon-sm"
            variant="ghost"
            className="text-muted-foreground"
            aria-label="Attach images"
            data-testid="attach-image"
            aria-disabled={disabledReason ? true : undefined}
            onClick={() => {
              // Pressed for a model without images: say why instead of opening a picker whose files would be refused.
              if (disabledReason) attachments.explainRefusal();
              else input.current?.click();
            }}
          >
            <ImagePlusIcon />
          </Button>
        </span>
      </WithTooltip>
      <input
        ref={input}
        type="file"
        accept={attachments.accept}
        multiple
        hidden
        data-testid="image-file-input"
        onChange={(event) => {
          void attachments.add(imageFiles(event.target.files));
          event.target.value = '';
        }}
      />
    </>
  );
}

/** Paste and drop of image files anywhere inside attach them; pasted text is left to the textarea. */
export function ImageDropZone({ attachments, children }: { attachments: ImageAttachments; children: React.ReactNode }) {
  return (
    <div
      onPaste={(event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (files.length === 0) return;
        event.preventDefault();
        void attachments.add(files);
      }}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) event.preventDefault();
      }}
      onDrop={(event) => {
        const files = imageFiles(event.dataTransfer.files);
        if (files.length === 0) return;
        event.preventDefault();
        void attachments.add(files);
      }}
      data-testid="composer-drop-zone"
    >
      {children}
    </div>
  );
}
