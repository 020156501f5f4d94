'use client';

import { lazyPart } from '@/components/ui/lazy-part';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { messagePreview } from '@/lib/context/turns';
import { useCompactions } from './session-context';

/** The divider's code (summary markdown, undo) is its own chunk: only sessions with a compaction fetch it. */
const CompactionDivider = lazyPart(() => import('./compaction-divider').then((module) => module.CompactionDivider));

/**
 * The dividers that belong after a message (compactions made when it was the newest).
 * `findMessage` looks a message up when a divider is drawn: a stable function, so streamed tokens render no divider again.
 */
export function CompactionDividers({ afterMessageId, findMessage }: { afterMessageId: string; findMessage: (messageId: string) => AgentUIMessage | undefined }) {
  const entries = useCompactions().filter((c) => c.record.afterMessageId === afterMessageId);
  if (!entries.length) return null;
  const describe = (messageId: string) => {
    const message = findMessage(messageId);
    // In a long session the message may be on a page not loaded yet.
    return message ? `${message.role}: ${messagePreview(message)}` : 'an earlier message (not loaded, or no longer in this transcript)';
  };
  return (
    <>
      {entries.map((entry) => (
        <CompactionDivider key={entry.id} entry={entry} describe={describe} />
      ))}
    </>
  );
}
