/**
 * The run log through the real routes and a real SQLite file: numbered chunks written
 * in batches, replay from any sequence number, a follower that reads the table (as
 * another instance does), Stop asked through the database, and recovery of a run whose
 * owner died, rebuilt from its log.
 */
import { createClient, type Client, type InStatement } from '@libsql/client';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appendRunEvents, readRunEvents } from '@/db/queries/run-events';
import { createRun, finishRun, getRun, getRunningRun, requestRunStop } from '@/db/queries/runs';
import type { AgentUIMessageChunk } from '@/lib/agent/messages';
import { interruptRun, SERVER_RESTART_END } from '@/lib/server/recovery';
import { startHeartbeat } from '@/lib/server/run-heartbeat';
import { isSessionRunning } from '@/lib/server/run-manager';
import { followRunFromLog, MAX_BATCH, RunLog } from '@/lib/server/run-log';
import { params, parseChunks, readChunks, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({ name: 'runlog', routes: ['stream', 'stop', 'runs'] });
const { api } = app;

/** `id:` and `data:` of an SSE body, in order. */
function sseEvents(text: string): { id?: number; data: string }[] {
  return text
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => {
      const id = /^id: (\d+)$/m.exec(block)?.[1];
      return { id: id === undefined ? undefined : Number(id), data: /^data: (.*)$/m.exec(block)![1] };
    });
}

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(value);
  }
}

const delta = (text: string): AgentUIMessageChunk => ({ type: 'text-delta', id: 't', delta: text });

