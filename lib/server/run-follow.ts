import type { Db } from '@/db/client';
import type { RunRow } from '@/db/schema';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { getRunningRun } from '@/db/queries/runs';
import { recoverOrphanedRuns } from './recovery';
import { followRunFromLog, resumePoint, runEventsResponse } from './run-log';
import { getActiveRun, stopRun } from './run-manager';

/**
 * Reattach: the session's running run from any sequence number (`?after=` or
 * Last-Event-ID), then live. This process's own run is read from memory; a run another
 * instance owns is read from the log, and if its owner dies meanwhile (its lease runs
 * out) the follower recovers it, so the stream still ends. 204 when nothing runs.
 */
export async function followSessionRun(request: Request, db: Db, ownerId: string, sessionId: string): Promise<Response> {
  const after = resumePoint(request);
  const local = getActiveRun(sessionId);
  if (local) return runEventsResponse(local.log.read(after));
  const run = await getRunningRun(db, ownerId, sessionId);
  if (!run) return new Response(null, { status: 204 });
  const recoverIfOrphaned = async () => {
    await recoverOrphanedRuns(db, { sessionId });
  };
  return runEventsResponse(followRunFromLog(db, run.id, after, { onIdle: recoverIfOrphaned }));
}

/** Stop from anywhere; answers once the run has ended and its partial answer is saved (up to `waitMs`). */
export async function stopSessionRun(db: Db, ownerId: string, sessionId: string, waitMs = 15_000): Promise<boolean> {
  const local = getActiveRun(sessionId);
  const stopped = await stopRun(db, ownerId, sessionId);
  if (local) {
    await local.done;
    return stopped;
  }
  const deadline = Date.now() + waitMs;
  while (stopped && Date.now() < deadline && (await getRunningRun(db, ownerId, sessionId))) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return stopped;
}

/**
 * The transcript a page starts from while a run is active: without the run's own message
 * (or with a continuation's base message in its place), because reattaching replays the
 * run from its first chunk. Otherwise the steps already checkpointed would show twice,
 * and a continued message's chunks would name tool calls the page does not have.
 */
export function transcriptForReattach(messages: AgentUIMessage[], run: Pick<RunRow, 'messageId' | 'baseMessage'> | undefined): AgentUIMessage[] {
  if (!run) return messages;
  const rest = messages.filter((message) => message.id !== run.messageId);
  return run.baseMessage ? [...rest, run.baseMessage] : rest;
}
