import 'server-only';
import type { Db } from '@/db/client';
import type { RunRow } from '@/db/schema';
import { isToolUIPart } from 'ai';
import { z } from 'zod';
import { readRunEvents, type RunEvent } from '@/db/queries/run-events';
import type { AgentUIMessage, AgentUIMessagePart } from '@/lib/agent/messages';
import { getRun, getRunningRun, getSessionRun } from '@/db/queries/runs';
import { recoverOrphanedRuns } from './recovery';
import { followRunFromLog, resumePoint, runEventsResponse } from './run-log';
import { getActiveRun, stopRun } from './run-manager';
import { readStoredMessage } from './stored-messages';
import { stopPausedRun } from './paused-runs';

/**
 * Reattach: the session's running run from any sequence number (`?after=` or
 * Last-Event-ID), then live. This process's own run is read from memory; a run another
 * instance owns is read from the log, and if its owner dies meanwhile (its lease runs
 * out) the follower recovers it, so the stream still ends. 204 when nothing runs.
 *
 * `?run=` names the run the caller's transcript was prepared for (SessionSummary.runId):
 * that run is replayed from its log even when it ended after the caller read the
 * transcript, so a reattach that comes a moment late still shows the whole run (204 when
 * the session has no such run, or its log was pruned).
 */
export async function followSessionRun(request: Request, db: Db, ownerId: string, sessionId: string): Promise<Response> {
  const after = resumePoint(request);
  const named = namedRun(request);
  const local = getActiveRun(sessionId);
  if (local && (!named || local.runId === named)) return local.log.response(after);
  const run = named ? await getSessionRun(db, ownerId, sessionId, named) : await getRunningRun(db, ownerId, sessionId);
  if (!run) return new Response(null, { status: 204 });
  if (run.status !== 'running' && (await readRunEvents(db, run.id, after, 1)).length === 0) return new Response(null, { status: 204 });
  const recoverIfOrphaned = async () => {
    await recoverOrphanedRuns(db, { sessionId });
  };
  return runEventsResponse(followRunFromLog(db, run.id, after, { onIdle: recoverIfOrphaned }));
}

const runIdSchema = z.string().regex(/^[\w-]{1,64}$/);

/** `?run=`, when it is a run id (anything else is ignored: the session's running run is followed). */
function namedRun(request: Request): string | undefined {
  const parsed = runIdSchema.safeParse(new URL(request.url).searchParams.get('run'));
  return parsed.success ? parsed.data : undefined;
}

/** Stop from anywhere; answers once the run has ended and its partial answer is saved (up to `waitMs`). */
export async function stopSessionRun(db: Db, ownerId: string, sessionId: string, waitMs = 15_000): Promise<boolean> {
  const local = getActiveRun(sessionId);
  const target = local?.runId ?? (await getRunningRun(db, ownerId, sessionId))?.id;
  const stopped = await stopRun(db, ownerId, sessionId);
  // Nothing runs: a run paused before a model call (step mode) ends as stopped.
  if (!stopped) return stopPausedRun(db, ownerId, sessionId);
  // A local run may have just handed itself on to a chained invocation, which then takes the stop: wait for its row either way
  // (that run's, not a next one the queue may have started).
  if (local) await local.done;
  const deadline = Date.now() + waitMs;
  while (stopped && target && Date.now() < deadline && (await getRun(db, target))?.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return stopped;
}

/**
 * The transcript a page starts from while a run is active, since reattaching replays the
 * run's log from its first chunk onto it (the client resumes, `resumeStreamIsReplay: false`):
 * - a new turn: without the run's own message, or its checkpointed steps would show twice;
 * - an approval continuation: the message as it was when the run started, with every call
 *   the log says was answered in `approval-responded`. The AI SDK resumes onto the last
 *   message only in that state, and the replayed answers must find their calls; without it
 *   a reload during a continuation failed with "No tool invocation found for approval ID".
 * (This approach, and the approval-responded detail, came from a helper's branch.)
 */
function transcriptForReattach(
  messages: AgentUIMessage[],
  run: Pick<RunRow, 'messageId' | 'baseMessage'> | undefined,
  events: readonly RunEvent[] = [],
): AgentUIMessage[] {
  if (!run) return messages;
  const rest = messages.filter((message) => message.id !== run.messageId);
  if (!run.baseMessage) return rest;
  const answers = new Map<string, { approved: boolean; reason?: string }>();
  for (const { chunk } of events) {
    if (chunk.type === 'tool-approval-response') answers.set(chunk.approvalId, { approved: chunk.approved, ...(chunk.reason ? { reason: chunk.reason } : {}) });
  }
  const parts = run.baseMessage.parts.map((part): AgentUIMessagePart => {
    if (!isToolUIPart(part) || part.state !== 'approval-requested') return part;
    const answer = answers.get(part.approval.id);
    return answer ? ({ ...part, state: 'approval-responded', approval: { ...part.approval, ...answer } } as AgentUIMessagePart) : part;
  });
  return [...rest, { ...run.baseMessage, parts }];
}

/** The saved transcript, prepared for reattaching when a run is active (see transcriptForReattach). */
export async function loadTranscriptForReattach(db: Db, messages: AgentUIMessage[], run: RunRow | undefined): Promise<AgentUIMessage[]> {
  if (!run?.baseMessage) return transcriptForReattach(messages, run);
  // The continuation's base message is a stored message too: validated like the transcript's.
  const base = await readStoredMessage(run.sessionId, { id: run.messageId, role: 'assistant', message: run.baseMessage });
  // A continuation's approval answers are among its first chunks.
  const events = await readRunEvents(db, run.id, 0, 200);
  return transcriptForReattach(messages, { messageId: run.messageId, baseMessage: base.message }, events);
}
