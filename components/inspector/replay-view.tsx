'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { PencilIcon, PlayIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ModelPicker } from '@/components/models/model-picker';
import { RequestEditor } from '@/components/inspector/request-editor';
import { StepAnswerCard } from '@/components/inspector/step-answer-card';
import type { EditableRequest } from '@/lib/agent/editable-request';
import type { ReplayResponse } from '@/lib/api/step-debugger';
import { readError } from '@/lib/client/api-error';
import { fetchModelListing, replayStep } from '@/lib/client/step-debugger-api';

/**
 * "Replay with another model": the step's request, optionally edited, sent
 * once to the model picked here. Tools are declared but never run and nothing
 * is saved; the step's own answer and the new one stand side by side.
 */
export function ReplayView({ runId, stepNumber, request, modelKey }: { runId: string; stepNumber: number; request: EditableRequest; modelKey: string }) {
  const { data: listing } = useSWR(['models'], () => fetchModelListing());
  const models = listing?.models ?? [];
  const [picked, setPicked] = useState<string>();
  const target = picked ?? models.find((model) => model.key !== modelKey && !model.demo)?.key ?? models.find((model) => model.key !== modelKey)?.key ?? modelKey;
  const [editing, setEditing] = useState(false);
  const [edited, setEdited] = useState(request);
  const [problem, setProblem] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<ReplayResponse>();
  const [error, setError] = useState<string>();

  async function run() {
    setRunning(true);
    setError(undefined);
    try {
      setResult(await replayStep(runId, stepNumber, { modelKey: target, ...(editing ? { request: edited } : {}) }));
    } catch (e) {
      setError(readError(e).message);
    } finally {
      setRunning(false);
    }
  }

  return (
    <div className="flex flex-col gap-3" data-testid="replay-view">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-xs text-muted-foreground">Send this request once to</span>
        {models.length ? <ModelPicker models={models} value={target} onChange={setPicked} testId="replay-model" className="max-w-64" /> : <Spinner className="size-3.5" label="Loading models" />}
        <Button type="button" variant={editing ? 'secondary' : 'outline'} size="sm" aria-pressed={editing} onClick={() => setEditing((on) => !on)} data-testid="replay-edit-toggle">
          <PencilIcon /> Edit first
        </Button>
        <Button type="button" size="sm" disabled={running || Boolean(editing && problem) || !models.length} onClick={run} data-testid="replay-run">
          {running ? <Spinner className="size-3.5" /> : <PlayIcon />} Replay
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Tool calls come back as calls and are not run; nothing is saved to the session.</p>
      {editing && (
        <RequestEditor
          request={edited}
          onChange={(next, nextProblem) => {
            setEdited(next);
            setProblem(nextProblem);
          }}
        />
      )}
      {editing && problem && (
        <p className="text-xs text-destructive" role="alert">
          Fix this before replaying: {problem}
        </p>
      )}
      {error && (
        <p className="text-xs text-destructive" role="alert">
          Replay failed: {error}
        </p>
      )}
      {running && (
        <p className="flex items-center gap-2 text-xs text-muted-foreground" role="status">
          <Spinner className="size-3.5" /> Waiting for {target}…
        </p>
      )}
      {result && (
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="replay-result">
          <StepAnswerCard title="This step" answer={result.original} testId="replay-original" />
          <StepAnswerCard title="Replay" answer={result.replay} testId="replay-answer" />
        </div>
      )}
    </div>
  );
}
