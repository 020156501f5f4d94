import type { AgentUIMessage, UnreadableMessageNotice } from './messages';

/**
 * A stored message that failed validation on load is shown as this stand-in:
 * the same id and role, and one `data-unreadable-message` part saying why
 * (lib/server/stored-messages.ts builds it). The stand-in is never saved, so
 * the row keeps what it had, and never reaches the model.
 */

export function unreadableMessage(id: string, role: AgentUIMessage['role'], reason: string): AgentUIMessage {
  return { id, role, parts: [{ type: 'data-unreadable-message', data: { reason } }] };
}

/** The notice when the message is such a stand-in. */
export function unreadableNotice(message: Pick<AgentUIMessage, 'parts'>): UnreadableMessageNotice | undefined {
  for (const part of message.parts) if (part.type === 'data-unreadable-message') return part.data;
  return undefined;
}

/**
 * The history without stand-ins: the model cannot be told what an unreadable
 * message said, and a user message with no content left would be refused by
 * providers (convertToModelMessages keeps it, with empty content).
 */
export function withoutUnreadableMessages(messages: AgentUIMessage[]): AgentUIMessage[] {
  return messages.filter((message) => !unreadableNotice(message));
}
