import type { AgentUIMessage } from '@/lib/agent/messages';

/**
 * A turn is a user message and the replies that follow it, up to the next
 * user message. Compaction works on whole UI messages, so a tool call and its
 * result (which live in the same assistant message) are never split.
 */
export interface Turn {
  /** Index of the turn's first message in the history. */
  start: number;
  /** Index after its last message. */
  end: number;
}

export function splitTurns(messages: readonly AgentUIMessage[]): Turn[] {
  const turns: Turn[] = [];
  messages.forEach((message, index) => {
    if (index === 0 || message.role === 'user') {
      if (turns.length) turns.at(-1)!.end = index;
      turns.push({ start: index, end: messages.length });
    }
  });
  return turns;
}

/** Index of the first message of the last `keep` turns: everything from there on is never compacted. */
export function recentStart(messages: readonly AgentUIMessage[], keep: number): number {
  const turns = splitTurns(messages);
  if (turns.length <= keep) return turns[0]?.start ?? 0;
  return turns[turns.length - Math.max(1, keep)].start;
}

/** The first words of a message, for lists and notices. */
export function messagePreview(message: AgentUIMessage, max = 80): string {
  const text = message.parts
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text) return text.length > max ? `${text.slice(0, max - 1)}…` : text;
  const tools = message.parts.filter((part) => part.type.startsWith('tool-') || part.type === 'dynamic-tool').length;
  return tools ? `${tools} tool call${tools === 1 ? '' : 's'}` : '(empty message)';
}
