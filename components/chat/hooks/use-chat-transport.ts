'use client';

import { useMemo } from 'react';
import { DefaultChatTransport } from 'ai';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { ChatRequestBody } from '@/lib/api-types';
import { approvalsRequestBody, type ApprovalExtras } from '@/lib/client/approvals';

/**
 * How this tab talks to POST /api/chat. The client sends only the new message
 * (the server rebuilds history from the database) or, when answering approval
 * requests, only the decisions. The model key comes with each send
 * (request-level body), so it is never stale.
 */
export function useChatTransport(approvalExtras: ApprovalExtras): DefaultChatTransport<AgentUIMessage> {
  return useMemo(
    () =>
      new DefaultChatTransport<AgentUIMessage>({
        api: '/api/chat',
        prepareSendMessagesRequest: ({ id, messages, body: options }) => {
          const last = messages.at(-1);
          if (last?.role === 'assistant') return { body: approvalsRequestBody(id, last, approvalExtras) };
          const modelKey = typeof options?.modelKey === 'string' ? options.modelKey : undefined;
          const body: ChatRequestBody = { sessionId: id, message: messages.at(-1)!, modelKey };
          return { body };
        },
        prepareReconnectToStreamRequest: ({ id }) => ({ api: `/api/chat/${encodeURIComponent(id)}/stream` }),
        // The reattach replays the run's log onto the transcript the server prepared for it
        // (without a new turn's message, with a continuation's base: transcriptForReattach),
        // so the replay continues that transcript instead of starting the message from nothing.
        resumeStreamIsReplay: false,
      }),
    [approvalExtras],
  );
}
