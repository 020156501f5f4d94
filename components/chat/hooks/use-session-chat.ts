'use client';

import { useEffect, useRef, useState } from 'react';
import { lastAssistantMessageIsCompleteWithApprovalResponses, type ChatStatus } from 'ai';
import { toast } from '@/lib/client/toast';
import { reattachOptions, useChatTransport } from '@/components/chat/hooks/use-chat-transport';
import type { Draft } from '@/components/chat/hooks/use-draft';
import { useSessionActions } from '@/components/sessions/sessions-provider';
import type { AgentUIMessage, ContextNotice } from '@/lib/agent/messages';
import type { SessionSummary } from '@/lib/api-types';
import { isRejection, readError, rejectionTitle } from '@/lib/client/api-error';
import type { ApprovalExtras } from '@/lib/client/approvals';
import { useChat } from '@/lib/client/use-chat';
import { whenIdle } from '@/lib/client/when-idle';

/** Renders at most every 8 ms: tokens arriving further apart (a model at 50 tok/s sends one every 20 ms) render at once, a burst is drawn in one go. npm run bench measured token-to-DOM p95 37.7 ms with 20 ms (every other token waited for the trailing edge), 14.7 ms with 8 ms. */
const STREAM_RENDER_THROTTLE_MS = 8;

/**
 * The session's live transcript: useChat over this app's transport. A message
 * the server refused goes back to the composer with a toast; a run's budget
 * check is `liveContext` (the meter draws it as it is), a compaction bumps
 * `contextVersion` (the report is read again); the sidebar's running dot
 * follows the server.
 */
export function useSessionChat(input: {
  session: SessionSummary;
  initialMessages: AgentUIMessage[];
  approvalExtras: ApprovalExtras;
  draft: Draft;
  /** The stream of a turn ended (finished, stopped or failed). useChat always calls the latest one. */
  onFinished: () => void;
}) {
  const { session, draft } = input;
  const { patch, refresh } = useSessionActions();
  const [contextVersion, setContextVersion] = useState(0);
  const [liveContext, setLiveContext] = useState<ContextNotice | null>(null);
  const transport = useChatTransport(input.approvalExtras);

  const chat = useChat<AgentUIMessage>({
    id: session.id,
    messages: input.initialMessages,
    resume: session.running,
    // The run the page's transcript was prepared for: replayed even if it ended before this tab reattached.
    resumeOptions: reattachOptions(session.runId),
    transport,
    // At most one render per frame or so while tokens stream: a fast model no longer renders the view per token.
    throttle: STREAM_RENDER_THROTTLE_MS,
    // Continue once every approval request of the message has an answer.
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    onError: (failure) => {
      const readable = readError(failure);
      void refresh(); // the sidebar's running dot follows the server, not our optimistic guess
      if (!isRejection(readable)) return;
      // Not sent: take the message out of the transcript and give it back to the composer.
      chat.setMessages((list) => (list.at(-1)?.role === 'user' ? list.slice(0, -1) : list));
      draft.restore();
      toast.error(rejectionTitle(readable), { description: readable.message });
      if (readable.status === 409) patch(session.id, { running: true });
    },
    // The run measured its context (the meter shows it: reading the whole report at every step cost the server
    // 20-60 ms in front of the step's first tokens) or compacted it (the dividers follow: the report is read again).
    onData: (part) => {
      if (part.type === 'data-context') setLiveContext(part.data);
      if (part.type === 'data-compaction') setContextVersion((version) => version + 1);
    },
    onFinish: () => input.onFinished(),
  });

  // Read at call time by senders and pollers that run outside a render.
  const statusRef = useRef<ChatStatus>(chat.status);
  const untitledRef = useRef(Boolean(session.untitled));
  // The naming function's chunk, fetched while the page is idle: loaded as the first run starts, its script ran in
  // front of that run's first tokens (~12 ms in a profile of the bench's token → DOM run).
  useEffect(() => {
    if (untitledRef.current) return whenIdle(() => void import('@/lib/agent/titles').catch(() => {}), { timeoutMs: 2000, fallbackMs: 200 });
  }, []);
  useEffect(() => {
    statusRef.current = chat.status;
    if (chat.status !== 'streaming') return;
    // The list learns of the run here without reading it (a read cost the server 10-50 ms as the first tokens
    // streamed in; it is read again when the run ends). An untitled session is named by the server as its first run
    // starts, from its first message, with the function used here (loaded then: it is not in the page's first load).
    const named = untitledRef.current ? chat.messages.findLast((message) => message.role === 'user') : undefined;
    untitledRef.current = false;
    patch(session.id, { running: true, updatedAt: Date.now() });
    if (named) void import('@/lib/agent/titles').then(({ titleFromMessage }) => patch(session.id, { title: titleFromMessage(named), untitled: undefined }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a change of status only: the messages are read as they are then
  }, [chat.status, patch, session.id]);

  const busy = chat.status === 'submitted' || chat.status === 'streaming';
  return { ...chat, busy, statusRef, contextVersion, liveContext };
}

export type SessionChat = ReturnType<typeof useSessionChat>;
