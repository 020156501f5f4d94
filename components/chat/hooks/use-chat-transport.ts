'use client';

import { useMemo } from 'react';
import { DefaultChatTransport, type ChatRequestOptions } from 'ai';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { ChatRequestBody, RegenerateRequestBody } from '@/lib/api-types';
import { approvalsRequestBody, type ApprovalExtras } from '@/lib/client/approvals';
import { outgoingMessage } from '@/lib/client/mcp-catalog';

/**
 * How this tab talks to POST /api/chat. The client sends only the new message
 * (the server rebuilds history from the database; an edit names the message it
 * follows), the user message to answer again (regenerate), or, when answering
 * approval requests, only the decisions. The model key comes with each send
 * (request-level body), so it is never stale.
 */
export function useChatTransport(approvalExtras: ApprovalExtras): DefaultChatTransport<AgentUIMessage> {
  return useMemo(
    () =>
      new DefaultChatTransport<AgentUIMessage>({
        api: '/api/chat',
        prepareSendMessagesRequest: ({ id, messages, body: options, trigger }) => {
          const last = messages.at(-1);
          const modelKey = typeof options?.modelKey === 'string' ? options.modelKey : undefined;
          // Regenerate: a new answer to the last user message, which the server already has (never sent twice).
          if (trigger === 'regenerate-message' && last?.role === 'user') {
            const body: RegenerateRequestBody = { sessionId: id, regenerate: { userMessageId: last.id }, modelKey };
            return { body };
          }
          if (last?.role === 'assistant') return { body: approvalsRequestBody(id, last, approvalExtras) };
          const parentId = typeof options?.parentId === 'string' || options?.parentId === null ? options.parentId : undefined;
          // Attached resources go by server and URI only: the server reads their content.
          const body: ChatRequestBody = { sessionId: id, ...outgoingMessage(last!), modelKey, ...(parentId !== undefined ? { parentId } : {}) };
          return { body };
        },
        prepareReconnectToStreamRequest: ({ id, requestMetadata }) => {
          const run = reattachRunOf(requestMetadata);
          return { api: `/api/chat/${encodeURIComponent(id)}/stream${run ? `?run=${encodeURIComponent(run)}` : ''}` };
        },
        // The reattach replays the run's log onto the transcript the server prepared for it
        // (without a new turn's message, with a continuation's base: transcriptForReattach),
        // so the replay continues that transcript instead of starting the message from nothing.
        resumeStreamIsReplay: false,
      }),
    [approvalExtras],
  );
}

/**
 * resumeStream's options to replay one run: the one a transcript the server answered was
 * prepared for (SessionSummary.runId). Without it the stream endpoint follows whatever runs
 * now, and answers 204 for a run that ended between reading the transcript and reattaching.
 */
export function reattachOptions(runId: string | undefined): ChatRequestOptions {
  return runId ? { metadata: { reattachRun: runId } } : {};
}

function reattachRunOf(metadata: unknown): string | undefined {
  return metadata && typeof metadata === 'object' && 'reattachRun' in metadata && typeof metadata.reattachRun === 'string' ? metadata.reattachRun : undefined;
}
