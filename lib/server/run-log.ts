import 'server-only';
import { UI_MESSAGE_STREAM_HEADERS } from 'ai';
import type { Db } from '@/db/client';
import { isBusyError, withBusyRetry } from '@/db/open.mjs';
import { appendRunEventBatches, readRunEvents, rewriteRunEvents, type RunEvent, type RunEventBatch } from '@/db/queries/run-events';
import { getRun } from '@/db/queries/runs';
import { preparedPerDb } from '@/db/prepared';
import type { AgentUIMessageChunk } from '@/lib/agent/messages';
import { ALWAYS_HELD, type RunLease } from './run-lease';

/**
 * The run log: every chunk of a run gets a sequence number and goes into run_events,
 * in batches (a row per flush, every FLUSH_MS or MAX_BATCH chunks, never one write per
 * token). The logs of a process flush together, on one timer, and their rows go in one
 * statement (logWriter below). The process that owns the run also keeps the chunks in memory, so
 * its own followers get each one at once; any other process follows by polling the
 * table. Either way a follower can start after any sequence number, so a reload, a
 * second tab and another instance all see the same run.
 *
 * A run carried by chained invocations (lib/server/run-handoff.ts) keeps one log: each
 * invocation numbers on from the last logged chunk, reads the earlier ones from the
 * table, and when it hands the run on its followers go on reading the table, where the
 * next invocation writes. A follower sees one run, every chunk once, in order.
 */

const FLUSH_MS = 50;
export const MAX_BATCH = 256;
/** A log of more chunks than this is not rewritten as one row at the run's end (RunLog.compact). */
const MAX_COMPACTED = 5_000;
/** How often a process that does not own the run looks for new events. */
const POLL_MS = 300;
/** A run's writes must land: they wait out a locked database this long before the run fails. */
const RUN_WRITE_BUDGET_MS = 120_000;

export const landRunWrite = <T>(write: () => Promise<T>) => withBusyRetry(write, { budgetMs: RUN_WRITE_BUDGET_MS });

/**
 * Every log with chunks waiting flushes at the same tick, at most FLUSH_MS after its first waiting chunk: with a
 * timer each, 100 runs at 50 tok/s made 2,000 inserts a second; on one, their rows go together (logWriter).
 */
const flushTick: { logs: Set<RunLog>; timer?: ReturnType<typeof setTimeout> } = { logs: new Set() };

function flushAtTick(log: RunLog): void {
  flushTick.logs.add(log);
  flushTick.timer ??= setTimeout(() => {
    flushTick.timer = undefined;
    const logs = [...flushTick.logs];
    flushTick.logs.clear();
    for (const each of logs) void each.flush();
  }, FLUSH_MS);
}

/** A batch waiting for the writer, and whoever waits for it. */
type QueuedBatch = RunEventBatch & { resolve: () => void; reject: (error: unknown) => void };

/**
 * The batches of every log on one database, written in order, one statement at a time: what the logs ask for while
 * a statement runs (or in the same turn) goes in the next one together. A failure that is not a locked database
 * (one run's row gone, say) is tried again run by run, so it fails that run's log only.
 */
function logWriter(db: Db): (batch: RunEventBatch) => Promise<void> {
  let queue: QueuedBatch[] = [];
  let busy = false;
  const writeAll = async () => {
    while (queue.length > 0) {
      const group = queue;
      queue = [];
      try {
        await landRunWrite(() => appendRunEventBatches(db, group));
        group.forEach((batch) => batch.resolve());
      } catch (error) {
        if (group.length === 1 || isBusyError(error)) group.forEach((batch) => batch.reject(error));
        else for (const batch of group) await landRunWrite(() => appendRunEventBatches(db, [batch])).then(batch.resolve, batch.reject);
      }
    }
    busy = false;
  };
  return (batch) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ ...batch, resolve, reject });
      if (!busy) {
        busy = true;
        setImmediate(() => void writeAll());
      }
    });
}

/** One writer per database handle. */
const writerFor = preparedPerDb(logWriter);

/** A chunk, the end of the run's log (null), or its hand-off to the next invocation. */
type Follower = (event: RunEvent | null | 'handed-off') => void;

/** The owner's side: numbers chunks, keeps them for local followers, writes them in batches. */
export class RunLog {
  private readonly events: RunEvent[] = [];
  private readonly followers = new Set<Follower>();
  private pending: RunEvent[] = [];
  private writing: Promise<void> = Promise.resolve();
  private closed = false;
  private handedOff = false;
  /** Batches written so far (a row each, one per flush; rows of several logs may share a statement). */
  writes = 0;
  /** Set when a batch could not be written within the run's budget. */
  failure: unknown;

