/**
 * Figures for the run log (issue: durable runs). Printed, never asserted against time:
 * - the streaming overhead of the log end to end: a 1,000-token stream at full speed through the chat route, with
 *   the log's database writes against without them (the same run otherwise);
 * - the log alone: 1,000 chunks through it against a bare in-memory stream;
 * - replaying 10,000 logged events from the table, and rebuilding a message from them;
 * - database statements per step of a real run through the routes.
 */
import { describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { databaseCalls } from '@/db/open.mjs';
import { appendRunEvents } from '@/db/queries/run-events';
import { createRun, finishRun, getRun } from '@/db/queries/runs';
import type { AgentUIMessageChunk } from '@/lib/agent/messages';
import { messageFromLog } from '@/lib/server/recovery';
import { followRunFromLog, RunLog } from '@/lib/server/run-log';
import { readChunks, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({ name: 'bench' });

/** Off for the end-to-end figure's rounds "without": the log's batches (and its rewrite at the end) are not written (every other write is). */
const logWrites = vi.hoisted(() => ({ on: true, batches: 0 }));
vi.mock('@/db/queries/run-events', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/db/queries/run-events')>();
  return {
    ...actual,
    // The run log writes its batches through this (several runs' in one statement).
    appendRunEventBatches: (...args: Parameters<typeof actual.appendRunEventBatches>) => {
      if (!logWrites.on) return Promise.resolve();
      logWrites.batches += args[1].length;
      return actual.appendRunEventBatches(...args);
    },
    // The log rewritten as one row at the run's end (RunLog.compact), after the stream closed: a log write too.
    rewriteRunEvents: (...args: Parameters<typeof actual.rewriteRunEvents>) => (logWrites.on ? actual.rewriteRunEvents(...args) : Promise.resolve()),
  };
});

/**
 * Pairs of the end-to-end figure, in turn. With 9, the medians of three runs of one build moved by up to a third
 * (63.8-86.8 ms with the log): a run's wall is ~70 ms, and a GC or a compile inside one moves it by 10-20 ms.
 */
const ROUNDS = 25;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const delta = (i: number): AgentUIMessageChunk => ({ type: 'text-delta', id: 't', delta: `token${i} ` });

async function drain<T>(stream: ReadableStream<T>): Promise<number> {
  let count = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done } = await reader.read();
    if (done) return count;
    count++;
  }
}

