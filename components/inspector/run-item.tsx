'use client';

import { useState } from 'react';
import { ChevronRightIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Spinner } from '@/components/ui/spinner';
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

/** One run (one agent turn) in the inspector; its steps load when opened. */
export function RunItem({ run, index, defaultOpen, version }: { run: RunSummary; index: number; defaultOpen: boolean; version: number }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Collapsible open={open} onOpenChange={setOpen} data-testid="inspector-run" data-run-id={run.id} data-status={run.status}>
      <CollapsibleTrigger
        className="flex w-full items-center gap-2 rounded-lg px-2 py-2 text-left text-sm outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        data-testid="inspector-run-toggle"
      >
        <ChevronRightIcon className={cn('size-4 shrink-0 text-muted-foreground transition-transform', open && 'rotate-90')} aria-hidden />
        <span className="font-medium">Run {index}</span>
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
        <div className="pt-1 pb-3 pl-2">{open && <RunSteps runId={run.id} modelKey={run.modelKey} version={version} />}</div>
      </CollapsibleContent>
    </Collapsible>
  );
}
