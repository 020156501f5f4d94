'use client';

import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses, type ChatStatus } from 'ai';
import { toast } from 'sonner';
import type { StickToBottomContext } from 'use-stick-to-bottom';
import { ChatError } from '@/components/chat/chat-error';
import { ChatHeader } from '@/components/chat/chat-header';
import { CompactionDividers } from '@/components/context/compaction-divider';
import { ContextMeter } from '@/components/context/context-meter';
import { ContextNotice } from '@/components/context/context-notice';
import { SessionContextProvider, useSessionContextState } from '@/components/context/session-context';
import { Composer } from '@/components/chat/composer';
import { QueuedMessages } from '@/components/chat/queued-messages';
import { useFollowQueuedRun } from '@/components/chat/use-follow-queued-run';
import { useFollowRunsStartedElsewhere } from '@/components/chat/use-follow-runs-elsewhere';
import { useMessageQueue } from '@/components/chat/use-message-queue';
import { EmptySession } from '@/components/chat/empty-session';
import { Transcript } from '@/components/chat/transcript';
import { TodoChecklist } from '@/components/agent/todo-checklist';
import { CONTINUE_MESSAGE } from '@/components/agent/run-end-banner';
import { InspectorPanel } from '@/components/inspector/inspector-panel';
import { SessionSettingsSheet } from '@/components/settings/session-settings-sheet';
import { ApprovalActionsProvider, type ApprovalActions, type ApprovalAnswerInput } from '@/components/agent/approval-context';
import { GrantsSheet } from '@/components/agent/grants-sheet';
import { PermissionModeToggle } from '@/components/agent/permission-mode-toggle';
import { WorkspacePanel } from '@/components/workspace/workspace-panel';
import { useRenameSession } from '@/components/sessions/use-rename-session';
import { useSessions } from '@/components/sessions/sessions-provider';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { ChatRequestBody, SessionSummary } from '@/lib/api-types';
import { fetchSession, stopSessionRun, updateSession } from '@/lib/client/api';
import { readError, type ReadableError } from '@/lib/client/api-error';
import { messageText, sessionUsage } from '@/lib/client/message-usage';
import { peekPendingMessage, takePendingMessage } from '@/lib/client/pending-message';
import { approvalsRequestBody, pendingApprovalIds, type ApprovalExtras } from '@/lib/client/approvals';
import { withoutRunEnd } from '@/lib/agent/approvals';
import type { PermissionMode } from '@/lib/permissions/policy';
import { workspaceVersion } from '@/lib/client/workspace-version';
import { latestTodosFromMessages } from '@/lib/todos/todos';
import { parseSlashCommand } from '@/lib/client/slash-commands';
import { queueHoldReason } from '@/lib/client/queue-hold';
import type { ModelInfo } from '@/lib/models/types';

/**
 * Errors where the server refused the message before a run started: the
 * message goes back into the composer instead of staying in the transcript.
 */
/** Refused before anything was saved: the message goes back to the composer (503: restarting, or the database was busy). */
function isRejection(error: ReadableError): boolean {
  return (error.status === 409 && error.code !== 'duplicate_message') || error.status === 413 || error.status === 503;
}

function rejectionTitle(error: ReadableError): string {
  if (error.status === 409) return 'Not sent: the agent is still working';
  if (error.code === 'shutting_down') return 'Not sent: the server is restarting';
  if (error.code === 'db_busy') return 'Not sent: the database is busy';
  return 'Not sent';
}

