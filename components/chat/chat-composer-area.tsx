'use client';

import { memo, useMemo } from 'react';
import dynamic from 'next/dynamic';
import { PermissionModeToggle } from '@/components/agent/permission-mode-toggle';
import { Composer } from '@/components/chat/composer';
import { AttachImageButton, ComposerImageTray, ImageDropZone } from '@/components/chat/composer-attachments';
import { useDictation } from '@/components/chat/hooks/use-dictation';
import { useImageAttachments, type ImageModel } from '@/components/chat/hooks/use-image-attachments';
import { DictationStatus, VoiceButton } from '@/components/chat/voice-button';
import { useComposerAssist } from '@/components/chat/hooks/use-composer-assist';
import { usePersistedDraft, useDraftText, type Draft } from '@/components/chat/hooks/use-draft';
import { requestEdit } from '@/components/chat/hooks/use-edit-request';
import type { SessionPanels } from '@/components/chat/hooks/use-session-panels';
import { useSlashCommands, type SlashCommandHost } from '@/components/chat/hooks/use-slash-commands';
import type { MessageActions } from '@/components/chat/hooks/use-message-actions';
import type { MessageQueue } from '@/components/chat/hooks/use-message-queue';
import type { SessionRun } from '@/components/chat/hooks/use-session-run';
import { ContextNotice } from '@/components/context/context-notice';
import type { McpResourceAttachment } from '@/lib/agent/resource-attachment';
import type { ImageFilePart } from '@/lib/api/image-parts';
import type { ModelInfo } from '@/lib/models/types';
import type { PermissionMode } from '@/lib/permissions/policy';
import { cn } from '@/lib/utils';
import { queueHoldReason } from '@/lib/client/queue-hold';
import { useLatestCallback } from '@/lib/client/use-latest-callback';
import { latestTodosFromMessages } from '@/lib/todos/todos';
import { lazyPart } from '@/components/ui/lazy-part';

// /help and /cost panels and an MCP prompt's arguments form: fetched the first time one is asked for.
const PromptArgsForm = dynamic(() => import('@/components/chat/prompt-args-form').then((module) => module.PromptArgsForm), { ssr: false });
const HelpPanel = dynamic(() => import('@/components/chat/command-panels').then((module) => module.HelpPanel), { ssr: false });
// Shown only while something is queued or a todo list exists: loaded then, outside the page's first load.
const QueuedMessages = lazyPart(() => import('@/components/chat/queued-messages').then((module) => module.QueuedMessages));
const TodoChecklist = lazyPart(() => import('@/components/agent/todo-checklist').then((module) => module.TodoChecklist));
const CostPanel = dynamic(() => import('@/components/chat/command-panels').then((module) => module.CostPanel), { ssr: false });

/** Below the transcript: the queue, the context notice, the agent's todos and the composer. */
export function ChatComposerArea({
  run,
  queue,
  draft,
  actions,
  stop,
  compacting,
  permissionMode,
  onPermissionModeChange,
  demo,
  model,
  models,
  modelKey,
  onModelChange,
  panels,
  ref,
}: {
  run: SessionRun;
  queue: MessageQueue;
  draft: Draft;
  actions: MessageActions;
  stop: { stopping: boolean; stop: () => Promise<void> };
  compacting: boolean;
  permissionMode: PermissionMode;
  onPermissionModeChange: (mode: PermissionMode) => void;
  demo: boolean;
  /** The session's model: whether it takes images, and its name for the refusal. */
  model?: ImageModel;
  /** What the slash commands read and change: the models to pick from, the session's model, its panels. */
  models: readonly ModelInfo[];
  modelKey: string;
  onModelChange: (modelKey: string) => void;
  panels: SessionPanels;
  ref: React.Ref<HTMLDivElement>;
}) {
  const { chat } = run;
  const busy = chat.busy;
  // The call that set the list may be on a page not loaded: then the server's answer for what came before holds.
  const todosBefore = run.history.history.todosBefore;
  const todos = useMemo(() => latestTodosFromMessages(chat.messages) ?? todosBefore ?? [], [chat.messages, todosBefore]);
  // The composer is memoised and everything it gets keeps its identity while a reply streams: it rendered again at
  // every token before (its four tooltip buttons and their icons, ~0.3 ms a token).
  const lastMessageId = useLatestCallback(() => chat.messages.at(-1)?.id);
  const openPanel = useLatestCallback((panel: Parameters<SlashCommandHost['openPanel']>[0]) => panels.set(panel, true));
  const changeModel = useLatestCallback(onModelChange);
  const changePermissionMode = useLatestCallback(onPermissionModeChange);
  const host = useMemo<SlashCommandHost>(
    () => ({ sessionId: chat.id, busy, lastMessageId, models, modelKey, onModelChange: changeModel, permissionMode, onPermissionModeChange: changePermissionMode, openPanel }),
    [chat.id, busy, lastMessageId, models, modelKey, changeModel, permissionMode, changePermissionMode, openPanel],
  );
  const toolbar = useMemo(() => <PermissionModeToggle mode={permissionMode} onChange={changePermissionMode} />, [permissionMode, changePermissionMode]);
  const send = useLatestCallback(actions.send);
  const stopRun = useLatestCallback(() => void stop.stop());
  const queueText = useLatestCallback((text: string, images: readonly ImageFilePart[]) => void actions.queueText(text, images));
  /** Up-arrow in the empty composer: the edit form of the last message sent (not while the agent runs, as the edit button). */
  const editLast = useLatestCallback(() => {
    if (busy) return false;
    const last = chat.messages.findLast((message) => message.role === 'user');
    return last ? requestEdit(last.id, draft.focus) : false;
  });
  return (
    <div ref={ref} className="mx-auto w-full max-w-3xl shrink-0 px-3 pb-3 sm:px-6 sm:pb-4">
      {queue.items.length > 0 && (
        <QueuedMessages
          items={queue.items}
          holdReason={busy || run.followingQueue ? undefined : (queueHoldReason(chat.messages) ?? 'waiting to be sent.')}
          onEdit={queue.edit}
          onCancel={(id) => void queue.cancel(id)}
          onSendNow={() => void actions.sendQueuedNow()}
        />
      )}
      <ContextNotice />
      {todos.length > 0 && <TodoChecklist todos={todos} />}
      <DraftComposer
        draft={draft}
        onSend={send}
        onStop={stopRun}
        onQueue={queueText}
        placeholder={busy ? 'Queue a message…' : undefined}
        busy={busy}
        stopping={stop.stopping}
        sendDisabledReason={stop.stopping ? 'Stopping the run…' : compacting ? 'Compacting the context…' : undefined}
        toolbar={toolbar}
        model={model}
        host={host}
        onEditLast={editLast}
      />
      <p className="mt-1.5 text-center text-[11px] text-muted-foreground">
        {busy ? 'Enter to queue · Esc to stop' : 'Enter to send'} · Shift+Enter for a new line · / for commands · @ to attach a resource
        {demo ? ' · Demo model: scripted answers, no LLM' : ''}
      </p>
    </div>
  );
}

