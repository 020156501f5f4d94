'use client';

import { Transcript } from '@/components/chat/transcript';
import { CompactionDivider } from '@/components/context/compaction-divider';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { CompactionEntry } from '@/lib/api-types';
import { messagePreview } from '@/lib/context/turns';

/**
 * A shared session's conversation, read-only: the app's own transcript with
 * no session around it, so nothing can be answered, pinned, retried or undone.
 */
export function SharedTranscript({ messages, compactions }: { messages: AgentUIMessage[]; compactions: CompactionEntry[] }) {
  const describe = (messageId: string) => {
    const message = messages.find((m) => m.id === messageId);
    return message ? `${message.role}: ${messagePreview(message)}` : 'a message no longer in this transcript';
  };
  return (
    <Transcript
      messages={messages}
      status="ready"
      afterMessage={(message) =>
        compactions
          .filter((entry) => entry.record.afterMessageId === message.id)
          .map((entry) => <CompactionDivider key={entry.id} entry={entry} describe={describe} />)
      }
      empty={<p className="text-sm text-muted-foreground">This session has no messages.</p>}
    />
  );
}