/** One session: header, live transcript, composer and inspector, wired to useChat. */
export function ChatView({
  session,
  initialMessages,
  models,
}: {
  session: SessionSummary;
  initialMessages: AgentUIMessage[];
  models: ModelInfo[];
}) {
  const sessionId = session.id;
  const { sessions, patch, upsert, refresh } = useSessions();
  const rename = useRenameSession();
  const title = sessions.find((s) => s.id === sessionId)?.title ?? session.title;
  // The tab follows renames and the automatic title without a reload (same template as app/layout.tsx).
  useEffect(() => {
    document.title = `${title} · Agent Playground`;
  }, [title]);

  const [modelKey, setModelKey] = useState(session.modelKey);
  const [draft, setDraft] = useState('');
  const [stopping, setStopping] = useState(false);
  const [inspectorOpen, setInspectorOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [workspaceOpen, setWorkspaceOpen] = useState(false);
  const [runsVersion, setRunsVersion] = useState(0);
  const [permissionMode, setPermissionMode] = useState<PermissionMode>(session.permissionMode);
  const [grantsOpen, setGrantsOpen] = useState(false);
  // Edited arguments and "always allow" per approval id, read when the continuation is sent (a stable, mutable map).
  const [approvalExtras] = useState<ApprovalExtras>(() => new Map());

  const queue = useMessageQueue(sessionId);
  // Set below, once useChat exists: follows the run the server starts for the next queued message.
  const followQueueRef = useRef<(queuedIds: readonly string[]) => void>(() => {});
  const lastSentTextRef = useRef('');
  const contextRefreshRef = useRef<() => void>(() => {});
  const statusRef = useRef<ChatStatus>('ready');
  const stickRef = useRef<StickToBottomContext>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const composerRef = useRef<HTMLDivElement>(null);

  // The client sends only the new message; the server rebuilds history from the database.
  // The model key comes with each send (request-level body), so it is never stale.
  const transport = useMemo(
    () =>
      new DefaultChatTransport<AgentUIMessage>({
        api: '/api/chat',
        prepareSendMessagesRequest: ({ id, messages, body: options }) => {
          // Answering approval requests: only the decisions go to the server, which holds the calls.
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

  const { messages, status, error, sendMessage, stop, setMessages, clearError, resumeStream, addToolApprovalResponse } = useChat<AgentUIMessage>({
    id: sessionId,
    messages: initialMessages,
    resume: session.running,
    transport,
    // Continue once every approval request of the message has an answer.
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    onError: (failure) => {
      const readable = readError(failure);
      void refresh(); // the sidebar's running dot follows the server, not our optimistic guess
      if (!isRejection(readable)) return;
      // Not sent: take the message out of the transcript and give it back to the composer.
      setMessages((list) => (list.at(-1)?.role === 'user' ? list.slice(0, -1) : list));
      setDraft((current) => (current.trim() ? current : lastSentTextRef.current));
      toast.error(rejectionTitle(readable), { description: readable.message });
      if (readable.status === 409) patch(sessionId, { running: true });
    },
    // The run measured or compacted its context: the meter and the dividers follow.
    onData: (part) => {
      if (part.type === 'data-compaction' || part.type === 'data-context') contextRefreshRef.current();
    },
    onFinish: () => {
      setRunsVersion((version) => version + 1);
      patch(sessionId, { running: false });
      void refresh();
      // The server sends the next queued message when a run ends normally: follow it.
      const queued = queue.current();
      if (queued.length > 0) followQueueRef.current(queued.map((item) => item.id));
    },
  });

  const busy = status === 'submitted' || status === 'streaming';
  const { follow: followQueue, following: followingQueue } = useFollowQueuedRun({
    sessionId,
    status,
    messages,
    setMessages,
    resumeStream,
    onFollowed: (running) => {
      void queue.refresh();
      patch(sessionId, { running });
    },
  });
  const followingQueueRef = useRef(false);
  useEffect(() => {
    followQueueRef.current = followQueue;
    followingQueueRef.current = followingQueue;
  }, [followQueue, followingQueue]);
  useFollowRunsStartedElsewhere({
    sessionId,
    messages,
    isBusy: () => statusRef.current === 'submitted' || statusRef.current === 'streaming' || followingQueueRef.current,
    setMessages,
    resumeStream,
    onAttached: () => patch(sessionId, { running: true }),
  });
  // After each run (and Stop), the meter reads the server's figure again.
  const sessionContext = useSessionContextState({ sessionId, modelKey, running: busy, refreshKey: runsVersion });
  useEffect(() => {
    contextRefreshRef.current = sessionContext.refresh;
  }, [sessionContext.refresh]);
  const readableError = error ? readError(error) : undefined;
  const rejected = readableError ? isRejection(readableError) : false;
  const usage = useMemo(() => sessionUsage(messages), [messages]);
  const currentModel = models.find((m) => m.key === modelKey);
  const todos = useMemo(() => latestTodosFromMessages(messages) ?? [], [messages]);
  const filesVersion = useMemo(() => workspaceVersion(messages), [messages]);

  useEffect(() => {
    statusRef.current = status;
    // The server sets the automatic title when the run starts: pick it up for the header and sidebar.
    if (status === 'streaming') void refresh();
  }, [status, refresh]);

  function send(text: string) {
    if (!text.trim() || statusRef.current === 'submitted' || statusRef.current === 'streaming') return;
    const command = parseSlashCommand(text);
    if (command) {
      // Handled here, never sent to the model: compaction changes only what the model sees next.
      setDraft('');
      void sessionContext.compact(command.focus).then((result) => {
        if (!result) setDraft(text);
      });
      return;
    }
    lastSentTextRef.current = text;
    setDraft('');
    patch(sessionId, { running: true, updatedAt: Date.now() });
    void sendMessage({ text }, { body: { modelKey } });
    requestAnimationFrame(() => void stickRef.current?.scrollToBottom());
  }

  /** While a run is active, a message waits in the server's queue and is sent when the run ends. */
  async function queueText(text: string) {
    if (!text.trim()) return;
    setDraft('');
    const result = await queue.add(text, modelKey);
    if (!result.ok) setDraft((current) => (current.trim() ? current : text));
    // The run had ended meanwhile: the server sent it at once.
    else if (result.dispatchedId) followQueue([result.dispatchedId]);
  }

  async function sendQueuedNow() {
    const sentId = await queue.sendNow();
    if (sentId) {
      patch(sessionId, { running: true });
      followQueue([sentId]);
    }
  }

  /** Replaces the transcript with what the server saved (after Stop, or after reattaching to a run that had ended). */
  async function syncFromServer() {
    try {
      const detail = await fetchSession(sessionId);
      const { messages: saved, settings: _settings, ...summary } = detail;
      upsert(summary);
      if (statusRef.current === 'ready' || statusRef.current === 'error') setMessages(saved);
    } catch {
      // the transcript stays as streamed; a reload shows the saved state
    }
  }

  async function handleStop() {
    if (stopping) return;
    setStopping(true);
    // Stop is a server command (it aborts the run and saves the partial answer); stop() closes this tab's stream.
    const serverStop = stopSessionRun(sessionId).catch((failure) => {
      toast.error('Could not stop the run', { description: readError(failure).message });
      return false;
    });
    await stop();
    await serverStop;
    await syncFromServer();
    patch(sessionId, { running: false });
    setRunsVersion((version) => version + 1);
    setStopping(false);
    inputRef.current?.focus();
  }

  function retry() {
    // A run the server could not finish is carried on, not sent again: what it did stays.
    if (messages.at(-1)?.metadata?.runEnd?.reason === 'server-restart') {
      clearError();
      send(CONTINUE_MESSAGE);
      return;
    }
    const lastUser = messages.findLast((message) => message.role === 'user');
    if (!lastUser) return;
    // Re-sent as a new message: the failed one may or may not have reached the database.
    if (messages.at(-1)?.id === lastUser.id) setMessages(messages.slice(0, -1));
    clearError();
    send(messageText(lastUser));
  }

  async function changeModel(key: string) {
    const previous = modelKey;
    setModelKey(key);
    try {
      upsert(await updateSession(sessionId, { modelKey: key }));
    } catch (failure) {
      setModelKey(previous);
      toast.error('Could not switch the model', { description: readError(failure).message });
    }
  }

  const pendingIds = useMemo(() => pendingApprovalIds(messages), [messages]);
  const approvalActions: ApprovalActions = {
    // Only when nothing streams: answering mid-stream would send the continuation twice.
    canAnswer: status === 'ready' || status === 'error',
    pendingIds,
    answer: (approvalId, input) => answerApproval(approvalId, input),
    approveAll: () => {
      for (const id of pendingIds) answerApproval(id, { approved: true });
    },
  };

  function answerApproval(approvalId: string, input: ApprovalAnswerInput) {
    if (!approvalActions.canAnswer || !pendingIds.includes(approvalId)) return;
    approvalExtras.set(approvalId, { editedInput: input.editedInput, alwaysAllow: input.alwaysAllow });
    // The run continues in this message: its "waiting for your approval" end goes away.
    setMessages((list) => (list.at(-1)?.role === 'assistant' ? [...list.slice(0, -1), withoutRunEnd(list.at(-1)!)] : list));
    patch(sessionId, { running: true });
    void addToolApprovalResponse({ id: approvalId, approved: input.approved, reason: input.reason });
    if (input.alwaysAllow) setRunsVersion((version) => version + 1);
  }

  async function changePermissionMode(mode: PermissionMode) {
    const previous = permissionMode;
    setPermissionMode(mode);
    try {
      upsert(await updateSession(sessionId, { permissionMode: mode }));
    } catch (failure) {
      setPermissionMode(previous);
      toast.error('Could not switch the permission mode', { description: readError(failure).message });
    }
  }

  function fillComposer(text: string) {
    setDraft(text);
    inputRef.current?.focus();
    // Once the new value is rendered, put the cursor at its end.
    requestAnimationFrame(() => inputRef.current?.setSelectionRange(text.length, text.length));
  }

  // A growing composer shrinks the transcript: keep the newest output in view if it was.
  useEffect(() => {
    const element = composerRef.current;
    if (!element) return;
    const observer = new ResizeObserver(() => void stickRef.current?.scrollToBottom({ animation: 'instant', preserveScrollPosition: true }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The new-chat page hands over its first message; send it once this view is mounted.
  const sendPendingMessage = useEffectEvent(() => {
    const text = takePendingMessage(sessionId);
    if (text) send(text);
  });
  useEffect(() => {
    if (!peekPendingMessage(sessionId)) return;
    // Deferred a tick so a development double-mount cancels the first attempt instead of sending twice.
    const timer = setTimeout(() => sendPendingMessage(), 0);
    return () => clearTimeout(timer);
  }, [sessionId]);

  // Reattaching on load: also read the saved transcript once, in case the run ended between the page
  // render and the reattach (the stream endpoint then answers 204 and nothing would update it).
  const reconcileAfterResume = useEffectEvent(() => void syncFromServer());
  const wasRunningOnLoad = useRef(session.running);
  useEffect(() => {
    if (!wasRunningOnLoad.current || status !== 'ready') return;
    wasRunningOnLoad.current = false;
    reconcileAfterResume();
  }, [status]);

  return (
    <SessionContextProvider value={sessionContext}>
      <ChatHeader
        title={title}
        onRename={(next) => void rename(sessionId, next, title)}
        models={models}
        modelKey={modelKey}
        onModelChange={(key) => void changeModel(key)}
        usage={usage}
        contextMeter={<ContextMeter />}
        inspectorOpen={inspectorOpen}
        onToggleInspector={() => setInspectorOpen((open) => !open)}
        onOpenSettings={() => setSettingsOpen(true)}
        onOpenGrants={() => setGrantsOpen(true)}
        workspaceOpen={workspaceOpen}
        onToggleWorkspace={() => setWorkspaceOpen((open) => !open)}
      />
      <ApprovalActionsProvider value={approvalActions}>
        <Transcript
          messages={messages}
          status={status}
          contextRef={stickRef}
          onRetry={retry}
          afterMessage={(message) => <CompactionDividers afterMessageId={message.id} messages={messages} />}
          empty={<EmptySession onPick={fillComposer} demo={Boolean(currentModel?.demo)} />}
          after={
            readableError && (
              <ChatError
                error={readableError}
                rejected={rejected}
                onRetry={rejected ? undefined : retry}
                onReattach={
                  rejected && readableError.status === 409
                    ? () => {
                        clearError();
                        void resumeStream();
                      }
                    : undefined
                }
                onDismiss={clearError}
              />
            )
          }
        />
      </ApprovalActionsProvider>
      <div ref={composerRef} className="mx-auto w-full max-w-3xl shrink-0 px-3 pb-3 sm:px-6 sm:pb-4">
        <QueuedMessages
          items={queue.items}
          holdReason={busy || followingQueue ? undefined : (queueHoldReason(messages) ?? 'waiting to be sent.')}
          onEdit={queue.edit}
          onCancel={(id) => void queue.cancel(id)}
          onSendNow={() => void sendQueuedNow()}
        />
        <ContextNotice />
        <TodoChecklist todos={todos} />
        <Composer
          value={draft}
          onChange={setDraft}
          onSend={() => send(draft)}
          onStop={() => void handleStop()}
          onQueue={() => void queueText(draft)}
          placeholder={busy ? 'Queue a message…' : undefined}
          busy={busy}
          stopping={stopping}
          sendDisabledReason={stopping ? 'Stopping the run…' : sessionContext.compacting ? 'Compacting the context…' : undefined}
          inputRef={inputRef}
          autoFocus
          toolbar={<PermissionModeToggle mode={permissionMode} onChange={(mode) => void changePermissionMode(mode)} />}
        />
        <p className="mt-1.5 text-center text-[11px] text-muted-foreground">
          {busy ? 'Enter to queue' : 'Enter to send'} · Shift+Enter for a new line · /compact [focus] to compact the context{currentModel?.demo ? ' · Demo model: scripted answers, no LLM' : ''}
        </p>
      </div>
      <GrantsSheet sessionId={sessionId} open={grantsOpen} onOpenChange={setGrantsOpen} refreshKey={runsVersion} />
      <WorkspacePanel sessionId={sessionId} open={workspaceOpen} onOpenChange={setWorkspaceOpen} version={filesVersion} />
      <InspectorPanel sessionId={sessionId} open={inspectorOpen} onOpenChange={setInspectorOpen} refreshKey={runsVersion} live={busy} />
      <SessionSettingsSheet sessionId={sessionId} models={models} open={settingsOpen} onOpenChange={setSettingsOpen} />
    </SessionContextProvider>
  );
}
