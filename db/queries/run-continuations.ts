import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { runs, type RunRow } from '../schema';

type Continuation = NonNullable<RunRow['continuation']>;

/**
 * A run paused at a step boundary waits for its next invocation: no instance owns it, its
 * lease says how long the hand-off may take (past it, recovery interrupts the run), and
 * the continuation holds the one-time nonce the next invocation must present. Only the
 * owner that still runs it can hand it on; answers false otherwise (stopped and taken
 * over as interrupted, say).
 */
export async function markRunContinuing(db: Db, input: { runId: string; instanceId: string; leaseExpiresAt: number; continuation: Continuation }): Promise<boolean> {
  const updated = await db
    .update(runs)
    .set({ continuation: input.continuation, instanceId: null, leaseExpiresAt: input.leaseExpiresAt })
    .where(and(eq(runs.id, input.runId), eq(runs.status, 'running'), eq(runs.instanceId, input.instanceId)))
    .returning({ id: runs.id });
  return updated.length === 1;
}

/**
 * The next invocation takes the run: only with the nonce it was handed, and only once
 * (the nonce is cleared in the same statement). Answers the run as it was before the
 * claim, with its continuation, or undefined when the nonce is not (or no longer) the one.
 */
export async function claimRunContinuation(db: Db, input: { runId: string; nonce: string; instanceId: string; leaseExpiresAt: number }): Promise<RunRow | undefined> {
  const [before] = await db.select().from(runs).where(eq(runs.id, input.runId));
  if (!before?.continuation || before.continuation.nonce !== input.nonce || before.status !== 'running') return undefined;
  const claimed = await db
    .update(runs)
    .set({ continuation: null, instanceId: input.instanceId, leaseExpiresAt: input.leaseExpiresAt, invocations: sql`${runs.invocations} + 1` })
    .where(and(eq(runs.id, input.runId), eq(runs.status, 'running'), sql`json_extract(${runs.continuation}, '$.nonce') = ${input.nonce}`))
    .returning({ invocations: runs.invocations });
  return claimed.length === 1 ? { ...before, invocations: claimed[0].invocations } : undefined;
}

/** Ends a run still waiting for the invocation with this nonce as interrupted; answers false once an invocation took it (or it ended). */
export async function abandonRunContinuation(db: Db, runId: string, nonce: string, endReason: string): Promise<boolean> {
  const updated = await db
    .update(runs)
    .set({ status: 'interrupted', endReason, endedAt: Date.now(), leaseExpiresAt: null })
    .where(and(eq(runs.id, runId), eq(runs.status, 'running'), sql`json_extract(${runs.continuation}, '$.nonce') = ${nonce}`))
    .returning({ id: runs.id });
  return updated.length === 1;
}
