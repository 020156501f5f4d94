'use client';

import { useRef } from 'react';
import { ImagePlusIcon } from 'lucide-react';
import type { ImageAttachments } from '@/components/chat/hooks/use-image-attachments';
import { imageFiles } from '@/components/chat/hooks/use-image-attachments';
import { Button } from '@/components/ui/button';
import { lazyPart } from '@/components/ui/lazy-part';
import { WithTooltip } from '@/components/ui/tooltip';

/** The tray, drawn only once an image is attached (or refused): a chunk of its own. */
const ImageTray = lazyPart(() => import('@/components/chat/composer-image-tray').then((module) => module.ImageTray));

/** Images attached to the draft, as thumbnails each with a remove button; and what went wrong attaching one. */
export function ComposerImageTray({ attachments }: { attachments: ImageAttachments }) {
  if (attachments.images.length === 0 && !attachments.problem) return null;
  return <ImageTray attachments={attachments} />;
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
