'use client';

import { useEffect, useState } from 'react';
import { toast } from '@/lib/client/toast';
import { CircleStopIcon, PauseIcon, PencilIcon, PlayIcon, StepForwardIcon } from 'lucide-react';
import { RequestEditor } from '@/components/inspector/request-editor';
import { useSessionContext } from '@/components/context/session-context';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { EditableRequest } from '@/lib/agent/editable-request';
import type { ModelPauseNotice } from '@/lib/agent/messages';
import type { PausedRequestView } from '@/lib/api/paused-request';
import { stopSessionRun } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';
import { continuePausedRequest, fetchPausedRequest } from '@/lib/client/paused-request';
import { cn } from '@/lib/utils';

type Phase =
  | { kind: 'loading' }
  | { kind: 'waiting'; paused: PausedRequestView }
  | { kind: 'gone' }
  | { kind: 'failed'; message: string }
  | { kind: 'sent' }
  | { kind: 'stopped' };

/**
 * Step mode's card ("pause before each model call"): the run waits before model call N with
 * the exact request. It shows what will be sent (system prompt, the latest message, the
 * tools), opens the request editor to change it, and continues or stops the run. The request
 * is read from the server (GET /api/sessions/:id/paused-request), never kept in the
 * transcript; a pause that is no longer current (continued elsewhere, or the conversation
 * moved on) says so. Once the call went out, the card is one line saying how.
 */
