import { isToolUIPart } from 'ai';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { ApprovalsRequestBody } from '@/lib/api-types';
import { request } from './api';

/** What useChat's approval response cannot carry: edited arguments and "always allow", by approval id. */
export type ApprovalExtras = Map<string, { editedInput?: unknown; alwaysAllow?: boolean }>;

/** Approval ids still waiting in the last assistant message (older ones can no longer be answered). */
export function pendingApprovalIds(messages: readonly AgentUIMessage[]): string[] {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return [];
  return last.parts.flatMap((part) => (isToolUIPart(part) && part.state === 'approval-requested' ? [part.approval.id] : []));
}

/** The continuation request: the user's decisions only, never the message itself. */
export function approvalsRequestBody(sessionId: string, last: AgentUIMessage, extras: ApprovalExtras): ApprovalsRequestBody {
  const approvals = last.parts.flatMap((part) => {
    if (!isToolUIPart(part) || part.state !== 'approval-responded' || part.approval.approved === undefined) return [];
    const extra = extras.get(part.approval.id) ?? {};
    return [
      {
        approvalId: part.approval.id,
        approved: part.approval.approved,
        signature: part.approval.signature ?? '',
        ...(part.approval.reason ? { reason: part.approval.reason } : {}),
        ...(part.approval.approved && extra.editedInput !== undefined ? { editedInput: extra.editedInput } : {}),
        ...(part.approval.approved && extra.alwaysAllow ? { alwaysAllow: true } : {}),
      },
    ];
  });
  return { sessionId, approvals };
}

/**
 * Asks the server whether edited arguments fit the tool's schema, before they
 * are sent with the answer: null when they do, else what is wrong (the
 * server's message, e.g. "Invalid arguments for x__y: /a must be number").
 */
export async function checkEditedArguments(sessionId: string, approvalId: string, editedInput: unknown): Promise<string | null> {
  try {
    await request(`/api/sessions/${encodeURIComponent(sessionId)}/approvals/${encodeURIComponent(approvalId)}/check`, { method: 'POST', json: { editedInput } });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
