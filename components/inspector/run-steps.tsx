'use client';

import { useEffect, useRef } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { settleInspectorFocus, type InspectorFocus } from '@/components/inspector/inspector-focus';
import { StepTraceView } from '@/components/inspector/step-trace-view';
import { useRunSteps } from '@/lib/client/data';
import { readError } from '@/lib/client/api-error';

/**
 * The steps of one run, re-read whenever `version` changes (a run finished, or a poll while one is active).
 * `focus`: show this step once the steps are here (focusRun with a step).
 */
export function RunSteps({ runId, modelKey, version, focus }: { runId: string; modelKey: string; version: number; focus?: InspectorFocus }) {
  const { data: steps, error } = useRunSteps(runId, version);
  const listRef = useRef<HTMLDivElement>(null);
  const loaded = Boolean(steps);
  useEffect(() => {
    if (!focus || !loaded) return;
    // A frame later: after the sheet's own open effect has put focus on itself.
    const frame = requestAnimationFrame(() => {
      const list = listRef.current;
      const step = list?.querySelector<HTMLElement>(`[data-testid="inspector-step"][data-step-number="${focus.stepNumber}"]`);
      (step ?? list)?.scrollIntoView?.({ block: 'start' });
      step?.focus({ preventScroll: true });
      settleInspectorFocus(focus.id);
    });
    return () => cancelAnimationFrame(frame);
  }, [focus, loaded]);

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
    <div ref={listRef} className="flex flex-col gap-3">
      {steps.map((step, index) => (
        <StepTraceView key={step.stepNumber} step={step} position={index + 1} runId={runId} modelKey={modelKey} />
      ))}
    </div>
  );
}
