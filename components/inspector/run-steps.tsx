'use client';

import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { StepTraceView } from '@/components/inspector/step-trace-view';
import type { RunStep } from '@/lib/api-types';
import { fetchRunSteps } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';

/** The steps of one run, re-read whenever `version` changes (a run finished, or a poll while one is active). */
export function RunSteps({ runId, version }: { runId: string; version: number }) {
  const [state, setState] = useState<{ steps?: RunStep[]; error?: string; loadedFor?: string }>({});

  useEffect(() => {
    let cancelled = false;
    fetchRunSteps(runId).then(
      (steps) => !cancelled && setState({ steps, loadedFor: runId }),
      (error) => !cancelled && setState((previous) => ({ ...previous, error: readError(error).message, loadedFor: runId })),
    );
    return () => {
      cancelled = true;
    };
  }, [runId, version]);

  if (state.error && !state.steps) return <p className="px-1 text-xs text-destructive">Could not load the steps: {state.error}</p>;
  if (!state.steps || state.loadedFor !== runId) {
    return (
      <div className="flex items-center gap-2 px-1 py-2 text-xs text-muted-foreground">
        <Spinner className="size-3.5" /> Loading steps…
      </div>
    );
  }
  if (state.steps.length === 0) return <p className="px-1 py-2 text-xs text-muted-foreground">No steps recorded yet.</p>;
  return (
    <div className="flex flex-col gap-3">
      {state.steps.map((step, index) => (
        <StepTraceView key={step.stepNumber} step={step} position={index + 1} />
      ))}
    </div>
  );
}
