'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { GitForkIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { RequestEditor } from '@/components/inspector/request-editor';
import type { EditableRequest } from '@/lib/agent/editable-request';
import { readError } from '@/lib/client/api-error';
import { rerunStep } from '@/lib/client/step-debugger-api';

/**
 * "Edit and re-run": the step's exact request in the editor; running it makes
 * a new session (a fork) whose history is the edited request, and the agent
 * goes on there with the session's tools and the workspace as it was when the
 * step's run began. This session stays as it is.
 */
export function RerunView({ runId, stepNumber, request }: { runId: string; stepNumber: number; request: EditableRequest }) {
  const router = useRouter();
  const [edited, setEdited] = useState(request);
  const [problem, setProblem] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string>();
  const empty = edited.messages.length === 0;

  async function run() {
    setRunning(true);
    setError(undefined);
    try {
      const { session } = await rerunStep(runId, stepNumber, { request: edited });
      router.push(`/s/${encodeURIComponent(session.id)}`);
    } catch (e) {
      setError(readError(e).message);
      setRunning(false);
    }
  }

  return (
    <div className="flex flex-col gap-3" data-testid="rerun-view">
      <RequestEditor
        request={edited}
        onChange={(next, nextProblem) => {
          setEdited(next);
          setProblem(nextProblem);
        }}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" size="sm" disabled={running || Boolean(problem) || empty} onClick={run} data-testid="rerun-run">
          {running ? <Spinner className="size-3.5" /> : <GitForkIcon />} Run as a fork
        </Button>
        <span className="text-xs text-muted-foreground">A new session; this one stays as it is.</span>
      </div>
      {(problem || empty) && (
        <p className="text-xs text-destructive" role="alert" data-testid="rerun-problem">
          {problem ? `Fix this before running: ${problem}` : 'The request needs at least one message.'}
        </p>
      )}
      {error && (
        <p className="text-xs text-destructive" role="alert">
          Could not start the re-run: {error}
        </p>
      )}
    </div>
  );
}
