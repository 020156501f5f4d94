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
  await appendRunEventBatches(db, [{ runId, events }], now);
}

/** A batch of one run's chunks, for appendRunEventBatches. */
export interface RunEventBatch {
  runId: string;
  events: readonly RunEvent[];
}

/**
 * Several runs' batches in one statement (one row each): the run logs of a process flush together
 * (lib/server/run-log.ts), so 100 running runs make one insert every ~50 ms, not 2,000 a second.
 * Statements of up to PREPARED_ROWS rows are prepared once per database and row count.
 */
export async function appendRunEventBatches(db: Db, batches: readonly RunEventBatch[], now = Date.now()): Promise<void> {
  const rows = batches.flatMap(({ runId, events }) => contiguousRuns(events).map((run) => ({ runId, seq: run.at(-1)!.seq, chunk: run.map((event) => event.chunk), createdAt: now })));
  if (rows.length === 0) return;
  if (rows.length > PREPARED_ROWS) {
    await db.insert(runEvents).values(rows);
    return;
  }
  const values: Record<string, unknown> = {};
  rows.forEach((row, i) => Object.assign(values, { [`runId${i}`]: row.runId, [`seq${i}`]: row.seq, [`chunk${i}`]: row.chunk, [`createdAt${i}`]: row.createdAt }));
  await insertRows(db, rows.length).run(values);
}

/** Inserts of more rows are built each time (more than this many runs flushing at once). */
const PREPARED_ROWS = 128;

/**
 * The insert of `count` rows, prepared once per database (db/prepared.ts): at 100 concurrent runs drizzle built the
 * run log's insert 2,000 times a second, ~4 % of the server's time.
 */
const insertRowsPerDb = preparedPerDb(() => new Map<number, ReturnType<typeof prepareInsert>>());
function insertRows(db: Db, count: number) {
  const prepared = insertRowsPerDb(db);
  let statement = prepared.get(count);
  if (!statement) prepared.set(count, (statement = prepareInsert(db, count)));
  return statement;
}

function prepareInsert(db: Db, count: number) {
  const row = (i: number) => ({ runId: sql.placeholder(`runId${i}`), seq: sql.placeholder(`seq${i}`), chunk: sql.placeholder(`chunk${i}`), createdAt: sql.placeholder(`createdAt${i}`) });
  return db.insert(runEvents).values(Array.from({ length: count }, (_, i) => row(i))).prepare();
}

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
