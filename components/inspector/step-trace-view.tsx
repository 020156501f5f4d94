'use client';

import { useMemo, useState } from 'react';
import { FileDiffIcon, GitCompareArrowsIcon, PencilIcon, RepeatIcon, TerminalIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { JsonBlock } from '@/components/agent/json-block';
import { useDiffSelection } from '@/components/inspector/diff-selection';
import { ReplayView } from '@/components/inspector/replay-view';
import { RerunView } from '@/components/inspector/rerun-view';
import { hasRecordedEdit, ReleasedEditDiff, StepReleaseBadge } from '@/components/inspector/step-release';
import { editableRequestFromTrace } from '@/lib/agent/editable-request';
import type { StepTrace } from '@/lib/agent/trace';
import type { RunStep } from '@/lib/api-types';
import { formatDuration, formatNumber, prettyJson } from '@/lib/client/format';

interface Section {
  id: string;
  label: string;
  value: unknown;
  count?: number;
}

/** The trace split into the sections a person looks for; unknown keys land in "Other" so nothing is hidden. */
function sectionsOf(trace: Partial<StepTrace> & Record<string, unknown>): Section[] {
  const { request, response, usage, finishReason, startedAt, durationMs, timeToFirstTokenMs, kind, retries, tools, hooks, error, nudges, warnings, stepNumber: _stepNumber, ...rest } = trace;
  const sections: Section[] = [
    { id: 'request', label: 'Request', value: request },
    { id: 'response', label: 'Response', value: { finishReason, ...(response ?? {}) } },
    { id: 'usage', label: 'Usage', value: usage },
    { id: 'timings', label: 'Timings', value: { kind, startedAt, durationMs, timeToFirstTokenMs } },
    { id: 'retries', label: 'Retries', value: retries ?? [], count: retries?.length },
    { id: 'tools', label: 'Tools', value: tools ?? [], count: tools?.length },
    { id: 'hooks', label: 'Hooks', value: hooks ?? [], count: hooks?.length },
  ];
  if (error) sections.push({ id: 'error', label: 'Error', value: error });
  if (nudges?.length) sections.push({ id: 'nudges', label: 'Nudges', value: nudges, count: nudges.length });
  if (warnings?.length) sections.push({ id: 'warnings', label: 'Warnings', value: warnings, count: warnings.length });
  if (Object.keys(rest).length) sections.push({ id: 'other', label: 'Other', value: rest });
  return sections;
}

type DebugMode = 'rerun' | 'replay' | 'edit';

/**
 * One model call of a run: what was sent, what came back, and how long it took;
 * and the debugger's actions on it: edit and re-run, replay with another model,
 * pick it for a diff with another step.
 */
export function StepTraceView({ step, position, runId, modelKey }: { step: RunStep; position: number; runId: string; modelKey: string }) {
  const trace = step.trace as Partial<StepTrace> & Record<string, unknown>;
  const sections = sectionsOf(trace);
  const usage = trace.usage;
  const approx = usage?.estimated ? '≈' : '';
  const [mode, setMode] = useState<DebugMode | null>(null);
  const selection = useDiffSelection();
  // Only a model call has a request to edit, replay or compare.
  const request = useMemo(() => (trace.kind !== 'approvals' && trace.request?.body ? editableRequestFromTrace(trace.request) : null), [trace.kind, trace.request]);
  const pickKey = `${runId}:${step.stepNumber}`;
  const picked = selection?.isPicked(pickKey) ?? false;
  const toggleMode = (next: DebugMode) => setMode((current) => (current === next ? null : next));
  const released = trace.request?.released;

  return (
    <section tabIndex={-1} className="rounded-xl border bg-card outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50" data-testid="inspector-step" data-step-number={step.stepNumber} aria-label={`Step ${position}`}>
      <header className="flex flex-wrap items-center gap-x-2.5 gap-y-1 border-b px-3 py-2 text-xs">
        <span className="text-sm font-medium">Step {position}</span>
        {trace.kind === 'summary' && <Badge tone="info">summary</Badge>}
        {released && <StepReleaseBadge released={released} />}
        {trace.finishReason?.unified && <Badge tone={trace.finishReason.unified === 'error' ? 'danger' : 'neutral'}>{trace.finishReason.unified}</Badge>}
        {trace.error && <Badge tone="danger">error</Badge>}
        <span className="text-muted-foreground tabular-nums">
          {typeof trace.durationMs === 'number' && formatDuration(trace.durationMs)}
          {typeof trace.timeToFirstTokenMs === 'number' && ` · first token ${formatDuration(trace.timeToFirstTokenMs)}`}
          {usage && ` · ${approx}${formatNumber(usage.inputTokens)} in / ${approx}${formatNumber(usage.outputTokens)} out`}
        </span>
        <span className="ml-auto flex items-center gap-1">
          {step.curl && (
            <CopyButton text={step.curl} label="Copy as curl (the key is read from $OPENAI_API_KEY)" data-testid="copy-curl">
              <TerminalIcon />
              Copy as curl
            </CopyButton>
          )}
          <CopyButton text={() => prettyJson(step.trace)} label="Copy the whole step as JSON" data-testid="copy-step" />
        </span>
      </header>
      {request && (
        <div className="flex flex-wrap items-center gap-1.5 border-b px-3 py-1.5" role="toolbar" aria-label={`Debug step ${position}`}>
          <Button type="button" variant={mode === 'rerun' ? 'secondary' : 'ghost'} size="xs" aria-pressed={mode === 'rerun'} onClick={() => toggleMode('rerun')} data-testid="step-edit-rerun">
            <PencilIcon /> Edit and re-run
          </Button>
          <Button type="button" variant={mode === 'replay' ? 'secondary' : 'ghost'} size="xs" aria-pressed={mode === 'replay'} onClick={() => toggleMode('replay')} data-testid="step-replay">
            <RepeatIcon /> Replay with another model
          </Button>
          {hasRecordedEdit(released) && (
            <Button type="button" variant={mode === 'edit' ? 'secondary' : 'ghost'} size="xs" aria-pressed={mode === 'edit'} onClick={() => toggleMode('edit')} data-testid="step-show-edit">
              <FileDiffIcon /> Show the edit
            </Button>
          )}
          {selection && (
            <Button
              type="button"
              variant={picked ? 'secondary' : 'ghost'}
              size="xs"
              aria-pressed={picked}
              onClick={() => selection.toggle({ key: pickKey, label: `${modelKey} · step ${position}`, request, startedAt: trace.startedAt ?? '' })}
              data-testid="step-pick-diff"
            >
              <GitCompareArrowsIcon /> {picked ? 'Picked for diff' : 'Diff…'}
            </Button>
          )}
        </div>
      )}
      {request && mode && (
        <div className="border-b bg-muted/20 p-3" data-testid="step-debugger">
          {mode === 'edit' && hasRecordedEdit(released) ? (
            <ReleasedEditDiff released={released} onClose={() => setMode(null)} />
          ) : mode === 'rerun' ? (
            <RerunView runId={runId} stepNumber={step.stepNumber} request={request} />
          ) : (
            <ReplayView runId={runId} stepNumber={step.stepNumber} request={request} modelKey={modelKey} />
          )}
        </div>
      )}
      <Tabs defaultValue="request" className="p-3">
        <TabsList aria-label="Step sections">
          {sections.map((section) => (
            <TabsTrigger key={section.id} value={section.id} data-testid={`inspector-tab-${section.id}`}>
              {section.label}
              {section.count ? <span className="rounded bg-muted-foreground/15 px-1 text-[10px] tabular-nums">{section.count}</span> : null}
            </TabsTrigger>
          ))}
        </TabsList>
        {sections.map((section) => (
          <TabsContent key={section.id} value={section.id}>
            <JsonBlock value={section.value} copyLabel={`Copy ${section.label.toLowerCase()}`} maxHeightClass="max-h-[28rem]" data-testid={`inspector-section-${section.id}`} />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
