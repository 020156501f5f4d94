import type { ModelMessage } from 'ai';
import { canonicalJson } from './canonical-json';

/** One earlier turn of the branch: the user message that ended its history, and its run's first request's messages. */
export interface TurnStart {
  userMessageId: string;
  messages: readonly ModelMessage[];
}

/**
 * Where an edited request can join the stored branch instead of starting a
 * line of its own: the latest turn whose first request's messages are, one for
 * one, the start of both the step's original request and the edited one (so
 * the stored messages up to that turn's user message are exactly what the
 * edited request begins with). The rest of the edited request is stored after
 * that user message. Null when no turn fits (the first message was edited, a
 * compaction summary replaced old messages, ...): the edited history is then a
 * new first-message line.
 */
export function rerunBranchPoint(original: readonly ModelMessage[], edited: readonly ModelMessage[], turns: readonly TurnStart[]): { parentId: string; shared: number } | null {
  const same = (a: ModelMessage, b: ModelMessage) => canonicalJson(a) === canonicalJson(b);
  let common = 0;
  while (common < original.length && common < edited.length && same(original[common], edited[common])) common++;
  let best: { parentId: string; shared: number } | null = null;
  for (const turn of turns) {
    const count = turn.messages.length;
    // A turn's first request ends with its user message; at least one edited message must be left to store.
    if (count === 0 || count > common || count >= edited.length || turn.messages[count - 1].role !== 'user') continue;
    if (!turn.messages.every((message, i) => same(message, original[i]))) continue;
    if (!best || count > best.shared) best = { parentId: turn.userMessageId, shared: count };
  }
  return best;
}
