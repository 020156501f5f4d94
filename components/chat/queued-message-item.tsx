'use client';

import { useState } from 'react';
import { CheckIcon, ImageIcon, PencilIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { QueuedMessage } from '@/lib/api-types';

/** One queued message: its text, edited in place, or cancelled. */
export function QueuedMessageItem({
  item,
  position,
  onEdit,
  onCancel,
}: {
  item: QueuedMessage;
  /** 1-based place in the queue. */
  position: number;
  onEdit: (text: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = draft !== null;

  async function save() {
    if (draft === null || !draft.trim() || saving) return;
    if (draft === item.text) return setDraft(null);
    setSaving(true);
    const saved = await onEdit(draft);
    setSaving(false);
    if (saved) setDraft(null);
  }

  return (
    <li className="flex items-start gap-2 rounded-lg border bg-background/60 px-2.5 py-1.5 text-sm" data-testid="queued-message" data-queued-id={item.id}>
      <span className="mt-0.5 w-4 shrink-0 text-right text-xs text-muted-foreground tabular-nums" aria-hidden>
        {position}
      </span>
      {editing ? (
        <textarea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setDraft(null);
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void save();
            }
          }}
          aria-label={`Edit queued message ${position}`}
          rows={Math.min(6, Math.max(1, draft.split('\n').length))}
          autoFocus
          data-testid="queued-edit-input"
          className="min-w-0 flex-1 resize-none rounded-md border bg-background px-2 py-1 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/30"
        />
      ) : (
        <div className="min-w-0 flex-1">
          {item.text && (
            <p className="break-words whitespace-pre-wrap" data-testid="queued-text">
              {item.text}
            </p>
          )}
          <QueuedImages images={item.images} />
        </div>
      )}
      <div className="flex shrink-0 items-center gap-0.5">
        {editing ? (
          <>
            <Button size="icon-xs" variant="ghost" aria-label="Save the edit" title="Save (Enter)" data-testid="queued-save" disabled={saving || !draft.trim()} onClick={() => void save()}>
              <CheckIcon />
            </Button>
            <Button size="icon-xs" variant="ghost" aria-label="Discard the edit" title="Discard (Esc)" data-testid="queued-discard" onClick={() => setDraft(null)}>
              <XIcon />
            </Button>
          </>
        ) : (
          <>
            <Button size="icon-xs" variant="ghost" aria-label={`Edit queued message ${position}`} title="Edit" data-testid="queued-edit" onClick={() => setDraft(item.text)}>
              <PencilIcon />
            </Button>
            <Button size="icon-xs" variant="ghost" aria-label={`Cancel queued message ${position}`} title="Cancel: never send it" data-testid="queued-cancel" onClick={onCancel}>
              <XIcon />
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/** The images waiting with the message (kept on the server, sent with it): how many, and their names on hover. */
function QueuedImages({ images }: { images: QueuedMessage['images'] }) {
  if (!images?.length) return null;
  const label = images.length === 1 ? '1 image' : `${images.length} images`;
  return (
    <p
      className="flex items-center gap-1 text-xs text-muted-foreground"
      title={images.map((image, index) => image.filename ?? `Image ${index + 1}`).join(', ')}
      data-testid="queued-images"
    >
      <ImageIcon className="size-3.5" aria-hidden />
      {label}
    </p>
  );
}