export function PausedRequestCard({ notice, streaming }: { notice: ModelPauseNotice; streaming: boolean }) {
  const session = useSessionContext();
  const waiting = notice.state === 'paused' && !streaming && session !== null;
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [draft, setDraft] = useState<{ request: EditableRequest; problem: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const sessionId = session?.sessionId;

  useEffect(() => {
    if (!waiting || !sessionId) return;
    let cancelled = false;
    // Continued or stopped from this card: that stays, whatever the server says meanwhile.
    const show = (next: Phase) => !cancelled && setPhase((current) => (current.kind === 'sent' || current.kind === 'stopped' ? current : next));
    fetchPausedRequest(sessionId).then(
      (paused) => show(paused.stepNumber === notice.stepNumber ? { kind: 'waiting', paused } : { kind: 'gone' }),
      (failure) => show(readError(failure).status === 404 ? { kind: 'gone' } : { kind: 'failed', message: readError(failure).message }),
    );
    return () => {
      cancelled = true;
    };
  }, [waiting, sessionId, notice.stepNumber]);

  if (notice.state !== 'paused' || phase.kind === 'sent' || phase.kind === 'stopped') return <PauseRecord notice={notice} local={phase.kind} />;

  const title = `Paused before model call ${notice.modelCall}`;
  async function act(action: 'continue' | 'stop') {
    if (phase.kind !== 'waiting' || !sessionId) return;
    setBusy(true);
    try {
      if (action === 'continue') await continuePausedRequest(sessionId, phase.paused, draft?.request);
      else await stopSessionRun(sessionId);
      setPhase({ kind: action === 'continue' ? 'sent' : 'stopped' });
    } catch (failure) {
      toast.error(action === 'continue' ? 'Could not continue the run' : 'Could not stop the run', { description: readError(failure).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2.5 rounded-xl border border-l-2 border-l-primary/70 bg-muted/30 px-3 py-2.5 text-sm" data-testid="paused-request-card" data-phase={phase.kind} role="group" aria-label={title}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <PauseIcon className="size-4 shrink-0 text-primary" aria-hidden />
        <p className="font-medium">{title}</p>
        <p className="text-xs text-muted-foreground">
          {notice.messageCount} {notice.messageCount === 1 ? 'message' : 'messages'} · {notice.toolCount} {notice.toolCount === 1 ? 'tool' : 'tools'}
        </p>
      </div>
      {phase.kind === 'loading' && waiting && <Spinner className="size-4" label="Reading the paused request" />}
      {phase.kind === 'gone' && <p className="text-xs text-muted-foreground">Not waiting any more: the run was continued or stopped elsewhere, or the conversation moved on.</p>}
      {phase.kind === 'failed' && (
        <p className="text-xs text-destructive" role="alert">
          {phase.message}
        </p>
      )}
      {phase.kind === 'waiting' &&
        (draft ? (
          <RequestEditor request={draft.request} onChange={(request, problem) => setDraft({ request, problem })} />
        ) : (
          <RequestSummary request={phase.paused.request} />
        ))}
      {phase.kind === 'waiting' && (
        <div className="flex flex-wrap items-center gap-1.5">
          <Button size="sm" disabled={busy || Boolean(draft?.problem)} onClick={() => void act('continue')} data-testid="paused-continue">
            {busy ? <Spinner className="size-3.5" label="Sending" /> : <PlayIcon aria-hidden />}
            {draft ? 'Send edited request' : 'Continue'}
          </Button>
          {draft ? (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => setDraft(null)} data-testid="paused-edit-cancel">
              Discard edits
            </Button>
          ) : (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => setDraft({ request: phase.paused.request, problem: null })} data-testid="paused-edit">
              <PencilIcon aria-hidden /> Edit request
            </Button>
          )}
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => void act('stop')} data-testid="paused-stop">
            <CircleStopIcon aria-hidden /> Stop
          </Button>
          {draft?.problem && (
            <p className="text-xs text-destructive" data-testid="paused-edit-problem">
              {draft.problem}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** What the call will send, read-only: the system prompt (folded), the latest message, and the tools. */
function RequestSummary({ request }: { request: EditableRequest }) {
  const last = request.messages.at(-1);
  const tools = request.tools.filter((tool) => tool.enabled).map((tool) => tool.name);
  return (
    <div className="flex min-w-0 flex-col gap-1.5 text-xs" data-testid="paused-request-summary">
      <details className="min-w-0">
        <summary className="cursor-pointer text-muted-foreground">System prompt ({request.instructions.length.toLocaleString('en')} characters)</summary>
        <pre className="mt-1 max-h-48 overflow-auto rounded-md border bg-background p-2 font-mono text-[11px] whitespace-pre-wrap break-words">{request.instructions}</pre>
      </details>
      {last && (
        <p className="min-w-0 break-words" data-testid="paused-request-last">
          <span className="text-muted-foreground">Last message ({last.role}): </span>
          {preview(last.content)}
        </p>
      )}
      <p className="min-w-0 break-words text-muted-foreground">
        Tools: {tools.length ? <span className="font-mono text-foreground/80">{tools.join(', ')}</span> : 'none'}
      </p>
    </div>
  );
}

/** One line of a message's content: its text, else its parts by kind. */
function preview(content: EditableRequest['messages'][number]['content']): string {
  const text =
    typeof content === 'string'
      ? content
      : content
          .map((part) => ('text' in part && typeof part.text === 'string' ? part.text : part.type === 'tool-result' ? `[result of ${part.toolName}]` : part.type === 'tool-call' ? `[call ${part.toolName}]` : `[${part.type}]`))
          .join(' ');
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** After the pause: one line saying how the call went on. */
function PauseRecord({ notice, local }: { notice: ModelPauseNotice; local: Phase['kind'] }) {
  const state = local === 'sent' ? 'continued' : local === 'stopped' ? 'stopped' : notice.state;
  const text =
    state === 'stopped'
      ? `Stopped before model call ${notice.modelCall}.`
      : `Model call ${notice.modelCall} was paused, then sent${notice.edited ? ' with your edits' : local === 'sent' ? '' : ' as it was'}.`;
  const Icon = state === 'stopped' ? CircleStopIcon : StepForwardIcon;
  return (
    <div className={cn('flex items-center gap-2 rounded-lg border border-dashed px-3 py-1.5 text-xs text-muted-foreground')} data-testid="paused-request-record" data-state={state} role="note">
      <Icon className="size-3.5 shrink-0" aria-hidden />
      <p className="min-w-0 break-words">{text}</p>
    </div>
  );
}