describe('run log figures', () => {
  it('streaming overhead end to end: a 1,000-token stream at full speed, with the log against without', async () => {
    const turn = async (on: boolean) => {
      const sessionId = await app.newSession();
      logWrites.on = on;
      const batches = logWrites.batches;
      try {
        const cpu = process.cpuUsage();
        const t0 = performance.now();
        const chunks = await readChunks(await app.chat(sessionId, 'Go [[scenario:paced?tokens=1000]]'));
        const wallMs = performance.now() - t0;
        // The run saves its end, and the log its last batch, after the stream closes: the CPU figure waits for them.
        await new Promise((resolve) => setTimeout(resolve, 200));
        const used = process.cpuUsage(cpu);
        // Every token arrives; at full speed most arrive in one event-loop turn and go out joined (delta-coalescer.ts).
        const deltas = chunks.filter((chunk) => chunk.type === 'text-delta');
        expect(deltas.map((chunk) => chunk.delta).join('')).toBe(Array.from({ length: 1000 }, (_, i) => `w${i} `).join(''));
        return { wallMs, cpuMs: (used.user + used.system) / 1000, batches: logWrites.batches - batches, deltas: deltas.length };
      } finally {
        logWrites.on = true;
      }
    };
    await turn(true);
    await turn(false);
    const rounds: Array<{ with: Awaited<ReturnType<typeof turn>>; without: Awaited<ReturnType<typeof turn>> }> = [];
    // In turn, so the machine's drift falls on both sides alike.
    for (let round = 0; round < ROUNDS; round++) rounds.push(round % 2 ? { without: await turn(false), with: await turn(true) } : { with: await turn(true), without: await turn(false) });
    expect(rounds.every((round) => round.with.batches > 0 && round.without.batches === 0)).toBe(true);
    const figure = (side: 'with' | 'without', key: 'wallMs' | 'cpuMs') => median(rounds.map((round) => round[side][key]));
    console.info(
      `[figure] a 1,000-token stream at full speed, end to end: without the log's writes ${figure('without', 'wallMs').toFixed(1)} ms, with them ${figure('with', 'wallMs').toFixed(1)} ms (wall, median of ${ROUNDS} in turn); CPU ${figure('without', 'cpuMs').toFixed(1)} against ${figure('with', 'cpuMs').toFixed(1)} ms; ${rounds[0]!.with.batches} batches; the 1,000 tokens in ${rounds[0]!.with.deltas} text chunks`,
    );
  });

  it('the log alone: 1,000 chunks at full speed, with the log against a bare in-memory stream', async () => {
    const db = await getDb();
    const without: number[] = [];
    const withLog: number[] = [];
    for (let round = 0; round < 7; round++) {
      // Without: the in-memory relay the server had before (append, hand to the reader).
      let t0 = performance.now();
      let controller!: ReadableStreamDefaultController<AgentUIMessageChunk>;
      const plain = new ReadableStream<AgentUIMessageChunk>({ start: (c) => void (controller = c) });
      const plainRead = drain(plain);
      for (let i = 0; i < 1000; i++) controller.enqueue(delta(i));
      controller.close();
      await plainRead;
      without.push(performance.now() - t0);

      // With: numbered, kept for followers, written to run_events in batches, flushed at the end.
      const sessionId = await app.newSession();
      const runId = `bench-${round}`;
      await createRun(db, { id: runId, sessionId, ownerId: 'local', messageId: `m-${round}`, modelKey: 'x', instanceId: 'bench', leaseExpiresAt: Date.now() + 60_000 });
      t0 = performance.now();
      const log = new RunLog(db, runId);
      const read = drain(log.read());
      for (let i = 0; i < 1000; i++) log.append(delta(i));
      await log.close();
      log.endFollowers();
      expect(await read).toBe(1000);
      withLog.push(performance.now() - t0);
    }
    console.info(
      `[figure] 1,000 chunks at full speed: without the log ${median(without).toFixed(2)} ms, with it ${median(withLog).toFixed(2)} ms (median of 7; includes the final flush of every batch)`,
    );
  });

  it('replaying 10,000 events from the table, and rebuilding the message from them', async () => {
    const db = await getDb();
    const sessionId = await app.newSession();
    await createRun(db, { id: 'bench-replay', sessionId, ownerId: 'local', messageId: 'm-replay', modelKey: 'x', instanceId: 'bench', leaseExpiresAt: Date.now() + 60_000 });
    const chunks: AgentUIMessageChunk[] = [{ type: 'start', messageId: 'm-replay' }, { type: 'text-start', id: 't' }];
    for (let i = 0; chunks.length < 9_999; i++) chunks.push(delta(i));
    chunks.push({ type: 'finish' });
    for (let i = 0; i < chunks.length; i += 500) {
      await appendRunEvents(db, 'bench-replay', chunks.slice(i, i + 500).map((chunk, offset) => ({ seq: i + offset + 1, chunk })));
    }
    await finishRun(db, 'bench-replay', { status: 'completed', endReason: 'completed' });
    const replays: number[] = [];
    for (let round = 0; round < 5; round++) {
      const t0 = performance.now();
      expect(await drain(followRunFromLog(db, 'bench-replay', 0))).toBe(10_000);
      replays.push(performance.now() - t0);
    }
    const run = (await getRun(db, 'bench-replay'))!;
    const t0 = performance.now();
    const message = await messageFromLog(db, run);
    const rebuild = performance.now() - t0;
    expect(message?.parts[0]).toMatchObject({ type: 'text' });
    console.info(`[figure] replaying 10,000 events from the table: ${median(replays).toFixed(1)} ms (median of 5); rebuilding the message from them: ${rebuild.toFixed(1)} ms`);
  });

  it('database statements per step of a real run', async () => {
    const id = await app.newSession('compat:scripted-chat');
    const calls = Array.from({ length: 5 }, (_, i) => ({ tool: 'calculator', args: { expression: `${i}+1` } }));
    const before = { ...databaseCalls };
    const chunks = await readChunks(await app.chat(id, `Steps [[scenario:sequence?calls=${encodeURIComponent(JSON.stringify(calls))}]]`));
    const steps = chunks.filter((chunk) => chunk.type === 'finish-step').length;
    // The run goes on saving its end after the stream closes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const statements = databaseCalls.statements - before.statements;
    const transactions = databaseCalls.transactions - before.transactions;
    console.info(
      `[figure] a run of ${steps} steps (${chunks.length} chunks): ${statements} statements and ${transactions} transactions in all, ${((statements + transactions) / steps).toFixed(1)} database calls per step (the request's own reads, context measuring, checkpoints, step traces, log batches and heartbeats included)`,
    );
  });
});
