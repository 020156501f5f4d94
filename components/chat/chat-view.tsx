'use client';

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { StickToBottomContext } from 'use-stick-to-bottom';
import { ChatComposerArea } from '@/components/chat/chat-composer-area';
import { ChatHeader } from '@/components/chat/chat-header';
import { ChatTranscriptArea } from '@/components/chat/chat-transcript-area';
import { ConversationActionsProvider } from '@/components/chat/conversation-actions';
import { preloadMarkdown } from '@/components/chat/markdown';
import { useConversationActionsValue } from '@/components/chat/hooks/use-conversation-actions-value';
import { useApprovalDecisions } from '@/components/chat/hooks/use-approval-decisions';
import { useDocumentTitle } from '@/components/chat/hooks/use-document-title';
import { useDraft } from '@/components/chat/hooks/use-draft';
import { useKeepBottomInView } from '@/components/chat/hooks/use-keep-bottom-in-view';
import { useMessageActions } from '@/components/chat/hooks/use-message-actions';
import { useMessageQueue } from '@/components/chat/hooks/use-message-queue';
import { usePendingMessage } from '@/components/chat/hooks/use-pending-message';
import { useSessionFields } from '@/components/chat/hooks/use-session-fields';
import { useSessionPanels } from '@/components/chat/hooks/use-session-panels';
import { useSessionRun } from '@/components/chat/hooks/use-session-run';
import { useStopRun } from '@/components/chat/hooks/use-stop-run';
import { SessionSheets } from '@/components/chat/session-sheets';
import { ContextMeter } from '@/components/context/context-meter';
import { PricingProvider, useModelPricing } from '@/components/models/pricing-context';
import { StepModeToggle } from '@/components/agent/step-mode-toggle';
import { SessionContextProvider, useSessionContextState } from '@/components/context/session-context';
import { useRenameSession } from '@/components/sessions/use-rename-session';
import { useSessions } from '@/components/sessions/sessions-provider';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { BranchMap, SessionSummary, TranscriptHistory } from '@/lib/api-types';
import { workspaceVersion } from '@/lib/client/workspace-version';
import type { ModelInfo } from '@/lib/models/types';

