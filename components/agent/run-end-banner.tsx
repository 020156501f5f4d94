import { AlertTriangleIcon, CircleStopIcon, OctagonXIcon, PlayIcon, RotateCcwIcon } from 'lucide-react';
import { ContextLimitActions } from '@/components/context/context-limit-actions';
import { Button } from '@/components/ui/button';
import type { RunEnd, RunEndReason } from '@/lib/agent/messages';
import { cn } from '@/lib/utils';

type Tone = 'quiet' | 'neutral' | 'warning' | 'danger';

const RUN_END_STYLES: Record<RunEndReason, { title: string; tone: Tone }> = {
  completed: { title: 'Completed', tone: 'quiet' },
  'done-tool': { title: 'Task complete', tone: 'quiet' },
  cancelled: { title: 'Stopped by you', tone: 'neutral' },
  'awaiting-approval': { title: 'Waiting for your approval', tone: 'neutral' },
  // Step mode: the paused-request card says it, with the request and Continue / Stop.
  paused: { title: 'Paused before a model call', tone: 'quiet' },
  error: { title: 'The run failed', tone: 'danger' },
  length: { title: 'Out of context space', tone: 'warning' },
  'context-limit': { title: 'Context limit exceeded', tone: 'danger' },
  'content-filter': { title: 'Blocked by the provider’s content filter', tone: 'warning' },
  'max-iterations': { title: 'Step limit reached', tone: 'warning' },
  'loop-detected': { title: 'Stopped: the agent was going in circles', tone: 'warning' },
  'wall-clock': { title: 'Time limit reached', tone: 'warning' },
  'consecutive-errors': { title: 'Stopped after repeated errors', tone: 'warning' },
  interrupted: { title: 'The provider stopped answering', tone: 'warning' },
  'server-restart': { title: 'Interrupted: the server stopped during this run', tone: 'warning' },
  other: { title: 'The run ended early', tone: 'warning' },
};

const TONE_CLASSES: Record<Exclude<Tone, 'quiet'>, string> = {
  neutral: 'border-border bg-muted/50 text-muted-foreground',
  warning: 'border-warning/35 bg-warning/10 text-warning-text',
  danger: 'border-destructive/30 bg-destructive/10 text-destructive',
};

/** How the run ended, when it did not simply complete. A normal completion renders only a hidden marker. */
export function RunEndBanner({ runEnd, onRetry }: { runEnd: RunEnd; onRetry?: () => void }) {
  const style = RUN_END_STYLES[runEnd.reason] ?? { title: 'The run ended', tone: 'warning' as const };
  if (style.tone === 'quiet') {
    return (
      <div className="sr-only" data-testid="run-end" data-reason={runEnd.reason}>
        {style.title}
      </div>
    );
  }
  const Icon = style.tone === 'danger' ? OctagonXIcon : style.tone === 'neutral' ? CircleStopIcon : AlertTriangleIcon;
  // Skip a message that only repeats the title ("Stopped by the user.").
  const redundant = runEnd.reason === 'cancelled' && /^stopped by (the user|you)\.?$/i.test(runEnd.message.trim());
  const showMessage = runEnd.message && runEnd.message !== style.title && !redundant;
  return (
    <div
      className={cn('flex items-start gap-2.5 rounded-xl border px-3 py-2 text-sm', TONE_CLASSES[style.tone])}
      data-testid="run-end"
      data-reason={runEnd.reason}
      role={style.tone === 'danger' ? 'alert' : 'status'}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{style.title}</p>
        {showMessage && <p className="mt-0.5 text-[13px] break-words opacity-90">{runEnd.message}</p>}
        {runEnd.reason === 'context-limit' && <ContextLimitActions />}
      </div>
      {onRetry &&
        (runEnd.reason === 'server-restart' ? (
          <Button size="xs" variant="outline" className="shrink-0 bg-background/60" onClick={onRetry} data-testid="run-continue" title="Ask the agent to carry on from where it stopped">
            <PlayIcon />
            Continue
          </Button>
        ) : (
          <Button size="xs" variant="outline" className="shrink-0 bg-background/60" onClick={onRetry} data-testid="run-retry" title="A new answer to your last message; this one stays as a version">
            <RotateCcwIcon />
            Retry
          </Button>
        ))}
    </div>
  );
}

/** Ends where sending the same message again (or, after a server restart, carrying on) is the natural next step. */
export function isRetryableRunEnd(runEnd: RunEnd | undefined): boolean {
  return runEnd !== undefined && ['error', 'interrupted', 'consecutive-errors', 'other', 'server-restart'].includes(runEnd.reason);
}

/** What Continue sends after a run the server could not finish. */
export const CONTINUE_MESSAGE = 'Continue from where you stopped.';
