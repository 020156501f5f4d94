'use client';

import { XIcon } from 'lucide-react';
import type { ImageAttachments, PendingImage } from '@/components/chat/hooks/use-image-attachments';
import { formatBytes, isShownImage } from '@/lib/api/image-parts';

/** Images attached to the draft, as thumbnails each with a remove button; and what went wrong attaching one. */
export function ImageTray({ attachments }: { attachments: ImageAttachments }) {
  const { images, problem } = attachments;
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