  constructor(
    private readonly db: Db,
    readonly runId: string,
    private readonly onWriteFailure: (error: unknown) => void = () => {},
    /** The last chunk earlier invocations of this run logged: this one numbers on from there. */
    private readonly baseSeq = 0,
    /** Asked before each batch is written: a run another instance took over is that instance's to log (run-heartbeat.ts). */
    private readonly lease: Pick<RunLease, 'held'> = ALWAYS_HELD,
  ) {}

  get lastSeq(): number {
    return this.baseSeq + this.events.length;
  }

  append(chunk: AgentUIMessageChunk): number {
    if (this.closed) return this.lastSeq;
    const event = { seq: this.lastSeq + 1, chunk };
    this.events.push(event);
    this.pending.push(event);
    for (const follower of this.followers) follower(event);
    if (this.pending.length >= MAX_BATCH) void this.flush();
    else if (this.pending.length === 1) flushAtTick(this);
    return event.seq;
  }

  /** Writes what is pending; batches are written in order, one after another. */
  flush(): Promise<void> {
    flushTick.logs.delete(this);
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return this.writing;
    this.writing = this.writing.then(async () => {
      if (this.failure) return;
      const held = this.lease.held();
      if (held !== true && !(await held)) return;
      try {
        await writerFor(this.db)({ runId: this.runId, events: batch });
        this.writes++;
      } catch (error) {
        this.failure = error;
        this.onWriteFailure(error);
      }
    });
    return this.writing;
  }

  /** Takes no more chunks and writes everything still pending. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  /**
   * After the run's end (close, then its row): the chunks this process logged, rewritten as one row. Batches of a
   * few chunks, each deflated alone and each a row, took two to five times the bytes of the same log deflated at
   * once (run_events was about a fifth of a step's bytes in the database). A follower anywhere reads the same
   * events before and after (a row's chunks are numbered back from its seq; the swap is atomic). Earlier
   * invocations' rows stay as written; a log that failed a write, or too long to deflate in one go on the event
   * loop, stays as it is.
   */
  async compact(): Promise<void> {
    if (!this.closed || this.handedOff || this.failure || this.events.length < 2 || this.events.length > MAX_COMPACTED) return;
    await this.flush();
    await landRunWrite(() => rewriteRunEvents(this.db, this.runId, this.baseSeq, this.events));
  }

  /** Ends every local follower's stream (after close: the run's row says it ended). */
  endFollowers(): void {
    this.closed = true;
    for (const follower of this.followers) follower(null);
    this.followers.clear();
  }

  /** The run goes on in another invocation (after close): local followers go on reading the table. */
  handOff(): void {
    this.closed = true;
    this.handedOff = true;
    for (const follower of this.followers) follower('handed-off');
    this.followers.clear();
  }

  /**
   * The events after `afterSeq` (those of earlier invocations from the table), then live
   * ones until the run's log closes; after a hand-off, the next invocation's from the table.
   */
  read(afterSeq = 0): ReadableStream<RunEvent> {
    return this.readAs(afterSeq, (events) => events[0]);
  }

  /**
   * The same events as SSE (runEventsResponse's format), encoded as they are read: no
   * stream between the log and the response, so a chunk takes one hop less to the socket.
   * Chunks that arrive in the same turn of the event loop (a model's burst, a step's end)
   * go out in one write: a socket write per chunk was ~9 % of the server's CPU.
   */
  response(afterSeq = 0): Response {
    return sseResponse(this.readAs(afterSeq, encodeEvents, { coalesce: true, last: encodeDone }));
  }

  private readAs<T>(afterSeq: number, encode: (events: RunEvent[]) => T, options: { coalesce?: boolean; last?: () => T } = {}): ReadableStream<T> {
    let follower: Follower | undefined;
    let table: ReadableStreamDefaultReader<RunEvent> | undefined;
    let cancelled = false;
    let sent = afterSeq;
    let pending: RunEvent[] = [];
    let immediate: ReturnType<typeof setImmediate> | undefined;
    return new ReadableStream<T>({
      start: async (controller) => {
        const flush = () => {
          immediate = undefined;
          if (pending.length === 0) return;
          const batch = pending;
          pending = [];
          controller.enqueue(encode(batch));
        };
        const send = (event: RunEvent) => {
          if (event.seq <= sent) return;
          sent = event.seq;
          if (!options.coalesce) return controller.enqueue(encode([event]));
          pending.push(event);
          immediate ??= setImmediate(() => {
            try {
              flush();
            } catch {
              if (follower) this.followers.delete(follower); // the reader went away
            }
          });
        };
        const end = () => {
          if (immediate) clearImmediate(immediate);
          flush();
          if (options.last) controller.enqueue(options.last());
          controller.close();
        };
        // The next invocation writes into the table: follow it there, to the run's end.
        const followTable = async () => {
          table = followRunFromLog(this.db, this.runId, sent).getReader();
          try {
            for (let next = await table.read(); !next.done; next = await table.read()) send(next.value);
            end();
          } catch {
            // the reader went away
          }
        };
        for (let page = await this.earlierEvents(sent); page.length > 0 && !cancelled; page = await this.earlierEvents(sent)) page.forEach(send);
        for (const event of this.events) send(event);
        if (this.handedOff) return void followTable();
        if (this.closed) return end();
        follower = (event) => {
          try {
            if (event === 'handed-off') void followTable();
            else if (!event) end();
            else send(event);
          } catch {
            if (follower) this.followers.delete(follower); // the reader went away
          }
        };
        this.followers.add(follower);
      },
      cancel: async () => {
        cancelled = true;
        if (immediate) clearImmediate(immediate);
        pending = [];
        if (follower) this.followers.delete(follower);
        await table?.cancel();
      },
    });
  }

