'use client';

import { useState } from 'react';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { isShownImage, type ImageFilePart } from '@/lib/api/image-parts';
import { cn } from '@/lib/utils';

/** The images a message carries, as stored (file parts the server checked). */
function messageImages(message: Pick<AgentUIMessage, 'parts'>): ImageFilePart[] {
  return message.parts.flatMap((part) => (part.type === 'file' && isShownImage(part) ? [{ type: 'file' as const, mediaType: part.mediaType, url: part.url, filename: part.filename }] : []));
}

/**
 * The images of a sent message, above its bubble: thumbnails that open to
 * full width on click. Only a data URL of a PNG, JPEG, GIF or WebP whose bytes
 * say so is drawn (isShownImage), and only in an <img>: nothing in it can run.
 */
export function MessageImages({ message }: { message: Pick<AgentUIMessage, 'parts'> }) {
  const images = messageImages(message);
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) return null;
  return (
    <ul className="flex max-w-[85%] flex-wrap justify-end gap-2" aria-label="Attached images" data-testid="message-images">
      {images.map((image, index) => {
        const name = image.filename ?? `Image ${index + 1}`;
        const expanded = open === index;
        return (
          <li key={index}>
            <button
              type="button"
              className="block overflow-hidden rounded-xl border bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              aria-label={expanded ? `Shrink ${name}` : `Enlarge ${name}`}
              aria-expanded={expanded}
              onClick={() => setOpen(expanded ? null : index)}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- a checked data URL: nothing for next/image to optimise or fetch */}
              <img src={image.url} alt={name} className={cn('object-contain', expanded ? 'max-h-[70vh] max-w-full' : 'size-28 object-cover')} data-testid="message-image" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
