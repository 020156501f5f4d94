import { isToolUIPart } from 'ai';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { ApprovalsRequestBody } from '@/lib/api-types';

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