  /** Chunks earlier invocations of this run logged after `afterSeq` (one page), from the table. */
  private async earlierEvents(afterSeq: number): Promise<RunEvent[]> {
    if (afterSeq >= this.baseSeq) return [];
    const page = await readRunEvents(this.db, this.runId, afterSeq, 2000);
    return page.filter((event) => event.seq <= this.baseSeq);
  }
}

/**
 * Follows a run another process owns (or owned) from the table: polls for events after
 * `afterSeq` until the run has ended and its log is read to its `finish`.
 */
export function followRunFromLog(db: Db, runId: string, afterSeq = 0, options: { pollMs?: number; onIdle?: () => Promise<void> } = {}): ReadableStream<RunEvent> {
  let last = afterSeq;
  let cancelled = false;
  let quietAfterEnd = 0;
  return new ReadableStream<RunEvent>({
    pull: async (controller) => {
      for (;;) {
        if (cancelled) return;
        const events = await readRunEvents(db, runId, last);
        if (events.length > 0) {
          for (const event of events) controller.enqueue(event);
          last = events.at(-1)!.seq;
          if (events.some((event) => event.chunk.type === 'finish')) {
            await rowSettled(db, runId);
            controller.close();
          }
          return;
        }
        const run = await getRun(db, runId);
        if (!run || run.status !== 'running') {
          // Ended: its last events may still be on their way (a recovery appends the closing ones).
          if (!run || ++quietAfterEnd >= 3) {
            controller.close();
            return;
          }
        } else {
          await options.onIdle?.();
        }
        await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? POLL_MS));
      }
    },
    cancel: () => {
      cancelled = true;
    },
  });
}

/**
 * The owner writes the run's last chunks, then its row: a follower that read the `finish`
 * waits (briefly) for the row too, so whoever reads the run after the stream ended (the
 * session's state, the next turn) finds it ended, as a follower in the owner's process does.
 */
async function rowSettled(db: Db, runId: string, waitMs = 5000): Promise<void> {
  const deadline = Date.now() + waitMs;
  while ((await getRun(db, runId))?.status === 'running' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
}

const encoder = new TextEncoder();
const sseEvent = (event: RunEvent) => `id: ${event.seq}\ndata: ${JSON.stringify(event.chunk)}\n\n`;
const encodeEvents = (events: RunEvent[]) => encoder.encode(events.length === 1 ? sseEvent(events[0]) : events.map(sseEvent).join(''));
const encodeDone = () => encoder.encode('data: [DONE]\n\n');

/**
 * The event stream's headers: `no-transform` keeps Next's compression (and proxies) off it.
 * Gzip flushed at every event cost CPU for each chunk of every run (about 5 % of the server's
 * time over a 20-step run) and compresses events of a few dozen bytes little.
 */
const SSE_HEADERS = { ...UI_MESSAGE_STREAM_HEADERS, 'cache-control': 'no-cache, no-transform' };

function sseResponse(body: ReadableStream<Uint8Array>, status = 200): Response {
  return new Response(body, { status, headers: SSE_HEADERS });
}

/** SSE with `id:` lines, so a client can resume with Last-Event-ID (or `?after=`). */
export function runEventsResponse(events: ReadableStream<RunEvent>, init: { status?: number } = {}): Response {
  const body = events.pipeThrough(
    new TransformStream<RunEvent, Uint8Array>({
      transform(event, controller) {
        controller.enqueue(encoder.encode(sseEvent(event)));
      },
      flush(controller) {
        controller.enqueue(encodeDone());
      },
    }),
  );
  return sseResponse(body, init.status);
}

/** Where a follower resumes: `?after=<seq>`, else the Last-Event-ID header, else the start. */
export function resumePoint(request: Request): number {
  const fromQuery = new URL(request.url).searchParams.get('after');
  const raw = fromQuery ?? request.headers.get('last-event-id') ?? '0';
  const seq = Number(raw);
  return Number.isInteger(seq) && seq >= 0 ? seq : 0;
}
