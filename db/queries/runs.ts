import 'server-only';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { rebuildRequestBody, type SharedRequestField, type StoredBodyBase } from '@/lib/agent/trace-body';
import type { Db } from '../client';
import { preparedPerDb } from '../prepared';
import { runs, runSteps, type RunRow, type RunStepRow } from '../schema';

export type RunStatus = RunRow['status'];

/**
 * Starts a run: the row is also the session's claim, since at most one run per session
 * may be `running` (a unique index). Answers false when another run holds the session.
 */
export async function createRun(
  db: Db,
  input: { id: string; sessionId: string; ownerId: string; messageId: string; modelKey: string; instanceId: string; leaseExpiresAt: number; baseMessage?: AgentUIMessage; overrides?: RunRow['overrides'] },
): Promise<boolean> {
  try {
    await db.insert(runs).values({ ...input, status: 'running', startedAt: Date.now() });
    return true;
  } catch (error) {
    if (/UNIQUE constraint failed: runs\.session_id/.test(describe(error))) return false;
    throw error;
  }
}

function describe(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    parts.push(String((current as { message?: unknown }).message ?? current));
  }
  return parts.join(' | ');
}

/** Ends a run that is still running; answers false when it had already ended (e.g. recovered as interrupted). */
export async function finishRun(
  db: Db,
  id: string,
  outcome: { status: Exclude<RunStatus, 'running'>; endReason: string; usage?: RunRow['usage'] },
): Promise<boolean> {
  const updated = await db
    .update(runs)
    .set({ status: outcome.status, endReason: outcome.endReason, usage: outcome.usage ?? null, endedAt: Date.now(), leaseExpiresAt: null })
    .where(and(eq(runs.id, id), eq(runs.status, 'running')))
    .returning({ id: runs.id });
  return updated.length === 1;
}

/** Ids in one lease renewal: far below SQLite's limit on a statement's parameters. */
const RENEWALS_PER_STATEMENT = 500;

/**
 * The owner's heartbeat for all its runs at once: extends their leases and answers, by run id, whether someone asked
 * the run to stop. A run missing from the answer is no longer running here (it ended, or was taken over).
 */
export async function renewRunLeases(db: Db, ids: readonly string[], instanceId: string, leaseExpiresAt: number): Promise<Map<string, { stopRequested: boolean }>> {
  const renewed = new Map<string, { stopRequested: boolean }>();
  for (let at = 0; at < ids.length; at += RENEWALS_PER_STATEMENT) {
    const rows = await db
      .update(runs)
      .set({ leaseExpiresAt })
      .where(and(inArray(runs.id, ids.slice(at, at + RENEWALS_PER_STATEMENT)), eq(runs.status, 'running'), eq(runs.instanceId, instanceId)))
      .returning({ id: runs.id, stopRequestedAt: runs.stopRequestedAt });
    for (const row of rows) renewed.set(row.id, { stopRequested: row.stopRequestedAt !== null });
  }
  return renewed;
}

/** Asks the session's running run to stop, whichever process owns it. Answers the run, if one was running. */
export async function requestRunStop(db: Db, ownerId: string, sessionId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .update(runs)
    .set({ stopRequestedAt: Date.now() })
    .where(and(eq(runs.ownerId, ownerId), eq(runs.sessionId, sessionId), eq(runs.status, 'running')))
    .returning();
  return row;
}

export async function getRun(db: Db, id: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(runs).where(eq(runs.id, id));
  return row;
}

/** One of the session's runs, whatever its state. */
export async function getSessionRun(db: Db, ownerId: string, sessionId: string, runId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(runs)
    .where(and(eq(runs.id, runId), eq(runs.ownerId, ownerId), eq(runs.sessionId, sessionId)));
  return row;
}

/** The session's running run, whichever process owns it. */
export async function getRunningRun(db: Db, ownerId: string, sessionId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(runs)
    .where(and(eq(runs.ownerId, ownerId), eq(runs.sessionId, sessionId), eq(runs.status, 'running')));
  return row;
}

