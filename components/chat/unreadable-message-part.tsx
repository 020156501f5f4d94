import { MessageSquareWarningIcon } from 'lucide-react';
import type { UnreadableMessageNotice } from '@/lib/agent/messages';

/**
 * Stands in for a stored message that failed validation when the session was
 * loaded (lib/server/stored-messages.ts): the rest of the conversation shows
 * as usual, and this says which message is missing and, in small print, why.
 */
export function UnreadableMessagePart({ notice }: { notice: UnreadableMessageNotice }) {
  return (
    <div className="flex items-start gap-2 rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground" data-testid="unreadable-message" role="note">
      <MessageSquareWarningIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0">
        <p className="text-foreground/80">This message could not be loaded</p>
        {notice.reason ? <p className="mt-0.5 text-xs break-words">{notice.reason}</p> : null}
      </div>
    </div>
  );
}
