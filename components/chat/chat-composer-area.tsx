'use client';

import { useMemo } from 'react';
import { PermissionModeToggle } from '@/components/agent/permission-mode-toggle';
import { TodoChecklist } from '@/components/agent/todo-checklist';
import { Composer } from '@/components/chat/composer';
import { useDraftText, type Draft } from '@/components/chat/hooks/use-draft';
import type { MessageActions } from '@/components/chat/hooks/use-message-actions';
import type { MessageQueue } from '@/components/chat/hooks/use-message-queue';
import type { SessionRun } from '@/components/chat/hooks/use-session-run';
import { QueuedMessages } from '@/components/chat/queued-messages';
import { ContextNotice } from '@/components/context/context-notice';
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
        {busy ? 'Enter to queue' : 'Enter to send'} · Shift+Enter for a new line · /compact [focus] to compact the context
        {demo ? ' · Demo model: scripted answers, no LLM' : ''}
      </p>
    </div>
  );
}

/** The composer bound to the draft: the only part of the view that renders again while the person types. */
function DraftComposer({
  draft,
  onSend,
  onQueue,
  ...props
}: { draft: Draft; onSend: (text: string) => void; onQueue: (text: string) => void } & Pick<
  React.ComponentProps<typeof Composer>,
  'onStop' | 'placeholder' | 'busy' | 'stopping' | 'sendDisabledReason' | 'toolbar'
>) {
  const text = useDraftText(draft);
  return (
    <Composer
      {...props}
      value={text}
      onChange={draft.setDraft}
      onSend={() => onSend(draft.get())}
      onQueue={() => onQueue(draft.get())}
      inputRef={draft.inputRef}
      autoFocus
    />
  );
}