/**
 * The composer bound to the draft: the only part of the view that renders again while the person types.
 * Its menus (`@` resources, `/` commands) and the prompt form live here too.
 */
const DraftComposer = memo(function DraftComposer({
  draft,
  onSend,
  onQueue,
  model,
  host,
  ...props
}: {
  draft: Draft;
  host: SlashCommandHost;
  onSend: (text: string, resources: readonly McpResourceAttachment[], images: readonly ImageFilePart[]) => void;
  onQueue: (text: string, images: readonly ImageFilePart[]) => void;
  model?: ImageModel;
} & Pick<
  React.ComponentProps<typeof Composer>,
  'onStop' | 'placeholder' | 'busy' | 'stopping' | 'sendDisabledReason' | 'toolbar' | 'onEditLast'
>) {
  const text = useDraftText(draft);
  usePersistedDraft(draft, host.sessionId);
  const slash = useSlashCommands(host);
  const menus = useComposerAssist(draft, slash);
  const { promptForm, notice } = menus;
  const images = useImageAttachments(draft, model);
  // Dictated text goes after what is typed, to be read and edited; it is never sent by itself.
  const dictation = useDictation((spoken) => draft.fill(draft.get().trim() ? `${draft.get().trimEnd()} ${spoken}` : spoken));
  return (
    // Paste and drop of image files anywhere on the composer attach them; pasted text is left to the textarea.
    <ImageDropZone attachments={images}>
      {promptForm && (
        <PromptArgsForm
          key={promptForm.command.name}
          command={promptForm.command}
          initial={promptForm.initial}
          running={promptForm.running}
          error={promptForm.error}
          onRun={(args) => void menus.runPrompt(promptForm.command, args)}
          onCancel={menus.closePromptForm}
        />
      )}
      {slash.panel === 'help' && <HelpPanel commands={menus.assist.commands} onClose={slash.closePanel} />}
      {slash.panel === 'cost' && <CostPanel sessionId={host.sessionId} models={host.models} onClose={slash.closePanel} />}
      {notice && (
        <p
          role="status"
          className={cn(
            'mb-1.5 rounded-lg border px-3 py-1.5 text-xs',
            notice.tone === 'warning' ? 'border-warning/40 bg-warning/10 text-warning-text' : 'bg-muted/60 text-muted-foreground',
          )}
          data-testid="composer-notice"
          data-tone={notice.tone}
        >
          {notice.text}
        </p>
      )}
      <Composer
        {...props}
        value={text}
        onChange={(value) => {
          if (notice) menus.clearNotice();
          draft.setDraft(value);
        }}
        onSend={() => {
          const value = draft.get();
          if (menus.interceptCommand(value)) return;
          if (images.refusal) return; // the tray says why: the model was switched to one without images
          onSend(value, menus.takeAttachments(value), images.take(value));
        }}
        onQueue={() => {
          const value = draft.get();
          if (menus.interceptCommand(value)) return;
          if (images.refusal) return; // the tray says why: the model was switched to one without images
          if (menus.assist.attachments.length > 0) {
            menus.showNotice('Attached resources are read when the message is sent: wait for the agent to finish, or remove them to queue the message.');
            return;
          }
          onQueue(value, images.take(value));
        }}
        inputRef={draft.inputRef}
        assist={menus.assist}
        onDismiss={() => {
          if (!slash.panel) return false;
          slash.closePanel();
          return true;
        }}
        hasAttachments={images.images.length > 0}
        attachments={
          <>
            <ComposerImageTray attachments={images} />
            <DictationStatus dictation={dictation} />
          </>
        }
        actions={
          <>
            <AttachImageButton attachments={images} disabledReason={model && !model.images ? `${model.label} does not take images` : undefined} />
            <VoiceButton dictation={dictation} />
          </>
        }
        autoFocus
      />
    </ImageDropZone>
  );
});
