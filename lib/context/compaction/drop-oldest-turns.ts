import type { AgentUIMessage } from '@/lib/agent/messages';
import { messagePreview, splitTurns } from '../turns';
import type { DroppedItem } from '../types';

/**
 * Tier 3, the backstop: whole turns, oldest first, leave the model's view
 * until it fits. Pinned messages and the last turn (the request being
 * answered) are never dropped. The divider lists every dropped message.
 */

/** The turns that may be dropped, oldest first, each as the messages that would go. */
export function droppableTurns(
  history: readonly AgentUIMessage[],
  options: { pinned: ReadonlySet<string>; hidden: ReadonlySet<string> },
): DroppedItem[][] {
  const turns = splitTurns(history).slice(0, -1);
  return turns
    .map((turn) =>
      history
        .slice(turn.start, turn.end)
        .filter((m) => !options.pinned.has(m.id) && !options.hidden.has(m.id))
        .map((m) => ({ messageId: m.id, role: m.role, preview: messagePreview(m) })),
    )
    .filter((items) => items.length > 0);
}
