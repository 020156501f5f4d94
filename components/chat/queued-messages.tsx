'use client';

import { ListOrderedIcon, SendIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { QueuedMessageItem } from '@/components/chat/queued-message-item';
import type { QueuedMessage } from '@/lib/api-types';

/**
 * The messages waiting for the agent, under the transcript: sent in this
 * order when the run ends. A held queue (the last run was stopped, failed or
 * waits for an approval) says why and offers "Send now".
 */
export function QueuedMessages({
  items,
  holdReason,
  onEdit,
  onCancel,
  onSendNow,
}: {
  items: readonly QueuedMessage[];
  /** Set when nothing runs and the queue waits for the user. */
  holdReason?: string;
  onEdit: (id: string, text: string) => Promise<boolean>;
  onCancel: (id: string) => void;
  onSendNow: () => void;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-label="Queued messages" data-testid="queued-messages" data-held={holdReason ? 'true' : undefined} className="mb-2 rounded-xl border border-dashed bg-muted/30 px-2.5 py-2">
      <header className="mb-1.5 flex items-center gap-2 px-0.5">
        <ListOrderedIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
        <p className="min-w-0 flex-1 text-xs text-muted-foreground" data-testid="queued-label">
          <span className="font-medium text-foreground">Queued</span> — {holdReason ?? 'sent when the agent finishes'}
        </p>
        {holdReason && (
          <Button size="xs" variant="outline" data-testid="queue-send-now" onClick={onSendNow}>
            <SendIcon /> Send now
          </Button>
        )}
      </header>
      <ol className="flex max-h-[40vh] flex-col gap-1 overflow-y-auto">
        {items.map((item, index) => (
          <QueuedMessageItem key={item.id} item={item} position={index + 1} onEdit={(text) => onEdit(item.id, text)} onCancel={() => onCancel(item.id)} />
        ))}
      </ol>
    </section>
  );
}
