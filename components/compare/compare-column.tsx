'use client';

import { useEffect } from 'react';
import { ArrowUpRightIcon, ScanSearchIcon } from 'lucide-react';
import { ApprovalActionsProvider } from '@/components/agent/approval-context';
import { ChatError } from '@/components/chat/chat-error';
import type { Draft } from '@/components/chat/hooks/use-draft';
import { Transcript } from '@/components/chat/transcript';
import { ColumnStats } from '@/components/compare/column-stats';
import { useCompareColumn } from '@/components/compare/hooks/use-compare-column';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { WithTooltip } from '@/components/ui/tooltip';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { CompareColumnView } from '@/lib/api/compare-request';
import { isRejection, readError } from '@/lib/client/api-error';
import type { ModelInfo } from '@/lib/models/types';

/** What the comparison's composer does with a column: send it the follow-up, stop its run. */
export interface ColumnControls {
  send: (text: string) => void;
  stop: () => Promise<void>;
  busy: boolean;
  /** The column's first message (the comparison's prompt), once it was sent. */
  prompt: string | undefined;
}

/**
 * One column: which model and settings, the session's live transcript, its
 * figures, and the ways out (the inspector, "Continue in this session"). It
 * hands its controls to the comparison (`onControls`, null when it goes).
 */
export function CompareColumn({
  column,
  index,
  model,
  draft,
  onControls,
  onInspect,
  onContinue,
  continuing,
}: {
  column: CompareColumnView;
  index: number;
  /** The column's model as listed, or undefined when it is no longer configured. */
  model: ModelInfo | undefined;
  /** The comparison's composer: a message a column's server refused goes back there. */
  draft: Draft;
  onControls: (sessionId: string, controls: ColumnControls | null) => void;
  onInspect: (sessionId: string) => void;
  onContinue: (sessionId: string) => void;
  continuing: boolean;
}) {
  const { session } = column;
  const state = useCompareColumn({ column, draft });
  const { chat } = state;
  const error = chat.error ? readError(chat.error) : undefined;
  const label = model?.label ?? session.modelKey;
  const stop = state.stop.stop;
  const prompt = firstPrompt(chat.messages);

  useEffect(() => {
    onControls(session.id, { send: state.send, stop, busy: chat.busy, prompt });
  }, [onControls, session.id, state.send, stop, chat.busy, prompt]);
  useEffect(() => () => onControls(session.id, null), [onControls, session.id]);

  return (
    <section
      aria-label={`Column ${index + 1}: ${label}`}
      data-testid="compare-column"
      data-session-id={session.id}
      data-model-key={session.modelKey}
      data-status={chat.status}
      className="flex min-h-0 w-[calc(100vw-2rem)] max-w-[28rem] min-w-[17rem] shrink-0 snap-start flex-col overflow-hidden rounded-xl border bg-card sm:w-auto sm:max-w-none sm:flex-1"
    >
      <header className="flex items-center gap-2 border-b px-3 py-2">
        <div className="min-w-0 flex-1">
          <h2 className="flex items-center gap-1.5 truncate text-sm font-medium" data-testid="compare-column-model">
            {chat.busy && <Spinner label="Running" className="size-3.5 text-muted-foreground" />}
            <span className="truncate">{label}</span>
          </h2>
          <p className="truncate text-xs text-muted-foreground">{columnSubtitle(model, column.settings)}</p>
        </div>
        <WithTooltip label="Show in the inspector">
          <Button variant="ghost" size="icon-sm" aria-label={`Inspect column ${index + 1}`} data-testid="compare-inspect" onClick={() => onInspect(session.id)}>
            <ScanSearchIcon />
          </Button>
        </WithTooltip>
        <WithTooltip label="Open as a normal session, in the sidebar">
          <Button variant="outline" size="sm" data-testid="compare-continue" disabled={continuing} aria-busy={continuing || undefined} onClick={() => onContinue(session.id)}>
            <ArrowUpRightIcon />
            Continue<span className="sr-only"> column {index + 1} in its own session</span>
          </Button>
        </WithTooltip>
      </header>
      <ApprovalActionsProvider value={state.approvals}>
        <Transcript
          messages={chat.messages}
          status={chat.status}
          empty={<p className="py-8 text-center text-sm text-muted-foreground">Waiting for the prompt…</p>}
          after={error && <ChatError error={error} rejected={isRejection(error)} onDismiss={chat.clearError} />}
        />
      </ApprovalActionsProvider>
      <footer className="border-t px-3 py-2">
        <ColumnStats usage={state.usage} pricing={model?.pricing} runs={state.runs} />
      </footer>
    </section>
  );
}

/** The text of the first user message, if there is one. */
function firstPrompt(messages: readonly AgentUIMessage[]): string | undefined {
  const first = messages.find((message) => message.role === 'user');
  const text = first?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(' ').trim();
  return text || undefined;
}

/** "OpenAI · temperature 0.2 · system prompt": what sets this column apart. */
function columnSubtitle(model: ModelInfo | undefined, settings: Record<string, unknown>): string {
  const parts = [model?.providerLabel ?? 'Unavailable model'];
  if (typeof settings.temperature === 'number') parts.push(`temperature ${settings.temperature}`);
  if (typeof settings.systemPrompt === 'string' && settings.systemPrompt.trim()) parts.push('own system prompt');
  return parts.join(' · ');
}
