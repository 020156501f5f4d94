'use client';

import { useEffect, useRef, useState } from 'react';
import { ChevronRightIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Spinner } from '@/components/ui/spinner';
import { settleInspectorFocus, useInspectorFocus } from '@/components/inspector/inspector-focus';
import { RunSteps } from '@/components/inspector/run-steps';
import type { RunSummary } from '@/lib/api-types';
import { formatClockTime, formatDuration } from '@/lib/client/format';
import { cn } from '@/lib/utils';

const STATUS_TONE: Record<string, 'info' | 'success' | 'danger' | 'neutral'> = {
  running: 'info',
  completed: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};

/** One run (one agent turn) in the inspector; its steps load when opened. `focusRun` (inspector-focus.ts) unfolds it and shows it. */
export function RunItem({ run, index, defaultOpen, version }: { run: RunSummary; index: number; defaultOpen: boolean; version: number }) {
  const [open, setOpen] = useState(defaultOpen);
  const focus = useInspectorFocus();
  const mine = focus?.runId === run.id ? focus : null;
  const [unfoldedFor, setUnfoldedFor] = useState<number | null>(null);
  if (mine && unfoldedFor !== mine.id) {
    setUnfoldedFor(mine.id);
    setOpen(true);
  }
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const showRun = mine && mine.stepNumber === undefined ? mine.id : null;
  useEffect(() => {
    if (showRun === null) return;
    // A frame later: after the sheet's own open effect has put focus on itself, so that the run keeps it.
    const frame = requestAnimationFrame(() => {
      rootRef.current?.scrollIntoView?.({ block: 'start' });
      toggleRef.current?.focus({ preventScroll: true });
      settleInspectorFocus(showRun);
    });
    return () => cancelAnimationFrame(frame);
  }, [showRun]);
  return (
    <Collapsible ref={rootRef} open={open} onOpenChange={setOpen} data-testid="inspector-run" data-run-id={run.id} data-status={run.status}>
      <CollapsibleTrigger
        ref={toggleRef}
        className="flex w-full items-center gap-2 rounded-lg px-2 py-2 text-left text-sm outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        data-testid="inspector-run-toggle"
      >
        <ChevronRightIcon className={cn('size-4 shrink-0 text-muted-foreground transition-transform', open && 'rotate-90')} aria-hidden />
        <span className="font-medium whitespace-nowrap">Run {index}</span>
        <Badge tone={STATUS_TONE[run.status] ?? 'neutral'}>
          {run.status === 'running' && <Spinner className="size-3" label="Running" />}
          {run.status}
        </Badge>
        {run.endReason && run.endReason !== 'completed' && run.endReason !== run.status && <Badge tone="outline">{run.endReason}</Badge>}
        <span className="ml-auto truncate text-xs text-muted-foreground tabular-nums">
          {run.modelKey} · {formatClockTime(run.startedAt)}
          {run.endedAt ? ` · ${formatDuration(run.endedAt - run.startedAt)}` : ''}
        </span>
      </CollapsibleTrigger>
      <CollapsibleContent>
        <div className="pt-1 pb-3 pl-2">{open && <RunSteps runId={run.id} modelKey={run.modelKey} version={version} focus={mine?.stepNumber === undefined ? undefined : mine} />}</div>
      </CollapsibleContent>
    </Collapsible>
  );
}
