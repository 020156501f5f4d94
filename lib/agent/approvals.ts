import { getToolOrDynamicToolName, isToolUIPart } from 'ai';
import type { AgentUIMessage, AgentUIMessagePart } from './messages';
import type { ApprovalAnswer } from './types';
import type { ModelToolCall } from './model-call';

/**
 * Approval bookkeeping around the stored UI messages: finding the calls a
 * continuation must resolve, writing their outcome into the history, and
 * giving the model a clean view (results only, no approval metadata).
 */

type ToolPart = Extract<AgentUIMessagePart, { toolCallId: string }>;

export interface AnsweredCall {
  answer: ApprovalAnswer;
  call: ModelToolCall;
}

/** The answered calls of the last assistant message, in the order the model made them. */
export function answeredCalls(messages: readonly AgentUIMessage[], answers: readonly ApprovalAnswer[]): AnsweredCall[] {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return [];
  const byCall = new Map(answers.map((answer) => [answer.toolCallId, answer]));
  const calls: AnsweredCall[] = [];
  for (const part of last.parts) {
    if (!isToolUIPart(part)) continue;
    const answer = byCall.get(part.toolCallId);
    if (!answer || (part.state !== 'approval-requested' && part.state !== 'approval-responded')) continue;
    const input = answer.approved && answer.editedInput !== undefined ? answer.editedInput : part.input;
    calls.push({ answer, call: { toolCallId: part.toolCallId, toolName: getToolOrDynamicToolName(part), input } });
  }
  return calls;
}

export type ResolvedCall =
  | { toolCallId: string; approvalId: string; state: 'output-available'; input: unknown; output: unknown }
  | { toolCallId: string; approvalId: string; state: 'output-error'; input: unknown; errorText: string }
  | { toolCallId: string; approvalId: string; state: 'output-denied'; reason?: string };

/** The history with the answered calls in their final state, as the stream leaves them in the stored message. */
export function withResolvedCalls(messages: readonly AgentUIMessage[], resolved: readonly ResolvedCall[]): AgentUIMessage[] {
  const last = messages.at(-1);
  if (last?.role !== 'assistant' || resolved.length === 0) return [...messages];
  const byCall = new Map(resolved.map((r) => [r.toolCallId, r]));
  const parts = last.parts.map((part): AgentUIMessagePart => {
    if (!isToolUIPart(part)) return part;
    const r = byCall.get(part.toolCallId);
    if (!r) return part;
    const base = { ...part, approval: undefined } as Record<string, unknown>;
    if (r.state === 'output-denied') {
      return { ...base, state: 'output-denied', approval: { id: r.approvalId, approved: false, ...(r.reason ? { reason: r.reason } : {}) } } as AgentUIMessagePart;
    }
    if (r.state === 'output-error') return { ...base, state: 'output-error', input: r.input, errorText: r.errorText } as AgentUIMessagePart;
    return { ...base, state: 'output-available', input: r.input, output: r.output } as AgentUIMessagePart;
  });
  return [...messages.slice(0, -1), { ...last, parts }];
}

/** What the model reads for a call the user denied. */
function deniedResultText(reason: string | undefined): string {
  return `The user denied this tool call${reason ? ` (reason: ${reason})` : ''}. Do not retry it; adjust the plan or ask the user.`;
}

/**
 * The model's view of stored messages: approval metadata removed, unanswered
 * calls left out (they have no result yet), and denied calls turned into a
 * result that carries the user's reason.
 */
export function withoutApprovalBookkeeping(messages: readonly AgentUIMessage[]): AgentUIMessage[] {
  return messages.map((message) => {
    if (message.role !== 'assistant' || !message.parts.some((part) => isToolUIPart(part) && part.approval)) return message;
    const parts: AgentUIMessagePart[] = [];
    for (const part of message.parts) {
      if (!isToolUIPart(part) || !part.approval) {
        parts.push(part);
        continue;
      }
      if (part.state === 'approval-requested' || part.state === 'approval-responded') continue;
      const { approval, ...rest } = part as ToolPart & { approval: { reason?: string } };
      if (part.state === 'output-denied') {
        parts.push({ ...rest, state: 'output-error', errorText: deniedResultText(approval.reason) } as AgentUIMessagePart);
      } else {
        parts.push(rest as AgentUIMessagePart);
      }
    }
    return { ...message, parts };
  });
}

/**
 * The continued message with the edited arguments in place of the model's,
 * for the calls the user approved with edits: the stored tool part then holds
 * the arguments that ran, and the model's history carries them in every later
 * request. The originals stay in a `data-tool-edit` part (written by the loop).
 */
export function withEditedInputs(message: AgentUIMessage, answers: readonly ApprovalAnswer[]): AgentUIMessage {
  const edited = new Map(answers.filter((a) => a.approved && a.editedInput !== undefined).map((a) => [a.toolCallId, a.editedInput]));
  if (edited.size === 0) return message;
  const parts = message.parts.map((part): AgentUIMessagePart => {
    if (!isToolUIPart(part) || !edited.has(part.toolCallId)) return part;
    return { ...part, input: edited.get(part.toolCallId) } as AgentUIMessagePart;
  });
  return { ...message, parts };
}

/** The continued message without the previous run's end marker: the continuation writes its own at the end. */
export function withoutRunEnd(message: AgentUIMessage): AgentUIMessage {
  const { runEnd: _runEnd, ...metadata } = message.metadata ?? {};
  return { ...message, metadata, parts: message.parts.filter((part) => part.type !== 'data-run-end') };
}
