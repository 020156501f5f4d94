/**
 * Figures for long sessions (issue 14), printed as `[figure-json] {…}` lines for `npm run bench`, never asserted
 * against time: appending steps to a session of 10 and of 2,000 messages, in-process, through the routes.
 * - database statements and transactions per step (the same at both lengths when a step writes new rows only);
 * - time spent inside the database driver per step (its calls timed where they run, not waiting for the connection);
 * - database bytes per step (live pages before and after the run), against the step's new content
 *   (its text, tool inputs and outputs), with what the step traces and the run log take of it.
 */
import { describe, expect, it } from 'vitest';
import type { Client, Transaction } from '@libsql/client';
import { getDb, type Db } from '@/db/client';
import { databaseCalls } from '@/db/open.mjs';
import type { AgentUIMessageChunk } from '@/lib/agent/messages';
import { params, post, readChunks, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({ name: 'bench-long', routes: ['exportSession', 'importSession'] });
const LENGTHS = (process.env.BENCH_LENGTHS ?? '10,2000').split(',').map(Number);
/** Tool steps per measured run. Bytes are counted in whole 4 KiB pages: over 41 model calls a page is 100 B a step (over 11 it was 372 B, 2.6× a step's content, so the figure could only read 10.5× or 13.1×). */
const STEPS = 40;
const CALLS = JSON.stringify([
  { tool: 'calculator', args: { expression: '1+$step' } },
  { tool: 'get_current_time', args: { timezone: 'UTC' } },
]);
const agentRun = () => `Run the steps [[scenario:paced?tokens=${STEPS * 20}&steps=${STEPS}&calls=${encodeURIComponent(CALLS)}]]`;

/** drizzle keeps the libSQL client it was made with (db/open.mjs's one-writer proxy) as `$client`. */
const clientOf = (db: Db) => (db as Db & { $client: Client }).$client;

/** Time inside the driver: every call of the client and of its transactions. */
const driver = { ms: 0 };
function timeDriver(client: Client) {
  const proto = Object.getPrototypeOf(client) as Client;
  const timed =
    <A extends unknown[], R>(raw: (...args: A) => Promise<R>) =>
    async function (this: unknown, ...args: A): Promise<R> {
      const t0 = performance.now();
      try {
        return await raw.apply(this, args);
      } finally {
        driver.ms += performance.now() - t0;
      }
    };
  // Set on the client itself: db/open.mjs's proxy then calls these in place of the prototype's.
  Reflect.set(client, 'execute', timed(proto.execute));
  Reflect.set(client, 'batch', timed(proto.batch));
  const rawTransaction = proto.transaction;
  Reflect.set(client, 'transaction', async function (this: Client, ...args: Parameters<Client['transaction']>) {
    const t0 = performance.now();
    const tx = await rawTransaction.apply(this, args);
    driver.ms += performance.now() - t0;
    for (const name of ['execute', 'batch', 'commit', 'rollback'] as const) {
      const raw = (tx[name] as (...a: unknown[]) => Promise<unknown>).bind(tx);
      Reflect.set(tx, name, timed(raw));
    }
    return tx as Transaction;
  });
}

async function liveBytes(): Promise<number> {
  const db = await getDb();
  const value = async (pragma: string) => Number(Object.values((await clientOf(db).execute(pragma)).rows[0]!)[0]);
  await clientOf(db).execute('PRAGMA wal_checkpoint(TRUNCATE)');
  return ((await value('PRAGMA page_count')) - (await value('PRAGMA freelist_count'))) * (await value('PRAGMA page_size'));
}

/** Bytes in use per table and index (SQLite's dbstat: page bytes less the unused), to say where a step's bytes go. */
async function usedBytesByName(): Promise<Map<string, number>> {
  const db = await getDb();
  const { rows } = await clientOf(db).execute('SELECT name, sum(pgsize - unused) AS used FROM dbstat GROUP BY name');
  return new Map(rows.map((row) => [String(row.name), Number(row.used)]));
}

async function seed(count: number): Promise<string> {
  const template = await app.newSession();
  await readChunks(await app.chat(template, `Compute [[scenario:paced?tokens=24&steps=1&tool=calculator&args=${encodeURIComponent('{"expression":"6*7"}')}]]`));
  await readChunks(await app.chat(template, 'Explain with code [[scenario:text]]'));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const file = await (await app.api.exportSession.GET(new Request(`http://app/api/sessions/${template}/export?format=json`), params({ id: template }))).json();
  const pattern = file.messages;
  let parentId: string | null = null;
  file.messages = Array.from({ length: count }, (_, i) => {
    const source = structuredClone(pattern[i % pattern.length]);
    const id = `msg-seed-${count}-${i}`;
    Object.assign(source, { id, parentId, createdAt: i, updatedAt: i });
    source.message.id = id;
    for (const part of source.message.parts) {
      if (part.type === 'text') part.text = `${part.text} (${i})`;
      if (typeof part.toolCallId === 'string') part.toolCallId = `${part.toolCallId}-${i}`;
    }
    parentId = id;
    return source;
  });
  Object.assign(file, { runs: [], compactions: [], activeLeafId: parentId });
  // The scripted model is in no catalog (its window would be 8,192 tokens): a window that holds the whole history.
  file.session.settings = { ...file.session.settings, contextWindowOverride: 10_000_000 };
  const response = await app.api.importSession.POST(new Request('http://app/api/sessions/import', post(file)));
  expect(response.status).toBe(201);
  return (await response.json()).session.id;
}

/** The step's new content: its text, and its tool inputs and outputs as JSON. */
function newContentBytes(chunks: AgentUIMessageChunk[]): number {
  let bytes = 0;
  for (const chunk of chunks) {
    if (chunk.type === 'text-delta') bytes += Buffer.byteLength(chunk.delta);
    if (chunk.type === 'tool-input-available') bytes += Buffer.byteLength(JSON.stringify(chunk.input));
    if (chunk.type === 'tool-output-available') bytes += Buffer.byteLength(JSON.stringify(chunk.output));
  }
  return bytes;
}

describe('long session figures', () => {
  it('appending steps at each session length', async () => {
    const db = await getDb();
    timeDriver(clientOf(db));
    for (const length of LENGTHS) {
      const sessionId = await seed(length);
      for (let round = 0; round < 3; round++) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        const bytesBefore = await liveBytes();
        const usedBefore = await usedBytesByName();
        const before = { ...databaseCalls, ms: driver.ms };
        const t0 = performance.now();
        const chunks = await readChunks(await app.chat(sessionId, agentRun()));
        const wallMs = performance.now() - t0;
        // The run saves its end after the stream closes.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const steps = chunks.filter((chunk) => chunk.type === 'finish-step').length;
        const statements = databaseCalls.statements - before.statements;
        const transactions = databaseCalls.transactions - before.transactions;
        const dbMs = driver.ms - before.ms;
        const bytes = (await liveBytes()) - bytesBefore;
        const usedAfter = await usedBytesByName();
        const usedPerStep = Object.fromEntries(
          [...usedAfter].map(([name, used]) => [name, Math.round((used - (usedBefore.get(name) ?? 0)) / steps)] as const).filter(([, delta]) => delta !== 0),
        );
        const runId = (await clientOf(db).execute({ sql: 'SELECT id FROM runs WHERE session_id = ? ORDER BY started_at DESC LIMIT 1', args: [sessionId] })).rows[0]!.id;
        const size = async (sql: string) => Number((await clientOf(db).execute({ sql, args: [runId] })).rows[0]![0] ?? 0);
        const traceBytes = await size('SELECT sum(length(trace)) FROM run_steps WHERE run_id = ?');
        const eventBytes = await size('SELECT sum(length(chunk)) FROM run_events WHERE run_id = ?');
        const figure = {
          name: 'append-step',
          messages: length,
          round,
          steps,
          wallMs,
          statementsPerStep: statements / steps,
          transactionsPerStep: transactions / steps,
          dbMsPerStep: dbMs / steps,
          bytesPerStep: bytes / steps,
          newContentPerStep: newContentBytes(chunks) / steps,
          traceBytesPerStep: traceBytes / steps,
          eventBytesPerStep: eventBytes / steps,
          // What stays once the run's log is pruned (RUN_LOG_GRACE_MS after its end): used bytes outside run_events.
          keptBytesPerStep: Object.entries(usedPerStep).reduce((sum, [name, used]) => (/run_events/.test(name) ? sum : sum + used), 0),
          usedPerStep,
        };
        console.info(`[figure-json] ${JSON.stringify(figure)}`);
        expect(steps).toBe(STEPS + 1);
      }
    }
  }, 600_000);
});
