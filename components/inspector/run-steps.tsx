'use client';

import { Spinner } from '@/components/ui/spinner';
import { StepTraceView } from '@/components/inspector/step-trace-view';
import { useRunSteps } from '@/lib/client/data';
import { readError } from '@/lib/client/api-error';

/** The steps of one run, re-read whenever `version` changes (a run finished, or a poll while one is active). */
export function RunSteps({ runId, modelKey, version }: { runId: string; modelKey: string; version: number }) {
  const { data: steps, error } = useRunSteps(runId, version);

  if (error && !steps) return <p className="px-1 text-xs text-destructive">Could not load the steps: {readError(error).message}</p>;
  if (!steps) {
    return (
      <div className="flex items-center gap-2 px-1 py-2 text-xs text-muted-foreground">
        <Spinner className="size-3.5" /> Loading steps…
      </div>
    );
  }
  if (steps.length === 0) return <p className="px-1 py-2 text-xs text-muted-foreground">No steps recorded yet.</p>;
  return (
    <div className="flex flex-col gap-3">
      {steps.map((step, index) => (
        <StepTraceView key={step.stepNumber} step={step} position={index + 1} runId={runId} modelKey={modelKey} />
      ))}
    </div>
  );
}