/** Which of the owner's sessions have a running run (for the session list). */
export async function listRunningSessionIds(db: Db, ownerId: string): Promise<Set<string>> {
  const rows = await db
    .select({ sessionId: runs.sessionId })
    .from(runs)
    .where(and(eq(runs.ownerId, ownerId), eq(runs.status, 'running')));
  return new Set(rows.map((row) => row.sessionId));
}

/** The insert every step makes: prepared once per database (db/prepared.ts). */
const insertStep = preparedPerDb((db: Db) =>
  db
    .insert(runSteps)
    .values({
      id: sql.placeholder('id'),
      runId: sql.placeholder('runId'),
      sessionId: sql.placeholder('sessionId'),
      ownerId: sql.placeholder('ownerId'),
      stepNumber: sql.placeholder('stepNumber'),
      trace: sql.placeholder('trace'),
      baseStepId: sql.placeholder('baseStepId'),
      createdAt: sql.placeholder('createdAt'),
    })
    .prepare(),
);

export async function insertRunStep(
  db: Db,
  input: { id: string; runId: string; sessionId: string; ownerId: string; stepNumber: number; trace: RunStepRow['trace'] },
): Promise<void> {
  await insertStep(db).run(withBaseStepId({ ...input, createdAt: Date.now() }));
}

/** A step row with `baseStepId` from its trace: the column the chain walk follows (the trace itself is deflated). */
export function withBaseStepId<T extends { trace: RunStepRow['trace'] }>(row: T): T & { baseStepId: string | null } {
  return { ...row, baseStepId: row.trace.request.bodyBase?.stepId ?? null };
}

export async function listRuns(db: Db, ownerId: string, sessionId: string): Promise<RunRow[]> {
  return db
    .select()
    .from(runs)
    .where(and(eq(runs.ownerId, ownerId), eq(runs.sessionId, sessionId)))
    .orderBy(desc(runs.startedAt));
}

/** A run's steps, each trace with its whole request body (rebuilt where it was stored as a delta). */
export async function listRunSteps(db: Db, ownerId: string, runId: string): Promise<RunStepRow[]> {
  const rows = await db
    .select()
    .from(runSteps)
    .where(and(eq(runSteps.ownerId, ownerId), eq(runSteps.runId, runId)))
    .orderBy(asc(runSteps.stepNumber));
  const known = new Map(rows.map((row) => [row.id, row]));
  const missing = rows.flatMap((row) => {
    const base = row.trace.request.bodyBase?.stepId;
    return base && !known.has(base) ? [base] : [];
  });
  const session = rows[0]?.sessionId;
  if (missing.length && session) for (const row of await loadStepChains(db, ownerId, session, missing)) known.set(row.id, row);
  return withFullBodies(rows, known);
}

/**
 * The session's latest step with its whole request body: what a new run's first
 * step is stored against (the current run's own last step when it goes on in a
 * chained invocation, else the previous run's).
 */
export async function latestSessionStep(db: Db, ownerId: string, sessionId: string): Promise<{ id: string; request: FullRequest; bodyBase?: StoredBodyBase } | undefined> {
  const recentRuns = db.select({ id: runs.id }).from(runs).where(eq(runs.sessionId, sessionId)).orderBy(desc(runs.startedAt)).limit(2);
  const [latest] = await db
    .select({ id: runSteps.id })
    .from(runSteps)
    .where(and(eq(runSteps.ownerId, ownerId), eq(runSteps.sessionId, sessionId), inArray(runSteps.runId, recentRuns)))
    .orderBy(desc(runSteps.createdAt), desc(runSteps.stepNumber))
    .limit(1);
  if (!latest) return undefined;
  const chain = await loadStepChains(db, ownerId, sessionId, [latest.id]);
  const stored = chain.find((row) => row.id === latest.id);
  const [full] = stored ? withFullBodies([stored], new Map(chain.map((row) => [row.id, row]))) : [];
  return full && { id: full.id, request: full.trace.request, bodyBase: stored!.trace.request.bodyBase };
}

