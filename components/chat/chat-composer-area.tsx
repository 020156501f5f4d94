'use client';

import { useMemo } from 'react';
import { PermissionModeToggle } from '@/components/agent/permission-mode-toggle';
import { TodoChecklist } from '@/components/agent/todo-checklist';
import { Composer } from '@/components/chat/composer';
import { useComposerAssist } from '@/components/chat/hooks/use-composer-assist';
import { useDraftText, type Draft } from '@/components/chat/hooks/use-draft';
import type { MessageActions } from '@/components/chat/hooks/use-message-actions';
import type { MessageQueue } from '@/components/chat/hooks/use-message-queue';
import type { SessionRun } from '@/components/chat/hooks/use-session-run';
import { PromptArgsForm } from '@/components/chat/prompt-args-form';
import { QueuedMessages } from '@/components/chat/queued-messages';
import { ContextNotice } from '@/components/context/context-notice';
import type { McpResourceAttachment } from '@/lib/agent/resource-attachment';
import type { PermissionMode } from '@/lib/permissions/policy';
import { queueHoldReason } from '@/lib/client/queue-hold';
import { latestTodosFromMessages } from '@/lib/todos/todos';

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
  ref: React.Ref<HTMLDivElement>;
}) {
  const { chat } = run;
  const busy = chat.busy;
  // The call that set the list may be on a page not loaded: then the server's answer for what came before holds.
  const todosBefore = run.history.history.todosBefore;
  const todos = useMemo(() => latestTodosFromMessages(chat.messages) ?? todosBefore ?? [], [chat.messages, todosBefore]);
  return (
    <div ref={ref} className="mx-auto w-full max-w-3xl shrink-0 px-3 pb-3 sm:px-6 sm:pb-4">
      <QueuedMessages
        items={queue.items}
        holdReason={busy || run.followingQueue ? undefined : (queueHoldReason(chat.messages) ?? 'waiting to be sent.')}
        onEdit={queue.edit}
        onCancel={(id) => void queue.cancel(id)}
        onSendNow={() => void actions.sendQueuedNow()}
      />
      <ContextNotice />
      <TodoChecklist todos={todos} />
      <DraftComposer
        draft={draft}
        onSend={actions.send}
        onStop={() => void stop.stop()}
        onQueue={(text) => void actions.queueText(text)}
        placeholder={busy ? 'Queue a message…' : undefined}
        busy={busy}
        stopping={stop.stopping}
        sendDisabledReason={stop.stopping ? 'Stopping the run…' : compacting ? 'Compacting the context…' : undefined}
        toolbar={<PermissionModeToggle mode={permissionMode} onChange={onPermissionModeChange} />}
      />
      <p className="mt-1.5 text-center text-[11px] text-muted-foreground">
        {busy ? 'Enter to queue' : 'Enter to send'} · Shift+Enter for a new line · / for commands · @ to attach a resource
        {demo ? ' · Demo model: scripted answers, no LLM' : ''}
      </p>
    </div>
  );
}

/**
 * The composer bound to the draft: the only part of the view that renders again while the person types.
 * Its menus (`@` resources, `/` commands) and the prompt form live here too.
 */
function DraftComposer({
  draft,
  onSend,
  onQueue,
  ...props
}: { draft: Draft; onSend: (text: string, resources: readonly McpResourceAttachment[]) => void; onQueue: (text: string) => void } & Pick<
  React.ComponentProps<typeof Composer>,
  'onStop' | 'placeholder' | 'busy' | 'stopping' | 'sendDisabledReason' | 'toolbar'
>) {
  const text = useDraftText(draft);
  const menus = useComposerAssist(draft);
  const { promptForm, notice } = menus;
  return (
    <>
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
      {notice && (
        <p role="status" className="mb-1.5 rounded-lg border border-warning/40 bg-warning/10 px-3 py-1.5 text-xs text-warning-text" data-testid="composer-notice">
          {notice}
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
          onSend(value, menus.takeAttachments(value));
        }}
        onQueue={() => {
          const value = draft.get();
          if (menus.interceptCommand(value)) return;
          if (menus.assist.attachments.length > 0) {
            menus.showNotice('Attached resources are read when the message is sent: wait for the agent to finish, or remove them to queue the message.');
            return;
          }
          onQueue(value);
        }}
        inputRef={draft.inputRef}
        assist={menus.assist}
        autoFocus
      />
    </>
  );
}
