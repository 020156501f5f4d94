import 'server-only';
import { randomBytes } from 'node:crypto';
import type { LoopCheckpoint } from '@/lib/agent/checkpoint';
import type { PendingModelCall } from '@/lib/agent/step-gate';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { runs, type RunRow } from '../schema';

type Continuation = NonNullable<RunRow['continuation']>;

/**
 * Step mode's runs (lib/server/paused-runs.ts). A run that paused before a model call ends
 * its stream as `awaiting_approval` (it waits for the person, like an approval) with end
 * reason `paused`, and its `continuation` holds the checkpoint and the request. Continue or
 * Stop takes the continuation once, by its nonce, whichever instance serves the request.
 */

/** Keeps the paused call on the run, with a fresh nonce, while it still runs here: just before its end is written. */
export async function recordPausedCall(db: Db, runId: string, paused: { checkpoint: LoopCheckpoint; call: PendingModelCall; origin?: string }): Promise<boolean> {
  const continuation: Continuation = { nonce: randomBytes(16).toString('base64url'), checkpoint: paused.checkpoint, origin: paused.origin, handedOffAt: Date.now(), beforeModelCall: paused.call };
  const updated = await db
    .update(runs)
    .set({ continuation })
    .where(and(eq(runs.id, runId), eq(runs.status, 'running')))
    .returning({ id: runs.id });
  return updated.length === 1;
}

/** The session's latest run: a paused call is current only while it is the latest. */
export async function latestSessionRun(db: Db, ownerId: string, sessionId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(runs)
    .where(and(eq(runs.ownerId, ownerId), eq(runs.sessionId, sessionId)))
    .orderBy(desc(runs.startedAt))
    .limit(1);
  return row;
}

/**
 * Takes the paused call: only once (the continuation is cleared in the same statement), so
 * two tabs or instances pressing Continue (or Continue and Stop) cannot both go on. With
 * `stopped`, the run's row says it ended stopped.
 */
export async function takePausedCall(db: Db, runId: string, nonce: string, options: { stopped?: boolean } = {}): Promise<boolean> {
  const updated = await db
    .update(runs)
    .set({ continuation: null, ...(options.stopped ? { status: 'cancelled' as const, endReason: 'cancelled' } : {}) })
    .where(and(eq(runs.id, runId), eq(runs.status, 'awaiting_approval'), eq(runs.endReason, 'paused'), sql`json_extract(${runs.continuation}, '$.nonce') = ${nonce}`))
    .returning({ id: runs.id });
  return updated.length === 1;
}
