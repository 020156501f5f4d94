/**
 * A locked database, as a second process really holds it: a child process takes the
 * write lock (BEGIN IMMEDIATE) on the app's SQLite file for 8 s while a run streams
 * and while sessions are created. Nothing may be lost: every 201 is a row, every
 * refused request is a 503 that wrote nothing, the run's messages and steps all land
 * once the lock is gone, and the event loop never freezes while it waits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { createClient } from '@libsql/client';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { params, post, readChunks, setupAppHarness } from '../support/app-harness';

const LOCK_MS = 8_000;

const app = setupAppHarness({ name: 'busy', routes: ['runs', 'steps'] });
const { api } = app;

function databaseFile(): string {
  return process.env.DATABASE_URL!.replace(/^file:/, '');
}

/** A separate process that holds the write lock for `ms`, then lets go. Resolves once it holds it. */
async function holdWriteLock(ms: number): Promise<{ child: ChildProcess; released: Promise<void> }> {
  const script = `
    import { createClient } from '@libsql/client';
    const client = createClient({ url: ${JSON.stringify(`file:${databaseFile()}`)} });
    const tx = await client.transaction('write');
    await tx.execute("UPDATE sessions SET title = title WHERE id = 'nobody'");
    console.log('locked');
    setTimeout(async () => { await tx.rollback(); client.close(); console.log('released'); }, ${ms});
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const released = new Promise<void>((resolve, reject) => {
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lock holder exited with ${code}`))));
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('locked')) resolve();
    });
    child.on('exit', () => reject(new Error(`lock holder ended before locking: ${output}`)));
  });
  return { child, released };
}

async function countSessions(): Promise<number> {
  const client = createClient({ url: `file:${databaseFile()}` });
  try {
    return Number((await client.execute('SELECT count(*) AS n FROM sessions')).rows[0].n);
  } finally {
    client.close();
  }
}

describe('a database locked by another process', () => {
  it('loses nothing: requests answer 201 with a row or 503 without one, the run lands in full, and the event loop keeps running', async () => {
    const sessionId = await app.newSession('compat:scripted-chat');
    const calls = Array.from({ length: 6 }, (_, i) => ({ tool: 'calculator', args: { expression: `${i + 1}*7` } }));
    const prompt = `Work slowly [[scenario:sequence?calls=${encodeURIComponent(JSON.stringify(calls))}&delayMs=60]]`;
    const response = await app.chat(sessionId, prompt);
    expect(response.status).toBe(200);
    const streamed = readChunks(response);

    const lag = monitorEventLoopDelay({ resolution: 10 });
    const before = await countSessions();
    const lock = await holdWriteLock(LOCK_MS);
    lag.enable();
    const outcomes: { status: number; id?: string; code?: string; retryAfter?: string | null }[] = [];
    const lockEnds = Date.now() + LOCK_MS;
    while (Date.now() < lockEnds + 500) {
      const created = await api.sessions.POST(new Request('http://app/api/sessions', post({ title: `during lock ${outcomes.length}` })));
      const body = await created.json();
      outcomes.push({ status: created.status, id: body.session?.id, code: body.error?.code, retryAfter: created.headers.get('retry-after') });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await lock.released;
    lag.disable();

    const chunks = await streamed;
    const created = outcomes.filter((outcome) => outcome.status === 201);
    const refused = outcomes.filter((outcome) => outcome.status === 503);
    expect(created.length + refused.length, JSON.stringify(outcomes)).toBe(outcomes.length);
    expect(refused.length, 'some requests met the lock for longer than their budget').toBeGreaterThan(0);
    expect(created.length, 'requests after the lock went through').toBeGreaterThan(0);
    for (const outcome of refused) expect(outcome).toMatchObject({ code: 'db_busy', retryAfter: '2' });
    // Every 201 is a row; no 503 left one behind.
    expect(await countSessions()).toBe(before + created.length);
    const listed = (await (await api.sessions.GET(new Request('http://app/api/sessions'))).json()).sessions as { id: string }[];
    for (const outcome of created) expect(listed.map((session) => session.id)).toContain(outcome.id);

    // The run waited the lock out: every step and the final answer are saved.
    expect(chunks.some((chunk) => chunk.type === 'finish')).toBe(true);
    const messages: AgentUIMessage[] = await app.sessionMessages(sessionId);
    const answer = messages.at(-1)!;
    const toolParts = answer.parts.filter((part) => part.type === 'tool-calculator');
    expect(toolParts).toHaveLength(6);
    expect(toolParts.every((part) => 'state' in part && part.state === 'output-available')).toBe(true);
    expect(answer.metadata?.runEnd?.reason).toBe('completed');
    const runs = (await (await api.runs.GET(new Request('http://app'), params({ id: sessionId }))).json()).runs as { id: string; status: string }[];
    expect(runs[0].status).toBe('completed');
    const { steps } = (await (await api.steps.GET(new Request('http://app'), params({ runId: runs[0].id }))).json()) as { steps: unknown[] };
    expect(steps).toHaveLength(7);

    // Waiting for the lock never froze the process (the driver used to wait synchronously, 5 s at a time).
    expect(lag.max / 1e6).toBeLessThan(250);
    console.info(
      `busy database: ${created.length} created, ${refused.length} answered 503 during an ${LOCK_MS / 1000} s lock; max event-loop delay ${(lag.max / 1e6).toFixed(0)} ms`,
    );
  }, 40_000);

  it('leaves no connection inside a transaction after a busy failure: later writes are visible to other processes', async () => {
    const lock = await holdWriteLock(5_500);
    const refused = await api.sessions.POST(new Request('http://app/api/sessions', post({ title: 'refused' })));
    expect(refused.status).toBe(503);
    await lock.released;
    const before = await countSessions();
    const created = await api.sessions.POST(new Request('http://app/api/sessions', post({ title: 'after the lock' })));
    expect(created.status).toBe(201);
    // Committed, not parked in a transaction the failed statement left open.
    expect(await countSessions()).toBe(before + 1);
    // A write that uses a transaction (saving a message) lands too.
    const sessionId = (await created.json()).session.id;
    const chat = await app.chat(sessionId, 'Hello [[scenario:text]]');
    expect(chat.status).toBe(200);
    await readChunks(chat);
    const client = createClient({ url: `file:${databaseFile()}` });
    try {
      const stored = await client.execute({ sql: 'SELECT count(*) AS n FROM messages WHERE session_id = ?', args: [sessionId] });
      expect(Number(stored.rows[0].n)).toBe(2);
    } finally {
      client.close();
    }
  }, 20_000);
});
