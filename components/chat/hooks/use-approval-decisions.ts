'use client';

import { useMemo } from 'react';
import type { ChatStatus } from 'ai';
import type { ApprovalActions, ApprovalAnswerInput } from '@/components/agent/approval-context';
import { withoutRunEnd } from '@/lib/agent/approvals';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { checkEditedArguments, pendingApprovalIds, type ApprovalExtras } from '@/lib/client/approvals';

/**
 * The approval prompts' actions. Each answer goes to the SDK
 * (addToolApprovalResponse), which continues the run once every request of the
 * message is answered; edited arguments and "always allow" wait in
 * `approvalExtras` until the transport sends the decisions.
 */
export function useApprovalDecisions(input: {
  /** For the check of edited arguments before they are sent. */
  sessionId?: string;
  /** Shared with the transport (useChatTransport), which reads it when the continuation is sent. */
  approvalExtras: ApprovalExtras;
  messages: AgentUIMessage[];
  status: ChatStatus;
  setMessages: (update: (list: AgentUIMessage[]) => AgentUIMessage[]) => void;
  addToolApprovalResponse: (response: { id: string; approved: boolean; reason?: string }) => unknown;
  /** After an answer: the run goes on; `granted` when the answer also granted the tool for the session. */
  onAnswered: (granted: boolean) => void;
}): ApprovalActions {
  const { sessionId, approvalExtras, messages, status, setMessages, addToolApprovalResponse, onAnswered } = input;
  // Kept by content: a streaming token must not make every approval prompt render again.
  const pendingKey = pendingApprovalIds(messages).join('\n');
  const pendingIds = useMemo(() => (pendingKey ? pendingKey.split('\n') : []), [pendingKey]);
  // Only when nothing streams: answering mid-stream would send the continuation twice.
  const canAnswer = status === 'ready' || status === 'error';

  return useMemo((): ApprovalActions => {
    const answer = (approvalId: string, answerInput: ApprovalAnswerInput) => {
      if (!canAnswer || !pendingIds.includes(approvalId)) return;
      approvalExtras.set(approvalId, { editedInput: answerInput.editedInput, alwaysAllow: answerInput.alwaysAllow });
      // The run continues in this message: its "waiting for your approval" end goes away.
      setMessages((list) => (list.at(-1)?.role === 'assistant' ? [...list.slice(0, -1), withoutRunEnd(list.at(-1)!)] : list));
      onAnswered(Boolean(answerInput.alwaysAllow));
      void addToolApprovalResponse({ id: approvalId, approved: answerInput.approved, reason: answerInput.reason });
    };
    return {
      canAnswer,
      pendingIds,
      answer,
      ...(sessionId ? { checkEditedInput: (approvalId: string, editedInput: unknown) => checkEditedArguments(sessionId, approvalId, editedInput) } : {}),
      approveAll: () => {
        for (const id of pendingIds) answer(id, { approved: true });
      },
    };
  }, [sessionId, canAnswer, pendingIds, approvalExtras, setMessages, addToolApprovalResponse, onAnswered]);
}