/** Counts the statements matching `pattern` the app's database client sends, until `stop`. */
function countStatements(db: Awaited<ReturnType<typeof getDb>>, pattern: RegExp): { stop: () => number } {
  const session: { client: Client } = Reflect.get(db, 'session');
  const client = session.client;
  let count = 0;
  session.client = new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (property === 'execute') {
        return (statement: InStatement) => {
          if (pattern.test(typeof statement === 'string' ? statement : statement.sql)) count++;
          return value.call(target, statement);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    stop: () => {
      session.client = client;
      return count;
    },
  };
}

describe('the run log', () => {
  it('numbers every chunk with an SSE id and keeps the whole run in run_events', async () => {
    const id = await app.newSession('compat:scripted-chat');
    const response = await app.chat(id, 'Compute [[scenario:tool?tool=calculator&args={"expression":"6*7"}]]');
    const events = sseEvents(await response.text());
    expect(events.at(-1)!.data).toBe('[DONE]');
    const numbered = events.slice(0, -1);
    expect(numbered.map((event) => event.id)).toEqual(numbered.map((_, index) => index + 1));

    const runs = (await (await app.api.runs.GET(new Request('http://app'), params({ id }))).json()).runs as { id: string; status: string }[];
    expect(runs[0].status).toBe('completed');
    const logged = await readRunEvents(await getDb(), runs[0].id, 0);
    expect(logged.map((event) => JSON.stringify(event.chunk))).toEqual(numbered.map((event) => event.data));
  });

  it('writes in batches, never one statement per chunk', async () => {
    const db = await getDb();
    const sessionId = await app.newSession();
    await createRun(db, { id: 'run-batch', sessionId, ownerId: 'local', messageId: 'm-batch', modelKey: 'x', instanceId: 'test', leaseExpiresAt: Date.now() + 60_000 });
    const log = new RunLog(db, 'run-batch');
    // A burst: 1,000 tokens at full speed.
    for (let i = 0; i < 1000; i++) log.append(delta(`w${i} `));
    // Then a paced stream: a token every 5 ms for 250 ms.
    for (let i = 0; i < 50; i++) {
      log.append(delta(`p${i} `));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await log.close();
    expect((await readRunEvents(db, 'run-batch', 0, 5000)).length).toBe(1050);
    // Deflated, the burst's rows take a fraction of their JSON (~55 KB of chunks).
    const raw = createClient({ url: process.env.DATABASE_URL! });
    const stored = Number((await raw.execute({ sql: 'SELECT sum(length(chunk)) FROM run_events WHERE run_id = ?', args: ['run-batch'] })).rows[0]![0]);
    raw.close();
    expect(stored).toBeLessThan(JSON.stringify(Array.from({ length: 1050 }, (_, i) => delta(`w${i} `))).length / 4);
    // The burst fills batches of MAX_BATCH; the paced part flushes about every 50 ms.
    expect(log.writes).toBeLessThanOrEqual(Math.ceil(1000 / MAX_BATCH) + 12);
    console.info(`run log: 1,050 chunks in ${log.writes} writes`);
  });

  it('the logs of a process flush together: their rows go in one statement per tick, each log whole and in order', async () => {
    const db = await getDb();
    const ids = ['run-group-a', 'run-group-b', 'run-group-c'];
    // A session runs one run at a time: one each.
    for (const id of ids) await createRun(db, { id, sessionId: await app.newSession(), ownerId: 'local', messageId: `m-${id}`, modelKey: 'x', instanceId: 'test', leaseExpiresAt: Date.now() + 60_000 });
    const inserts = countStatements(db, /insert into "run_events"/i);
    const logs = ids.map((id) => new RunLog(db, id));
    // Three paced runs, a token each every 5 ms for ~300 ms, their timers never aligned by hand.
    for (let i = 0; i < 60; i++) {
      logs.forEach((log, n) => log.append(delta(`${n}:${i} `)));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(logs.map((log) => log.close()));
    const statements = inserts.stop();
    expect(logs.map((log) => log.failure)).toEqual([undefined, undefined, undefined]);
    const rows = logs.reduce((sum, log) => sum + log.writes, 0);
    for (const [n, id] of ids.entries()) {
      const events = await readRunEvents(db, id, 0);
      expect(events.map((event) => [event.seq, (event.chunk as { delta: string }).delta])).toEqual(Array.from({ length: 60 }, (_, i) => [i + 1, `${n}:${i} `]));
    }
    // A row per log per flush, one statement for the three.
    expect(rows).toBeGreaterThanOrEqual(3 * 4);
    expect(statements).toBeLessThanOrEqual(rows / 3 + 2);
    console.info(`run logs: 3 runs, ${rows} rows in ${statements} statements`);
  });

  it('a row that fails a shared statement fails its own log only: the others land', async () => {
    const db = await getDb();
    const sessionId = await app.newSession();
    await createRun(db, { id: 'run-ok', sessionId, ownerId: 'local', messageId: 'm-ok', modelKey: 'x', instanceId: 'test', leaseExpiresAt: Date.now() + 60_000 });
    const failures: Array<[string, unknown]> = [];
    const ok = new RunLog(db, 'run-ok', (error) => failures.push(['ok', error]));
    // No such run: its rows break the foreign key.
    const orphan = new RunLog(db, 'run-none', (error) => failures.push(['orphan', error]));
    for (let i = 0; i < 3; i++) {
      ok.append(delta(`ok${i}`));
      orphan.append(delta(`no${i}`));
    }
    await Promise.all([ok.close(), orphan.close()]);
    expect(failures.map(([which]) => which)).toEqual(['orphan']);
    const error = failures[0][1] as Error;
    expect(String(error.cause ?? error)).toMatch(/FOREIGN KEY/);
    expect(ok.failure).toBeUndefined();
    expect((await readRunEvents(db, 'run-ok', 0)).map((event) => (event.chunk as { delta: string }).delta)).toEqual(['ok0', 'ok1', 'ok2']);
    expect(await readRunEvents(db, 'run-none', 0)).toEqual([]);
  });

  it('rewrites a finished run\'s log as one row, in fewer bytes, read the same from any sequence number', async () => {
    const db = await getDb();
    const sessionId = await app.newSession();
    await createRun(db, { id: 'run-compact', sessionId, ownerId: 'local', messageId: 'm-compact', modelKey: 'x', instanceId: 'test', leaseExpiresAt: Date.now() + 60_000 });
    // A paced stream, as a model at 50 tok/s writes it: a row every flush, a few chunks each.
    const log = new RunLog(db, 'run-compact');
    for (let i = 0; i < 60; i++) {
      log.append(delta(`token${i} `));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await log.close();
    const raw = createClient({ url: process.env.DATABASE_URL! });
    const rows = async () => (await raw.execute({ sql: 'SELECT count(*) AS n, sum(length(chunk)) AS bytes FROM run_events WHERE run_id = ?', args: ['run-compact'] })).rows[0]!;
    const before = await rows();
    const whole = await readRunEvents(db, 'run-compact', 0);
    expect(Number(before.n)).toBeGreaterThan(3);
    await log.compact();
    const after = await rows();
    raw.close();
    expect(Number(after.n)).toBe(1);
    expect(Number(after.bytes)).toBeLessThan(Number(before.bytes) / 2);
    console.info(`run log compacted: ${before.n} rows, ${before.bytes} B → 1 row, ${after.bytes} B`);
    expect(await readRunEvents(db, 'run-compact', 0)).toEqual(whole);
    expect((await readRunEvents(db, 'run-compact', 7, 5)).map((event) => event.seq)).toEqual([8, 9, 10, 11, 12]);
    expect(await readRunEvents(db, 'run-compact', 60)).toEqual([]);
  });

  it('a run through the chat route leaves its log in one row; a follower from the table got every chunk once, in order', async () => {
    const db = await getDb();
    const id = await app.newSession('compat:scripted-chat');
    const calls = encodeURIComponent(JSON.stringify([{ tool: 'calculator', args: { expression: '1+$step' } }]));
    const response = await app.chat(id, `Paced [[scenario:paced?tokens=30&steps=2&delayMs=15&calls=${calls}]]`);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value, { stream: true });
    const runId = ((await (await api.runs.GET(new Request('http://app'), params({ id }))).json()).runs as { id: string }[])[0].id;
    // A follower from the table, as on another instance.
    const follower = collect(followRunFromLog(db, runId, 0, { pollMs: 20 }));
    for (let next = await reader.read(); !next.done; next = await reader.read()) text += decoder.decode(next.value, { stream: true });
    const direct = sseEvents(text).slice(0, -1);
    const raw = createClient({ url: process.env.DATABASE_URL! });
    await expect.poll(async () => Number((await raw.execute({ sql: 'SELECT count(*) FROM run_events WHERE run_id = ?', args: [runId] })).rows[0]![0])).toBe(1);
    raw.close();
    const logged = await readRunEvents(db, runId, 0);
    expect(logged.map((event) => [event.seq, JSON.stringify(event.chunk)])).toEqual(direct.map((event) => [event.id, event.data]));
    expect((await follower).map((event) => event.seq)).toEqual(direct.map((event) => event.id));
  });

  it('keeps a batch in one row and reads it back from any sequence number, next to rows of one chunk', async () => {
    const db = await getDb();
    const sessionId = await app.newSession();
    await createRun(db, { id: 'run-rows', sessionId, ownerId: 'local', messageId: 'm-rows', modelKey: 'x', instanceId: 'test', leaseExpiresAt: Date.now() + 60_000 });
    // A row of one chunk object, as logs were written before batches.
    const raw = createClient({ url: process.env.DATABASE_URL! });
    await raw.execute({ sql: 'INSERT INTO run_events (run_id, seq, chunk, created_at) VALUES (?, 1, ?, 0)', args: ['run-rows', JSON.stringify(delta('a'))] });
    await appendRunEvents(db, 'run-rows', [2, 3, 4, 5].map((seq) => ({ seq, chunk: delta(`b${seq}`) })));
    // A gap in the numbers splits a batch into rows of consecutive chunks.
    // Long deltas: a row from 1 KiB of JSON is deflated.
    const long = (seq: number) => `c${seq}${'x'.repeat(600)}`;
    await appendRunEvents(db, 'run-rows', [6, 7, 9].map((seq) => ({ seq, chunk: delta(long(seq)) })));
    const rows = await raw.execute({ sql: 'SELECT seq, typeof(chunk) AS kind FROM run_events WHERE run_id = ? ORDER BY seq', args: ['run-rows'] });
    raw.close();
    expect(rows.rows.map((row) => Number(row.seq))).toEqual([1, 5, 7, 9]);
    // A batch from 1 KiB of JSON is stored deflated (a blob), a shorter one as JSON text, as is the old row.
    expect(rows.rows.map((row) => row.kind)).toEqual(['text', 'text', 'blob', 'text']);
    const all = await readRunEvents(db, 'run-rows', 0);
    expect(all.map((event) => [event.seq, (event.chunk as { delta: string }).delta])).toEqual([[1, 'a'], [2, 'b2'], [3, 'b3'], [4, 'b4'], [5, 'b5'], [6, long(6)], [7, long(7)], [9, long(9)]]);
    expect((await readRunEvents(db, 'run-rows', 3)).map((event) => event.seq)).toEqual([4, 5, 6, 7, 9]);
    expect((await readRunEvents(db, 'run-rows', 1, 2)).map((event) => event.seq)).toEqual([2, 3]);
    expect((await readRunEvents(db, 'run-rows', 9)).length).toBe(0);
  });

  it('sends the event stream uncompressed, with the chunks of one burst in one write', async () => {
    const db = await getDb();
    const sessionId = await app.newSession();
    await createRun(db, { id: 'run-sse', sessionId, ownerId: 'local', messageId: 'm-sse', modelKey: 'x', instanceId: 'test', leaseExpiresAt: Date.now() + 60_000 });
    const log = new RunLog(db, 'run-sse');
    const response = log.response();
    expect(response.headers.get('cache-control')).toContain('no-transform');
    const reader = response.body!.getReader();
    for (let i = 0; i < 5; i++) log.append(delta(`w${i} `));
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(sseEvents(first).map((event) => event.id)).toEqual([1, 2, 3, 4, 5]);
    log.append(delta('late'));
    await log.close();
    log.endFollowers();
    const decoder = new TextDecoder();
    let rest = '';
    for (let next = await reader.read(); !next.done; next = await reader.read()) rest += decoder.decode(next.value, { stream: true });
    expect(sseEvents(rest).map((event) => event.data)).toEqual([JSON.stringify(delta('late')), '[DONE]']);
  });

  it('replays from any sequence number (?after= or Last-Event-ID), from memory and from the table alike', async () => {
    const db = await getDb();
    const sessionId = await app.newSession();
    await createRun(db, { id: 'run-replay', sessionId, ownerId: 'local', messageId: 'm-replay', modelKey: 'x', instanceId: 'test', leaseExpiresAt: Date.now() + 60_000 });
    const log = new RunLog(db, 'run-replay');
    for (let i = 1; i <= 10; i++) log.append(delta(`${i} `));
    const fromMemory = collect(log.read(7));
    log.append({ type: 'finish' });
    await log.close();
    log.endFollowers();
    expect((await fromMemory).map((event) => event.seq)).toEqual([8, 9, 10, 11]);
    expect((await collect(followRunFromLog(db, 'run-replay', 4, { pollMs: 20 }))).map((event) => event.seq)).toEqual([5, 6, 7, 8, 9, 10, 11]);
  });

  it('follows a live run from the table, as another instance does, to the same end', async () => {
    const id = await app.newSession('compat:scripted-chat');
    const response = await app.chat(id, 'Go slowly [[scenario:slow?delayMs=20&chunks=40]]');
    const db = await getDb();
    let runId: string | undefined;
    for (let i = 0; i < 50 && !runId; i++) {
      runId = (await (await app.api.runs.GET(new Request('http://app'), params({ id }))).json()).runs[0]?.id;
      if (!runId) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const followed = await collect(followRunFromLog(db, runId!, 0, { pollMs: 50 }));
    const direct = parseChunks(await response.text());
    expect(followed.map((event) => event.chunk)).toEqual(direct);
    expect(followed.at(-1)!.chunk.type).toBe('finish');
  });

  it('GET /api/chat/:id/stream resumes after the Last-Event-ID it is given', async () => {
    const id = await app.newSession('compat:scripted-chat');
    const response = await app.chat(id, 'Go slowly [[scenario:slow?delayMs=30&chunks=30]]');
    const reader = response.body!.getReader();
    await reader.read(); // the run is under way
    const resumed = await api.stream.GET(new Request(`http://app/api/chat/${id}/stream`, { headers: { 'last-event-id': '3' } }), params({ id }));
    expect(resumed.status).toBe(200);
    const events = sseEvents(await resumed.text());
    expect(events[0].id, JSON.stringify(events.slice(0, 3))).toBe(4);
    expect(events.at(-1)!.data).toBe('[DONE]');
    await reader.cancel();
    const again = await api.stream.GET(new Request(`http://app/api/chat/${id}/stream?after=0`), params({ id }));
    expect(again.status).toBe(204); // the run ended: nothing to follow
  });

  it('a reattach that names the run its transcript was read with replays it whole, even once it ended', async () => {
    const id = await app.newSession('compat:scripted-chat');
    const response = await app.chat(id, 'Go slowly [[scenario:slow?delayMs=20&chunks=10]]');
    const reader = response.body!.getReader();
    await reader.read(); // the run is under way
    // The session as a page or a follower reads it: the transcript comes with the run it was prepared for.
    const detail = (await (await api.session.GET(new Request(`http://app/api/sessions/${id}`), params({ id }))).json()).session as { running: boolean; runId?: string };
    expect(detail.running).toBe(true);
    const runs = (await (await api.runs.GET(new Request('http://app'), params({ id }))).json()).runs as { id: string }[];
    expect(detail.runId).toBe(runs[0].id);
    const decoder = new TextDecoder();
    let rest = '';
    for (let next = await reader.read(); !next.done; next = await reader.read()) rest += decoder.decode(next.value, { stream: true });
    const direct = sseEvents(rest); // the rest of the run, to its end
    await expect.poll(async () => (await getRun(await getDb(), detail.runId!))?.status).toBe('completed');

    // The run ended before this reattach arrived: following "whatever runs" finds nothing, naming the run replays it.
    expect((await api.stream.GET(new Request(`http://app/api/chat/${id}/stream`), params({ id }))).status).toBe(204);
    const named = await api.stream.GET(new Request(`http://app/api/chat/${id}/stream?run=${detail.runId}`), params({ id }));
    expect(named.status).toBe(200);
    const replayed = sseEvents(await named.text());
    expect(replayed.at(-1)!.data).toBe('[DONE]');
    expect(replayed.slice(0, -1).map((event) => event.id)).toEqual(replayed.slice(0, -1).map((_, index) => index + 1));
    expect(JSON.parse(replayed.at(-2)!.data).type).toBe('finish');
    expect(replayed.slice(-direct.length)).toEqual(direct); // the same chunks, with the same ids
    // From a sequence number on; nothing after its end; never another session's run, nor a made-up one.
    const later = sseEvents(await (await api.stream.GET(new Request(`http://app/api/chat/${id}/stream?run=${detail.runId}&after=3`), params({ id }))).text());
    expect(later[0].id).toBe(4);
    const end = replayed.at(-2)!.id!;
    expect((await api.stream.GET(new Request(`http://app/api/chat/${id}/stream?run=${detail.runId}&after=${end}`), params({ id }))).status).toBe(204);
    const other = await app.newSession('compat:scripted-chat');
    expect((await api.stream.GET(new Request(`http://app/api/chat/${other}/stream?run=${detail.runId}`), params({ id: other }))).status).toBe(204);
    expect((await api.stream.GET(new Request(`http://app/api/chat/${id}/stream?run=run-nope`), params({ id }))).status).toBe(204);
  });

  it('stops a run asked through the database alone (Stop from another instance)', async () => {
    const id = await app.newSession('compat:scripted-chat');
    const response = await app.chat(id, 'Go slowly [[scenario:slow?delayMs=50&chunks=200]]');
    const reader = response.body!.getReader();
    await reader.read();
    const db = await getDb();
    const asked = Date.now();
    expect(await requestRunStop(db, 'local', id)).toBeDefined();
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    const tookMs = Date.now() - asked;
    expect(text).toContain('"reason":"cancelled"');
    expect(tookMs).toBeLessThan(5_000);
    const messages = await app.sessionMessages(id);
    expect(messages.at(-1)!.metadata?.runEnd?.reason).toBe('cancelled');
  });

  it('the runs of a process renew their leases in one statement a beat; a Stop asked for one, or a takeover, ends that run alone', async () => {
    const db = await getDb();
    const ids = [await app.newSession('compat:scripted-chat'), await app.newSession('compat:scripted-chat'), await app.newSession('compat:scripted-chat')];
    const [kept, stopped, taken] = ids;
    const readers = await Promise.all(ids.map(async (id) => (await app.chat(id, 'Go slowly [[scenario:slow?delayMs=50&chunks=100]]')).body!.getReader()));
    await Promise.all(readers.map((reader) => reader.read()));
    const rest = readers.map(async (reader) => {
      let text = '';
      for (let next = await reader.read(); !next.done; next = await reader.read()) text += new TextDecoder().decode(next.value);
      return text;
    });
    const renewals = countStatements(db, /update "runs" set "lease_expires_at"/i);
    const since = Date.now();
    // Two beats with all three running.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await requestRunStop(db, 'local', stopped)).toBeDefined();
    // Another instance holds this run now (its lease ran out there, as when this process stalls): at its next beat this
    // process lets go of it. That instance then interrupts it, as recovery does; the follower here reads that end.
    const takenRun = await getRunningRun(db, 'local', taken);
    const raw = createClient({ url: process.env.DATABASE_URL! });
    await raw.execute({ sql: "UPDATE runs SET instance_id = 'elsewhere' WHERE id = ?", args: [takenRun!.id] });
    raw.close();
    for (let waited = 0; isSessionRunning(taken); waited += 50) {
      expect(waited).toBeLessThan(5_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await interruptRun(db, takenRun!, SERVER_RESTART_END)).toBe(true);
    const [keptText, stoppedText, takenText] = await Promise.all(rest);
    const statements = renewals.stop();
    const beats = Math.floor((Date.now() - since) / 1000);
    // One statement a beat for the three (one per run: three a beat while all ran).
    expect(beats).toBeGreaterThanOrEqual(3);
    expect(statements).toBeLessThanOrEqual(beats + 1);
    expect(stoppedText).toContain('"reason":"cancelled"');
    expect(takenText).not.toContain('"finishReason":"stop"');
    expect(keptText).not.toContain('"reason":"cancelled"');
    expect((await app.sessionMessages(kept)).at(-1)!.metadata?.runEnd?.reason).toBe('completed');
    expect((await app.sessionMessages(stopped)).at(-1)!.metadata?.runEnd?.reason).toBe('cancelled');
    // The message is the one the interrupting instance closed, not this process's (which would say cancelled).
    expect((await app.sessionMessages(taken)).at(-1)!.metadata?.runEnd?.reason).toBe('server-restart');
    expect((await getRun(db, takenRun!.id))?.status).toBe('interrupted');
    console.info(`lease renewals: 3 runs, ${statements} statements over ${beats} s; the taken run's end: ${/"reason":"([^"]+)"/.exec(takenText)?.[1]}`);
  });

  it('a lease near its end (as this process counts it) is asked of the database before a write: held once renewed, lost once another instance ended the run', async () => {
    const db = await getDb();
    const sessionId = await app.newSession();
    await createRun(db, { id: 'run-lease', sessionId, ownerId: 'local', messageId: 'm-lease', modelKey: 'x', instanceId: 'test-lease', leaseExpiresAt: Date.now() + 15_000 });
    const lost: string[] = [];
    const lease = startHeartbeat(db, 'run-lease', 'test-lease', { controller: new AbortController(), logLine: pino({ level: 'silent' }), onLost: () => lost.push('lost') });
    const log = new RunLog(db, 'run-lease', undefined, 0, lease);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Fresh: held without a statement.
      expect(lease.held()).toBe(true);
      // Two seconds before its end (the process stalled): the next renewal answers.
      vi.setSystemTime(Date.now() + 13_000);
      const answer = lease.held();
      expect(answer).toBeInstanceOf(Promise);
      await expect(answer).resolves.toBe(true);
      // Renewed from now: held again without asking.
      expect(lease.held()).toBe(true);
      // A renewal sent before a stall and answered after it does not vouch for the time after: the write waits for
      // the next renewal (the beat a second later), not for the one on its way.
      vi.setSystemTime(Date.now() + 13_000);
      const renewals = countStatements(db, /update "runs" set "lease_expires_at"/i);
      const afterStall = lease.held();
      vi.setSystemTime(Date.now() + 13_000);
      await expect(afterStall).resolves.toBe(true);
      expect(renewals.stop()).toBeGreaterThanOrEqual(2);
      log.append(delta('while held'));
      await log.flush();

      // Another instance found the lease run out and interrupted the run; this process stalls again.
      expect(await finishRun(db, 'run-lease', { status: 'interrupted', endReason: 'server-restart' })).toBe(true);
      vi.setSystemTime(Date.now() + 13_000);
      log.append(delta('after the takeover'));
      await log.flush();
      expect((await readRunEvents(db, 'run-lease', 0)).map((event) => event.chunk)).toEqual([delta('while held')]);
      expect(lease.held()).toBe(false);
      expect(lost).toEqual(['lost']);
    } finally {
      vi.useRealTimers();
      lease.stop();
    }
  });

  it('interrupts a run whose owner died, rebuilding its message from the log: partial text kept, three open tool calls closed', async () => {
    const db = await getDb();
    const sessionId = await app.newSession('compat:scripted-chat');
    await readChunks(await app.chat(sessionId, 'Hello [[scenario:text]]'));
    const before = await app.sessionMessages(sessionId);
    // A run another instance started, which died in its first step with three tool calls pending.
    await createRun(db, { id: 'run-dead', sessionId, ownerId: 'local', messageId: 'm-dead', modelKey: 'compat:scripted-chat', instanceId: 'inst-dead', leaseExpiresAt: Date.now() - 1 });
    const chunks: AgentUIMessageChunk[] = [
      { type: 'start', messageId: 'm-dead' },
      { type: 'start-step' },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Checking three things at once' },
      ...['c1', 'c2', 'c3'].flatMap((toolCallId, index): AgentUIMessageChunk[] => [
        { type: 'tool-input-start', toolCallId, toolName: 'calculator' },
        { type: 'tool-input-available', toolCallId, toolName: 'calculator', input: { expression: `${index + 1}+1` } },
      ]),
    ];
    await appendRunEvents(db, 'run-dead', chunks.map((chunk, index) => ({ seq: index + 1, chunk })));

    // Someone follows it (another tab): the follower finds the lease gone and the run ends for it.
    const followed = await api.stream.GET(new Request(`http://app/api/chat/${sessionId}/stream`), params({ id: sessionId }));
    expect(followed.status).toBe(200);
    const seen = parseChunks(await followed.text());
    expect(seen.filter((chunk) => chunk.type === 'tool-output-error')).toHaveLength(3);
    expect(seen.at(-1)).toEqual({ type: 'finish' });

    expect((await getRun(db, 'run-dead'))?.status).toBe('interrupted');
    const messages = await app.sessionMessages(sessionId);
    expect(messages).toHaveLength(before.length + 1);
    const interrupted = messages.at(-1)!;
    expect(interrupted.id).toBe('m-dead');
    expect(interrupted.parts.find((part) => part.type === 'text')).toMatchObject({ text: 'Checking three things at once', state: 'done' });
    const tools = interrupted.parts.filter((part) => part.type === 'tool-calculator');
    expect(tools).toHaveLength(3);
    for (const tool of tools) expect(tool).toMatchObject({ state: 'output-error', errorText: 'interrupted by server restart' });
    expect(interrupted.metadata?.runEnd?.reason).toBe('server-restart');

    // The history stays valid: the next turn runs.
    const next = await readChunks(await app.chat(sessionId, 'Carry on [[scenario:text]]'));
    expect(next.some((chunk) => chunk.type === 'finish')).toBe(true);
    expect((await app.sessionMessages(sessionId)).at(-1)!.metadata?.runEnd?.reason).toBe('completed');
  });

  it('frees a session a dead run held: the next message recovers it first instead of answering 409', async () => {
    const db = await getDb();
    const sessionId = await app.newSession('compat:scripted-chat');
    await createRun(db, { id: 'run-stale', sessionId, ownerId: 'local', messageId: 'm-stale', modelKey: 'x', instanceId: 'inst-gone', leaseExpiresAt: Date.now() - 1 });
    const response = await app.chat(sessionId, 'Hello again [[scenario:text]]');
    expect(response.status).toBe(200);
    await readChunks(response);
    expect((await getRun(db, 'run-stale'))?.status).toBe('interrupted');
    // …while a live one (its lease still running) keeps the session.
    await createRun(db, { id: 'run-live', sessionId, ownerId: 'local', messageId: 'm-live', modelKey: 'x', instanceId: 'inst-elsewhere', leaseExpiresAt: Date.now() + 60_000 });
    const refused = await app.chat(sessionId, 'Now? [[scenario:text]]');
    expect(refused.status).toBe(409);
    const client = createClient({ url: process.env.DATABASE_URL! });
    await client.execute({ sql: "UPDATE runs SET status = 'cancelled' WHERE id = ?", args: ['run-live'] });
    client.close();
  });
});

describe('recovery edge cases', () => {
  it('saves a message under the run row\'s id when the log lost its start chunk', async () => {
    const { recoverOrphanedRuns } = await import('@/lib/server/recovery');
    const db = await getDb();
    const sessionId = await app.newSession();
    await createRun(db, { id: 'run-nostart', sessionId, ownerId: 'local', messageId: 'm-nostart', modelKey: 'x', instanceId: 'inst-lost', leaseExpiresAt: Date.now() - 1 });
    await appendRunEvents(db, 'run-nostart', [
      { seq: 1, chunk: { type: 'text-start', id: 't' } },
      { seq: 2, chunk: { type: 'text-delta', id: 't', delta: 'no start chunk' } },
    ]);
    await recoverOrphanedRuns(db, { sessionId });
    expect((await app.sessionMessages(sessionId)).at(-1)).toMatchObject({ id: 'm-nostart', parts: [expect.objectContaining({ text: 'no start chunk' })] });
  });
});

describe('the run sweeper', () => {
  it('interrupts runs whose owner died with nobody watching, and prunes logs only after the grace period', async () => {
    const { sweepRuns } = await import('@/lib/server/run-sweeper');
    const db = await getDb();
    const sessionId = await app.newSession();
    await createRun(db, { id: 'run-swept', sessionId, ownerId: 'local', messageId: 'm-swept', modelKey: 'x', instanceId: 'inst-lost', leaseExpiresAt: Date.now() - 1 });
    await appendRunEvents(db, 'run-swept', [
      { seq: 1, chunk: { type: 'start', messageId: 'm-swept' } },
      { seq: 2, chunk: { type: 'text-start', id: 't' } },
      { seq: 3, chunk: { type: 'text-delta', id: 't', delta: 'half an answer' } },
    ]);
    const first = await sweepRuns(db);
    expect(first.recovered).toBeGreaterThanOrEqual(1);
    expect((await getRun(db, 'run-swept'))?.status).toBe('interrupted');
    expect((await app.sessionMessages(sessionId)).at(-1)).toMatchObject({ id: 'm-swept', parts: [expect.objectContaining({ text: 'half an answer' })] });
    // Within the grace period the log stays (a late follower can still read it)…
    expect((await readRunEvents(db, 'run-swept', 0)).length).toBeGreaterThan(3);
    // …after it, the log goes; the message keeps everything.
    await sweepRuns(db, Date.now() + 11 * 60_000);
    expect(await readRunEvents(db, 'run-swept', 0)).toEqual([]);
    expect((await app.sessionMessages(sessionId)).at(-1)?.id).toBe('m-swept');
  });
});
