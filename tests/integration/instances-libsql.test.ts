/**
 * Several instances behind a load balancer on one libSQL database: two real app server
 * processes (the standalone server, started as the container starts it, on two ports) on one
 * libSQL server process (tests/support/libsql-server.mjs: Hrana over HTTP on a SQLite file, as
 * sqld serves it; docs/deploy.md says why not sqld itself), with the scripted model server.
 * Accounts are on, as they must be for a server others can reach: one AUTH_SECRET for both, and
 * one signed-in user whose cookie, made by A, is sent to both. Every request picks its instance
 * on purpose, as a load balancer without sticky sessions may: what one instance did, the other
 * sees, follows, stops, continues and serves.
 */
import { createClient } from '@libsql/client';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer } from '../scripted-server/index.mjs';
import { freePort, installStandalone, removeTempFolders, standaloneBuild, startServerProcess, type ServerProcess } from '../support/standalone-app';

let libsql: ChildProcess;
let libsqlUrl: string;
let scripted: ScriptedServer;
let a: ServerProcess;
let b: ServerProcess;
let app: string;
/** The signed-in user's session cookie, set by A at sign-up. */
let cookie = '';
const AUTH_SECRET = randomBytes(32).toString('base64');

async function startLibsql(file: string): Promise<string> {
  libsql = spawn(process.execPath, ['tests/support/libsql-server.mjs', '--file', file, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    libsql.stdout!.on('data', (chunk) => {
      out += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    libsql.once('exit', (code) => reject(new Error(`the libSQL server exited (${code}): ${out}`)));
  });
}

/** Share previews (the `tool` limit) per client IP, on both instances. */
const TOOL_LIMIT = 3;

const instance = async (port: number) =>
  startServerProcess({
    command: [process.execPath, 'scripts/start.mjs'],
    cwd: app,
    port,
    env: {
      PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: tmpdir(),
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      AUTH_SECRET,
      DATABASE_URL: libsqlUrl,
      // Approvals signed by one instance are checked by another: they share the key (docs/deploy.md).
      TOOL_APPROVAL_SECRET: 'instances-test-approval-secret',
      OLLAMA_DISCOVERY: 'off',
      OPENAI_COMPATIBLE_BASE_URL: scripted.url,
      OPENAI_COMPATIBLE_NAME: 'Scripted',
      OPENAI_COMPATIBLE_MODELS: 'scripted-chat',
      // Rate limits count in the shared database (lib/server/rate-limit.ts): one per client IP for the test below.
      RATE_LIMIT_TOOL_IP: `${TOOL_LIMIT}/10m`,
      RATE_LIMIT_TOOL_USER: 'off',
      RATE_LIMIT_CHAT_IP: 'off',
      RATE_LIMIT_CHAT_USER: 'off',
    },
  });

beforeAll(async () => {
  const build = standaloneBuild();
  app = installStandalone(build);
  libsqlUrl = await startLibsql(path.join(app, 'data', 'shared.db'));
  scripted = await startScriptedServer();
  // Both at once on an empty database, as replicas start together.
  [a, b] = await Promise.all([instance(await freePort()), instance(await freePort())]);
  for (const server of [a, b]) if (!server.stdout().includes('ready on')) throw new Error(`an instance did not start:\n${server.stdout()}\n${server.stderr()}`);
  // The first account is the admin; its session cookie is the one every request below carries.
  const signUp = await fetch(`${a.url}/api/account/sign-up`, post(a, { name: 'Ada', email: 'ada@example.com', password: 'a long enough password 1' }));
  if (signUp.status !== 201) throw new Error(`sign-up on A answered ${signUp.status}: ${await signUp.text()}`);
  const session = signUp.headers.getSetCookie().map((line) => line.split(';')[0]!).find((pair) => pair.split('=')[0]!.endsWith('session_token'));
  if (!session) throw new Error(`sign-up on A set no session cookie: ${signUp.headers.getSetCookie().join(' | ')}`);
  cookie = session;
}, 900_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await scripted?.close();
  libsql?.kill('SIGTERM');
  await removeTempFolders();
}, 60_000);

/** A JSON POST as a page of that instance sends it (its Origin). */
const post = (server: ServerProcess, body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify(body) });
/** A request as the signed-in user. */
const as = (init: RequestInit = {}): RequestInit => ({ ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
const write = (server: ServerProcess, body: unknown) => as(post(server, body));
let counter = 0;
const message = (text: string) => ({ id: `u-instances-${++counter}`, role: 'user', parts: [{ type: 'text', text }] });

async function newSessionOn(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/sessions`, write(server, { modelKey: 'compat:scripted-chat' }));
  expect(response.status).toBe(201);
  return ((await response.json()) as { session: { id: string } }).session.id;
}

const chatOn = (server: ServerProcess, sessionId: string, text: string) => fetch(`${server.url}/api/chat`, write(server, { sessionId, message: message(text) }));

async function runsOn(server: ServerProcess, sessionId: string): Promise<Array<{ id: string; status: string }>> {
  return ((await (await fetch(`${server.url}/api/sessions/${sessionId}/runs`, as())).json()) as { runs: Array<{ id: string; status: string }> }).runs;
}

async function lastMessageOn(server: ServerProcess, sessionId: string) {
  const body = (await (await fetch(`${server.url}/api/sessions/${sessionId}`, as())).json()) as { session: { messages: Array<{ role: string; parts: Array<Record<string, unknown>>; metadata?: { runEnd?: { reason: string } } }> } };
  return body.session.messages.at(-1)!;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A JSON POST from a given loopback address, so that a test has its own client IP to count. */
function postFrom(localAddress: string, server: ServerProcess, pathname: string, body: unknown): Promise<{ status: number; retryAfter?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), origin: server.url, cookie };
    const request = http.request(`${server.url}${pathname}`, { method: 'POST', localAddress, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, retryAfter: response.headers['retry-after'] as string | undefined, body: text }));
    });
    request.on('error', reject);
    request.end(data);
  });
}

describe('two instances on one libSQL database', () => {
  it('started together on an empty database: the migrations were applied once', async () => {
    const db = createClient({ url: libsqlUrl });
    try {
      const journal = JSON.parse(readFileSync(path.join(app, 'db', 'migrations', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      expect(Number((await db.execute('SELECT count(*) AS n FROM __drizzle_migrations')).rows[0]!.n)).toBe(journal.entries.length);
    } finally {
      db.close();
    }
  });

  it('the cookie A set at sign-up signs the user in on B', async () => {
    expect((await fetch(`${b.url}/api/sessions`)).status).toBe(401);
    expect((await fetch(`${b.url}/api/sessions`, as())).status).toBe(200);
  });

  it('a session made on A is read, listed and answered on B', async () => {
    const id = await newSessionOn(a);
    const onB = await fetch(`${b.url}/api/sessions/${id}`, as());
    expect(onB.status).toBe(200);
    const list = (await (await fetch(`${b.url}/api/sessions`, as())).json()) as { sessions: Array<{ id: string }> };
    expect(list.sessions.map((s) => s.id)).toContain(id);
    const reply = await chatOn(b, id, 'Hello from B');
    expect(reply.status).toBe(200);
    await reply.text();
    expect(JSON.stringify(await lastMessageOn(a, id))).toContain('Hello from B');
  });

  it('a run started on A is followed live from B and stopped from B', async () => {
    const id = await newSessionOn(a);
    const started = chatOn(a, id, 'Slowly [[scenario:slow?delayMs=40&chunks=500]]').then((response) => response.text());
    await until(() => runsOn(b, id), (runs) => runs[0]?.status === 'running');

    const follow = await fetch(`${b.url}/api/chat/${id}/stream`, as());
    expect(follow.status).toBe(200);
    expect(follow.headers.get('content-type')).toContain('text/event-stream');
    const reader = follow.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    while (!seen.includes('w5')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`B's stream ended early: ${seen}`);
      seen += decoder.decode(value, { stream: true });
    }

    const stop = await fetch(`${b.url}/api/sessions/${id}/stop`, write(b, {}));
    expect(stop.status).toBe(200);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += decoder.decode(value, { stream: true });
    }
    expect(seen).toContain('"reason":"cancelled"');
    expect(seen).not.toContain('w499');
    expect(await started).toContain('"reason":"cancelled"');
    expect((await runsOn(a, id))[0]?.status).toBe('cancelled');
  });

  it('an approval asked by a run on A is answered on B, and the run continues there', async () => {
    const id = await newSessionOn(a);
    const args = encodeURIComponent(JSON.stringify({ path: '/workspace/approved-on-b.txt', content: 'asked on A, approved on B' }));
    await (await chatOn(a, id, `Write it [[scenario:tool?tool=write_file&args=${args}]]`)).text();
    expect((await runsOn(b, id))[0]?.status).toBe('awaiting_approval');
    const tool = (await lastMessageOn(b, id)).parts.find((part) => part.type === 'tool-write_file') as { approval: { id: string; signature: string } };

    const answer = await fetch(`${b.url}/api/chat`, write(b, { sessionId: id, approvals: [{ approvalId: tool.approval.id, approved: true, signature: tool.approval.signature }] }));
    expect(answer.status).toBe(200);
    await answer.text();
    expect((await runsOn(a, id))[0]?.status).toBe('completed');
    const file = await fetch(`${a.url}/api/sessions/${id}/files/content?path=${encodeURIComponent('/workspace/approved-on-b.txt')}`, as());
    expect(((await file.json()) as { file: { content: string } }).file.content).toBe('asked on A, approved on B');
    expect((await lastMessageOn(a, id)).metadata?.runEnd?.reason).toBe('completed');
  });

  it('a share made on A opens on B, signed out', async () => {
    const id = await newSessionOn(a);
    await (await chatOn(a, id, 'Shared across instances')).text();
    const created = await fetch(`${a.url}/api/sessions/${id}/shares`, write(a, {}));
    expect(created.status).toBe(201);
    const { share } = (await created.json()) as { share: { url: string } };
    const page = await fetch(`${b.url}${share.url}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Shared across instances');
  });

  it('a rate limit used up on A and B together holds on both; another client IP still has its own', async () => {
    const id = await newSessionOn(a);
    const preview = (server: ServerProcess, from = '127.0.0.7') => postFrom(from, server, `/api/sessions/${id}/shares/preview`, {});
    const answers = [];
    for (const server of [a, b, a].slice(0, TOOL_LIMIT)) answers.push((await preview(server)).status);
    expect(answers).toEqual(Array(TOOL_LIMIT).fill(200));
    for (const server of [b, a]) {
      const refused = await preview(server);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body).error.code).toBe('rate_limited');
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
    expect((await preview(b, '127.0.0.8')).status).toBe(200);
  });

  it('a run on A that stalls past its lease is interrupted from B; A, woken, writes nothing over it and lets the session go', async () => {
    const id = await newSessionOn(a);
    const started = chatOn(a, id, 'Slowly [[scenario:slow?delayMs=50&chunks=1000]]').then((response) => response.text());
    const [run] = await until(() => runsOn(b, id), (runs) => runs[0]?.status === 'running');
    const db = createClient({ url: libsqlUrl });
    const logged = async () => {
      const [row] = (await db.execute({ sql: 'SELECT count(*) AS n, max(seq) AS last FROM run_events WHERE run_id = ?', args: [run!.id] })).rows;
      return { rows: Number(row!.n), last: Number(row!.last) };
    };
    try {
      await until(logged, (log) => log.rows > 2);
      // A stops dead (as a process paused, swapped out or cut off does) for longer than its lease (15 s).
      process.kill(a.pid, 'SIGSTOP');
      let followed: string;
      try {
        await new Promise((resolve) => setTimeout(resolve, 16_500));
        // Following the session on B finds the lease run out: B interrupts the run, rebuilt from its log.
        const follow = await fetch(`${b.url}/api/chat/${id}/stream`, as());
        expect(follow.status).toBe(200);
        followed = await follow.text();
      } finally {
        process.kill(a.pid, 'SIGCONT');
      }
      expect(followed).toContain('"reason":"server-restart"');
      const closed = await logged();
      expect((await runsOn(b, id))[0]).toMatchObject({ id: run!.id, status: 'interrupted' });

      // A wakes with the model's buffered output and its heartbeat due: it finds the run taken and lets it go.
      // The stream A answered ends; the session takes a new turn on A (it was not left claimed there).
      await started;
      const next = await until(
        () => chatOn(a, id, 'Again [[scenario:text]]').then(async (response) => ({ status: response.status, body: await response.text() })),
        (reply) => reply.status !== 409,
      );
      expect(next.status).toBe(200);
      // Nothing A did after waking reached the interrupted run: its message is the one B closed, its log ends where B ended it.
      const body = (await (await fetch(`${b.url}/api/sessions/${id}`, as())).json()) as { session: { messages: Array<{ id: string; role: string; metadata?: { runEnd?: { reason: string } } }> } };
      const answers = body.session.messages.filter((message) => message.role === 'assistant');
      expect(answers.map((message) => message.metadata?.runEnd?.reason)).toEqual(['server-restart', 'completed']);
      expect(await logged()).toEqual(closed);
    } finally {
      db.close();
    }
  }, 60_000);
});