/** The steps `ids` and every step their bodies build on, back to ones stored whole, in one query. */
async function loadStepChains(db: Db, ownerId: string, sessionId: string, ids: string[]): Promise<RunStepRow[]> {
  const chain = sql`(WITH RECURSIVE chain(id) AS (
      SELECT value FROM json_each(${JSON.stringify(ids)})
      UNION
      SELECT s.base FROM (
        SELECT id, coalesce(base_step_id, CASE WHEN typeof(trace) = 'text' THEN json_extract(trace, '$.request.bodyBase.stepId') END) AS base
        FROM ${runSteps}
      ) s JOIN chain ON s.id = chain.id
      WHERE s.base IS NOT NULL
    ) SELECT id FROM chain)`;
  return db
    .select()
    .from(runSteps)
    .where(and(eq(runSteps.ownerId, ownerId), eq(runSteps.sessionId, sessionId), inArray(runSteps.id, chain)));
}

function rebuiltOrNull(...args: Parameters<typeof rebuildRequestBody>): unknown {
  try {
    return rebuildRequestBody(...args);
  } catch {
    return null;
  }
}

type StoredRequest = RunStepRow['trace']['request'];
type FullRequest = Omit<StoredRequest, 'bodyBase'>;

/**
 * `rows` with whole requests: a request stored as a delta is its base's
 * (rebuilt the same way, from `known`) with the delta applied, and the fields
 * it shares with it. A base that is missing (it never should be: steps go with
 * their session) leaves the body null.
 */
export function withFullBodies(rows: readonly RunStepRow[], known: ReadonlyMap<string, RunStepRow>): RunStepRow[] {
  const requests = new Map<string, FullRequest>();
  const requestOf = (id: string): FullRequest | undefined => {
    const path: RunStepRow[] = [];
    for (let at: string | undefined = id; at !== undefined && !requests.has(at); ) {
      const row = known.get(at);
      if (!row || path.includes(row)) break;
      path.push(row);
      at = row.trace.request.bodyBase?.stepId;
    }
    for (const row of path.reverse()) requests.set(row.id, fullRequest(row.trace.request, (baseId) => requests.get(baseId)));
    return requests.get(id);
  };
  return rows.map((row) => {
    if (!row.trace.request.bodyBase) return row;
    const request = requestOf(row.id) ?? fullRequest(row.trace.request, () => undefined);
    return { ...row, trace: { ...row.trace, request } };
  });
}

function fullRequest(stored: StoredRequest, baseOf: (stepId: string) => FullRequest | undefined): FullRequest {
  const { bodyBase: ref, ...request } = stored;
  if (!ref) return request;
  const base = baseOf(ref.stepId);
  const shared = Object.fromEntries((ref.sameRequest ?? []).map((field) => [field, base?.[field] ?? emptyRequest[field]]));
  const body = base?.body === undefined || base.body === null ? null : rebuiltOrNull(request.body, ref, base.body);
  return { ...request, ...shared, body };
}

/** What a request field reads as when its base is gone. */
const emptyRequest: Pick<FullRequest, SharedRequestField> = { instructions: '', tools: [], settings: {}, modelId: '', provider: '' };

/**
 * Running runs whose owner is gone: its lease ran out (killed, or shut down), or it is
 * this very instance starting again (`restartedInstance`), so its old runs cannot live.
 */
export async function listOrphanedRuns(db: Db, now: number, restartedInstance?: string, sessionId?: string): Promise<RunRow[]> {
  const gone = or(isNull(runs.leaseExpiresAt), lt(runs.leaseExpiresAt, now), restartedInstance ? eq(runs.instanceId, restartedInstance) : undefined);
  return db
    .select()
    .from(runs)
    .where(and(eq(runs.status, 'running'), gone, sessionId ? eq(runs.sessionId, sessionId) : undefined));
}
