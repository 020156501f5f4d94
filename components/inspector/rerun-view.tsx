'use client';

import { useState } from 'react';
import { GitBranchIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { RequestEditor } from '@/components/inspector/request-editor';
import type { EditableRequest } from '@/lib/agent/editable-request';
import { readError } from '@/lib/client/api-error';
import { announceRunStarted } from '@/lib/client/paused-request';
import { rerunStep } from '@/lib/client/step-debugger-api';

/**
 * "Edit and re-run": the step's exact request in the editor; running it makes
 * a new branch of this session whose history is the edited request, and the
 * agent goes on there with the session's tools and the workspace as it was
 * when that step sent its request. The inspector closes and the chat shows the
 * new branch running; the original stays one switch away (‹ › on the first message).
 */
export function RerunView({ runId, stepNumber, request }: { runId: string; stepNumber: number; request: EditableRequest }) {
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
      // The session's chat attaches to the run (useFollowRunsStartedElsewhere) and shows the new branch; the inspector closes.
      announceRunStarted(session.id);
    } catch (e) {
      setError(readError(e).message);
    } finally {
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
          {running ? <Spinner className="size-3.5" /> : <GitBranchIcon />} Run as a new branch
        </Button>
        <span className="text-xs text-muted-foreground">A new branch of this session, with the files as at this step. The original stays one switch away; these edits apply to that run only.</span>
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
