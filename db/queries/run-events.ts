import 'server-only';
import { and, asc, eq, gt, inArray, lt, max, sql } from 'drizzle-orm';
import type { AgentUIMessageChunk } from '@/lib/agent/messages';
import type { Db } from '../client';
import { preparedPerDb } from '../prepared';
import { runEvents, runs } from '../schema';

export interface RunEvent {
  seq: number;
  chunk: AgentUIMessageChunk;
}

/**
 * One row for a whole batch of chunks: `seq` is the batch's last sequence number and
 * `chunk` the batch's chunks in order (a JSON array; the chunk before it is seq − length).
 * A row of one chunk object (as logs were written before batches) still reads.
 */
export async function appendRunEvents(db: Db, runId: string, events: readonly RunEvent[], now = Date.now()): Promise<void> {
  if (events.length === 0) return;
  const rows = contiguousRuns(events).map((run) => ({ runId, seq: run.at(-1)!.seq, chunk: run.map((event) => event.chunk), createdAt: now }));
  if (rows.length === 1) await insertBatch(db).run(rows[0]);
  else await db.insert(runEvents).values(rows);
}

/**
 * A flush's row, the insert a running run makes every ~50 ms: prepared once per database (db/prepared.ts). At 100
 * concurrent runs drizzle built this query 2,000 times a second, ~4 % of the server's time.
 */
const insertBatch = preparedPerDb((db: Db) =>
  db
    .insert(runEvents)
    .values({ runId: sql.placeholder('runId'), seq: sql.placeholder('seq'), chunk: sql.placeholder('chunk'), createdAt: sql.placeholder('createdAt') })
    .prepare(),
);

/**
 * Rewrites the run's events after `afterSeq` as one row, in one atomic batch: a reader sees the rows before or the
 * row after, the same events either way. `events` are those very events, consecutive, all of them.
 */
export async function rewriteRunEvents(db: Db, runId: string, afterSeq: number, events: readonly RunEvent[], now = Date.now()): Promise<void> {
  if (events.length === 0) return;
  await db.batch([
    db.delete(runEvents).where(and(eq(runEvents.runId, runId), gt(runEvents.seq, afterSeq))),
    db.insert(runEvents).values({ runId, seq: events.at(-1)!.seq, chunk: events.map((event) => event.chunk), createdAt: now }),
  ]);
}

/** Splits events into runs of consecutive sequence numbers (a row's chunks are numbered from its last one back). */
function contiguousRuns(events: readonly RunEvent[]): RunEvent[][] {
  const runs: RunEvent[][] = [];
  for (const event of events) {
    const current = runs.at(-1);
    if (current && current.at(-1)!.seq + 1 === event.seq) current.push(event);
    else runs.push([event]);
  }
  return runs;
}

/** The run's events after `afterSeq`, in order (at most `limit`). */
export async function readRunEvents(db: Db, runId: string, afterSeq: number, limit = 1000): Promise<RunEvent[]> {
  // Every row holds at least one event, so `limit` rows hold at least `limit` events.
  const rows = await db
    .select({ seq: runEvents.seq, chunk: runEvents.chunk })
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), gt(runEvents.seq, afterSeq)))
    .orderBy(asc(runEvents.seq))
    .limit(limit);
  const events: RunEvent[] = [];
  for (const row of rows) {
    if (!Array.isArray(row.chunk)) {
      events.push({ seq: row.seq, chunk: row.chunk });
      continue;
    }
    const first = row.seq - row.chunk.length + 1;
    for (let i = Math.max(0, afterSeq + 1 - first); i < row.chunk.length; i++) events.push({ seq: first + i, chunk: row.chunk[i] });
    if (events.length >= limit) break;
  }
  return events.length > limit ? events.slice(0, limit) : events;
}

export async function lastRunEventSeq(db: Db, runId: string): Promise<number> {
  const [row] = await db.select({ last: max(runEvents.seq) }).from(runEvents).where(eq(runEvents.runId, runId));
  return row?.last ?? 0;
}

/** Drops the logs of runs that ended before `endedBefore`: their messages hold everything by then. */
export async function pruneRunEvents(db: Db, endedBefore: number): Promise<number> {
  const ended = db
    .select({ id: runs.id })
    .from(runs)
    .where(and(inArray(runs.status, ['completed', 'awaiting_approval', 'failed', 'cancelled', 'interrupted']), lt(runs.endedAt, endedBefore)));
  const removed = await db.delete(runEvents).where(inArray(runEvents.runId, ended)).returning({ runId: runEvents.runId });
  return removed.length;
}