/** One session: header, live transcript, composer and side panels. The work is in the hooks; this wires them. */
export function ChatView({
  session,
  initialMessages,
  initialBranches,
  initialHistory,
  models,
}: {
  session: SessionSummary;
  initialMessages: AgentUIMessage[];
  initialBranches: BranchMap;
  /** What lies before `initialMessages` (the page renders the last page of a long session). */
  initialHistory?: TranscriptHistory;
  models: ModelInfo[];
}) {
  const sessionId = session.id;
  const { sessions, patch } = useSessions();
  const rename = useRenameSession();
  const title = sessions.find((s) => s.id === sessionId)?.title ?? session.title;
  useDocumentTitle(title);
  // The first reply must not wait for the markdown chunk (nor evaluate it in front of its first tokens).
  useEffect(() => preloadMarkdown(), []);

  const panels = useSessionPanels();
  const draft = useDraft();
  const queue = useMessageQueue(sessionId);
  const fields = useSessionFields(session);
  const run = useSessionRun({ session, initialMessages, initialHistory, draft, queue });
  const { chat, bumpRuns } = run;
  const context = useSessionContextState({ sessionId, modelKey: fields.modelKey, running: chat.busy, refreshKey: run.runsVersion + chat.contextVersion, live: chat.liveContext });

  const stickRef = useRef<StickToBottomContext>(null);
  const composerRef = useRef<HTMLDivElement>(null);
  useKeepBottomInView(composerRef, stickRef);
  const scrollToBottom = useCallback(() => void stickRef.current?.scrollToBottom(), []);
  const actions = useMessageActions({ run, draft, queue, modelKey: fields.modelKey, compact: context.compact, scrollToBottom });
  usePendingMessage(sessionId, (text, images) => actions.send(text, [], images));
  const onStopped = useCallback(() => (bumpRuns(), draft.focus()), [bumpRuns, draft]);
  const stop = useStopRun({ sessionId, closeStream: chat.stop, syncFromServer: run.syncFromServer, onStopped });
  const onAnswered = useCallback(
    (granted: boolean) => {
      patch(sessionId, { running: true });
      if (granted) bumpRuns();
    },
    [patch, sessionId, bumpRuns],
  );
  const approvalActions = useApprovalDecisions({ ...chat, sessionId, approvalExtras: run.approvalExtras, onAnswered });
  const conversation = useConversationActionsValue({ sessionId, initialBranches, run, actions });

  const filesVersion = useMemo(() => workspaceVersion(chat.messages), [chat.messages]);
  const modelInfo = models.find((m) => m.key === fields.modelKey);
  const demo = Boolean(modelInfo?.demo);
  const pricing = useModelPricing(models);
  const imageModel = useMemo(() => modelInfo && { label: modelInfo.label, images: modelInfo.capabilities.images }, [modelInfo]);

  // The header is memoised and its props keep their identity, so neither a token nor a run's start or end renders it
  // again (the context meter and the step mode read what they need themselves). Its usage comes from the meter.
  const fieldsRef = useRef(fields);
  useLayoutEffect(() => {
    fieldsRef.current = fields;
  });
  const onRename = useCallback((next: string) => void rename(sessionId, next, title), [rename, sessionId, title]);
  const onModelChange = useCallback((key: string) => void fieldsRef.current.changeModel(key), []);
  const contextMeter = useMemo(() => <ContextMeter />, []);
  const stepMode = useMemo(() => <StepModeToggle sessionId={sessionId} />, [sessionId]);
  const onToggleInspector = useCallback(() => panels.toggle('inspector'), [panels]);
  const onOpenSettings = useCallback(() => panels.set('settings', true), [panels]);
  const onOpenGrants = useCallback(() => panels.set('grants', true), [panels]);
  const onOpenShare = useCallback(() => panels.set('share', true), [panels]);
  const onToggleWorkspace = useCallback(() => panels.toggle('workspace'), [panels]);

  return (
    <SessionContextProvider value={context}>
      <PricingProvider value={pricing}>
        <ChatHeader
          title={title}
          onRename={onRename}
          models={models}
          modelKey={fields.modelKey}
          onModelChange={onModelChange}
          usage={undefined}
          contextMeter={contextMeter}
          stepMode={stepMode}
          inspectorOpen={panels.isOpen('inspector')}
          onToggleInspector={onToggleInspector}
          onOpenSettings={onOpenSettings}
          onOpenGrants={onOpenGrants}
          onOpenShare={onOpenShare}
          workspaceOpen={panels.isOpen('workspace')}
          onToggleWorkspace={onToggleWorkspace}
          forkedFrom={session.forkedFrom}
        />
        <ConversationActionsProvider value={conversation}>
          <ChatTranscriptArea chat={chat} history={run.history} actions={actions} approvalActions={approvalActions} stickRef={stickRef} demo={demo} onPickExample={draft.fill} />
        </ConversationActionsProvider>
        <ChatComposerArea
          ref={composerRef}
          run={run}
          queue={queue}
          draft={draft}
          actions={actions}
          stop={stop}
          compacting={context.compacting}
          permissionMode={fields.permissionMode}
          onPermissionModeChange={(mode) => void fields.changePermissionMode(mode)}
          demo={demo}
          models={models}
          modelKey={fields.modelKey}
          onModelChange={(key) => void fields.changeModel(key)}
          panels={panels}
          model={imageModel}
        />
        <SessionSheets sessionId={sessionId} models={models} panels={panels} runsVersion={run.runsVersion} filesVersion={filesVersion} live={chat.busy} fields={fields} />
      </PricingProvider>
    </SessionContextProvider>
  );
}
