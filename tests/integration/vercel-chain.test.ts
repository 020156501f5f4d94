/**
 * A run longer than its invocation's budget, carried by chained invocations, as on Vercel
 * (VERCEL=1): the real routes behind a real HTTP server (every request is one invocation),
 * the real agent loop against the scripted model server, the database a libSQL server over
 * HTTP (tests/support/libsql-server.mjs; on Vercel a local file is refused). With
 * RUN_INVOCATION_BUDGET_MS=1 every invocation makes one step, pauses at the step boundary
 * and asks for the next one with a signed request to POST /api/runs/:runId/continue.
 */
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import { lastRunEventSeq, readRunEvents } from '@/db/queries/run-events';
import { listRunSteps } from '@/db/queries/runs';
import { runs, type RunRow } from '@/db/schema';
import { editableRequestFromTrace, type EditableRequest } from '@/lib/agent/editable-request';
import type { AgentUIMessage, AgentUIMessageChunk } from '@/lib/agent/messages';
import { params, setupAppHarness, userMessage } from '../support/app-harness';
import { startLibsqlServer } from '../support/libsql-server.mjs';

const libsql = await startLibsqlServer({ file: path.join(mkdtempSync(path.join(tmpdir(), 'ap-vercel-')), 'remote.db'), authToken: 'vercel-chain-token' });
afterAll(() => libsql.close());

const app = setupAppHarness({
  name: 'vercel-chain',
  routes: ['stream', 'stop'],
  env: {
    VERCEL: '1',
    RUN_INVOCATION_BUDGET_MS: '1',
    DATABASE_URL: libsql.url,
    DATABASE_AUTH_TOKEN: 'vercel-chain-token',
    // Every invocation must check the tokens the previous one signed: on Vercel, a shared key.
    TOOL_APPROVAL_SECRET: 'vercel-chain-approval-secret',
  },
});
const { api } = app;

type ContinueRoute = typeof import('@/app/api/runs/[runId]/continue/route');
let continueRoute: ContinueRoute;
let db: Db;
let signContinuationToken: typeof import('@/lib/server/run-handoff').signContinuationToken;
let sweepRuns: typeof import('@/lib/server/run-sweeper').sweepRuns;

/** Every continue request the app made, with what it carried and how it was answered. */
const continues: Array<{ runId: string; token: string; status: number }> = [];
/** Lets a test hold a continue request (answer 'hold' and release it later) or fail it ('fail': a 502 from "the platform"). */
let interceptContinue: ((runId: string) => Promise<'pass' | 'fail'>) | undefined;

let base = '';
let front: http.Server;

/** The app's routes behind one HTTP server: each request is an invocation of its route. */
async function serve(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url!, base);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = req.method === 'GET' ? undefined : Buffer.concat(chunks);
  const request = new Request(url, { method: req.method, headers: req.headers as Record<string, string>, body });
  let response: Response;
  let match: RegExpExecArray | null;
  if (req.method === 'POST' && url.pathname === '/api/chat') response = await api.chat.POST(request);
  else if ((match = /^\/api\/chat\/([^/]+)\/stream$/.exec(url.pathname))) response = await api.stream.GET(request, params({ id: match[1] }));
  else if ((match = /^\/api\/sessions\/([^/]+)\/stop$/.exec(url.pathname))) response = await api.stop.POST(request, params({ id: match[1] }));
  else if ((match = /^\/api\/runs\/([^/]+)\/continue$/.exec(url.pathname))) {
    const runId = decodeURIComponent(match[1]);
    const decision = (await interceptContinue?.(runId)) ?? 'pass';
    response = decision === 'fail' ? new Response('{"error":"bad gateway"}', { status: 502 }) : await continueRoute.POST(request, params({ runId }));
    continues.push({ runId, token: JSON.parse(body!.toString()).token, status: response.status });
  } else response = new Response('not here', { status: 404 });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body) for await (const chunk of response.body) res.write(chunk);
  res.end();
}

beforeAll(async () => {
  continueRoute = await import('@/app/api/runs/[runId]/continue/route');
  ({ signContinuationToken } = await import('@/lib/server/run-handoff'));
  ({ sweepRuns } = await import('@/lib/server/run-sweeper'));
  db = await (await import('@/lib/server/db')).getAppDb();
  front = http.createServer((req, res) => void serve(req, res).catch((error) => res.destroy(error)));
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => front.close(() => resolve())));

const setBudget = (value: string) => (process.env.RUN_INVOCATION_BUDGET_MS = value);

/** `[[scenario:sequence?calls=…]]`: one calculator call per model step, then an answer quoting the results. */
const calculations = (expressions: string[], delayMs = 0) =>
  `Work it out [[scenario:sequence?calls=${encodeURIComponent(JSON.stringify(expressions.map((expression) => ({ tool: 'calculator', args: { expression } }))))}&delayMs=${delayMs}]]`;

const post = (path: string, body: unknown) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const chat = (sessionId: string, text: string) => post('/api/chat', { sessionId, message: userMessage(text) });

/** The numbered chunks of an SSE body, in the order they came. */
function sseEvents(text: string): Array<{ seq: number; chunk: AgentUIMessageChunk }> {
  return text
    .split('\n\n')
    .filter((block) => /^id: \d+$/m.test(block))
    .map((block) => ({ seq: Number(/^id: (\d+)$/m.exec(block)![1]), chunk: JSON.parse(/^data: (.*)$/m.exec(block)![1]) }));
}

const runsOf = (sessionId: string): Promise<RunRow[]> => db.select().from(runs).where(eq(runs.sessionId, sessionId));

async function waitFor<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What a transcript says, without what differs between any two runs (ids, times). */
function comparable(message: AgentUIMessage) {
  return JSON.parse(
    JSON.stringify({ role: message.role, parts: message.parts, usage: message.metadata?.usage, runEnd: message.metadata?.runEnd }, (key, value) =>
      ['createdAt', 'runId', 'durationMs'].includes(key) ? undefined : value,
    ),
  );
}

const EXPRESSIONS = ['6*7', '2+2', '10/4'];

describe('a run carried by chained invocations (RUN_INVOCATION_BUDGET_MS=1)', () => {
  let unbudgeted: { message: AgentUIMessage; requests: unknown[] };
  beforeAll(async () => {
    setBudget('off');
    const id = await app.newSession('compat:scripted-chat');
    app.scripted.reset();
    await (await chat(id, calculations(EXPRESSIONS))).text();
    unbudgeted = { message: (await app.sessionMessages(id)).at(-1)!, requests: app.scripted.requests().map((r) => r.body) };
    expect((await runsOf(id))[0]).toMatchObject({ status: 'completed', invocations: 1 });
    setBudget('1');
  });

  it('goes on in a new invocation after every step; the transcript and the model’s requests are the same as without a budget', async () => {
    const id = await app.newSession('compat:scripted-chat');
    app.scripted.reset();
    const before = continues.length;
    const response = await chat(id, calculations(EXPRESSIONS));
    expect(response.status).toBe(200);
    const streamed = sseEvents(await response.text());

    const [run] = await runsOf(id);
    // Three tool steps and the answer: four model steps, one per invocation.
    expect(run).toMatchObject({ status: 'completed', invocations: 4, continuation: null });
    const mine = continues.slice(before).filter((call) => call.runId === run.id);
    expect(mine.map((call) => call.status)).toEqual([202, 202, 202]);

    const message = (await app.sessionMessages(id)).at(-1)!;
    expect(comparable(message)).toEqual(comparable(unbudgeted.message));
    expect(message.parts.filter((part) => part.type === 'tool-calculator').map((part) => (part as { output?: unknown }).output)).toHaveLength(3);
    // The model saw the same conversation at every step, whichever invocation asked.
    expect(app.scripted.requests().map((r) => r.body)).toEqual(unbudgeted.requests);

    // The chat response followed the whole chain: every logged chunk once, in order, then the end.
    const logged = await readRunEvents(db, run.id, 0, 10_000);
    expect(streamed.map((event) => event.seq)).toEqual(logged.map((_, index) => index + 1));
    expect(streamed.map((event) => event.chunk)).toEqual(logged.map((event) => event.chunk));
    expect(streamed.filter((event) => event.chunk.type === 'start')).toHaveLength(1);
    expect(streamed.filter((event) => event.chunk.type === 'finish')).toHaveLength(1);
    expect(streamed.at(-1)!.chunk.type).toBe('finish');
  });

  it('a follower that attaches mid-run (GET /api/chat/:id/stream) sees every chunk once, in order, across invocations', async () => {
    const id = await app.newSession('compat:scripted-chat');
    const started = chat(id, calculations(['1+1', '2+3', '4*4', '9-1'], 40));
    const run = await waitFor(async () => (await runsOf(id)).find((row) => row.invocations >= 2), 'the second invocation');
    const follower = await fetch(`${base}/api/chat/${id}/stream`);
    expect(follower.status).toBe(200);
    const followed = sseEvents(await follower.text());
    await (await started).text();

    const logged = await readRunEvents(db, run.id, 0, 10_000);
    expect((await runsOf(id))[0]).toMatchObject({ status: 'completed', invocations: 5 });
    expect(followed.map((event) => event.seq)).toEqual(logged.map((_, index) => index + 1));
    expect(followed.map((event) => event.chunk)).toEqual(logged.map((event) => event.chunk));
  });

  it('Stop during a continuation stops the run: no further invocation, every tool call closed', async () => {
    const id = await app.newSession('compat:scripted-chat');
    const started = chat(id, calculations(['1+1', '2+2', '3+3', '4+4', '5+5', '6+6'], 60));
    const run = await waitFor(async () => (await runsOf(id)).find((row) => row.invocations >= 2 && row.continuation === null), 'a chained invocation at work');
    const stop = await post(`/api/sessions/${id}/stop`, {});
    expect(await stop.json()).toEqual({ stopped: true });
    const streamed = sseEvents(await (await started).text());

    const [ended] = await runsOf(id);
    expect(ended.status).toBe('cancelled');
    const invocations = ended.invocations;
    expect(invocations).toBeLessThan(7);
    const message = (await app.sessionMessages(id)).at(-1)!;
    expect(message.metadata).toMatchObject({ stopped: true, runEnd: { reason: 'cancelled' } });
    for (const part of message.parts.filter((p) => p.type === 'tool-calculator')) expect((part as { state: string }).state).toMatch(/^output-/);
    expect(streamed.at(-1)!.chunk.type).toBe('finish');
    // Nothing asked for another invocation after the stop.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await runsOf(id))[0].invocations).toBe(invocations);
    expect(continues.filter((call) => call.runId === run.id).length).toBe(invocations - 1);
  });

  it('Stop asked while the run waits for its next invocation is taken by that invocation at once', async () => {
    const id = await app.newSession('compat:scripted-chat');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    interceptContinue = async () => {
      interceptContinue = undefined;
      await held;
      return 'pass';
    };
    const started = chat(id, calculations(['1+1', '2+2', '3+3']));
    const waiting = await waitFor(async () => (await runsOf(id)).find((row) => row.continuation !== null), 'the hand-off');
    const stop = post(`/api/sessions/${id}/stop`, {});
    await waitFor(async () => (await runsOf(id))[0].stopRequestedAt !== null, 'the stop request on the run');
    release();
    expect(await (await stop).json()).toEqual({ stopped: true });
    const streamed = sseEvents(await (await started).text());

    // The second invocation took the run and ended it as stopped before calling the model again.
    expect((await runsOf(id))[0]).toMatchObject({ status: 'cancelled', invocations: 2 });
    expect(continues.filter((call) => call.runId === waiting.id).map((call) => call.status)).toEqual([202]);
    const message = (await app.sessionMessages(id)).at(-1)!;
    expect(message.metadata).toMatchObject({ stopped: true, runEnd: { reason: 'cancelled' } });
    expect(message.parts.filter((part) => part.type === 'tool-calculator')).toHaveLength(1);
    expect(streamed.at(-1)!.chunk.type).toBe('finish');
  });

  it('an approval asked in a chained invocation is answered, and the answer’s run chains on to the end', async () => {
    const id = await app.newSession('compat:scripted-chat');
    // Ask mode (the default): write_file waits for the user's answer; the calculator runs.
    const calls = [
      { tool: 'calculator', args: { expression: '3*3' } },
      { tool: 'write_file', args: { path: 'result.txt', content: '9\n' } },
      { tool: 'calculator', args: { expression: '9+1' } },
    ];
    const prompt = `Compute and save [[scenario:sequence?calls=${encodeURIComponent(JSON.stringify(calls))}]]`;
    await (await chat(id, prompt)).text();
    const [asked] = await runsOf(id);
    expect(asked).toMatchObject({ status: 'awaiting_approval', invocations: 2 });
    const pending = (await app.sessionMessages(id)).at(-1)!.parts.find((part) => part.type === 'tool-write_file') as { state: string; approval?: { id: string; signature?: string } };
    expect(pending.state).toBe('approval-requested');

    const answered = await post('/api/chat', { sessionId: id, approvals: [{ approvalId: pending.approval!.id, approved: true, signature: pending.approval!.signature }] });
    expect(answered.status).toBe(200);
    const streamed = sseEvents(await answered.text());
    const continuation = (await runsOf(id)).find((row) => row.id !== asked.id)!;
    // The approvals step and the next model step, then the answer: three invocations.
    expect(continuation).toMatchObject({ status: 'completed', invocations: 3 });
    const message = (await app.sessionMessages(id)).at(-1)!;
    expect(message.parts.filter((part) => part.type.startsWith('tool-')).map((part) => [part.type, (part as { state: string }).state])).toEqual([
      ['tool-calculator', 'output-available'],
      ['tool-write_file', 'output-available'],
      ['tool-calculator', 'output-available'],
    ]);
    expect(message.metadata?.runEnd?.reason).toBe('completed');
    expect(streamed.map((event) => event.seq)).toEqual(streamed.map((_, index) => index + 1));
    expect(streamed.at(-1)!.chunk.type).toBe('finish');
  });

  it('an Edit and re-run carried by chained invocations keeps its edits in every invocation', async () => {
    const id = await app.newSession('compat:scripted-chat');
    await (await chat(id, 'Hello [[scenario:text?text=hi]]')).text();
    const [first] = await runsOf(id);
    const [step] = await listRunSteps(db, first.ownerId, first.id);
    const request = editableRequestFromTrace(step.trace.request);
    const edited: EditableRequest = {
      ...request,
      messages: [{ role: 'user', content: calculations(['1+1', '2+2']) }],
      tools: request.tools.map((tool) => (tool.name === 'fetch_url' ? { ...tool, enabled: false } : tool)),
      instructions: `${request.instructions}\n\nAlways answer in French.`,
      settings: { temperature: 0.4 },
    };
    app.scripted.reset();
    const rerunRoute = await import('@/app/api/runs/[runId]/steps/[n]/rerun/route');
    const response = await rerunRoute.POST(
      new Request(`${base}/api/runs/${first.id}/steps/0/rerun`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ request: edited }) }),
      params({ runId: first.id, n: '0' }),
    );
    expect(response.status).toBe(201);
    const { runId } = (await response.json()) as { runId: string };
    const run = await waitFor(async () => (await runsOf(id)).find((row) => row.id === runId && row.status === 'completed'), 'the re-run to end');
    // Two tool steps and the answer, one per invocation: each request the model got has the edits.
    expect(run.invocations).toBe(3);
    const bodies = app.scripted.requests().map((r) => r.body as { temperature?: number; messages: Array<{ content: unknown }>; tools: Array<{ function: { name: string } }> });
    expect(bodies).toHaveLength(3);
    for (const body of bodies) {
      expect(body.temperature).toBe(0.4);
      expect(String(body.messages[0].content)).toMatch(/\n\nAlways answer in French\.$/);
      expect(body.tools.map((tool) => tool.function.name)).not.toContain('fetch_url');
    }
  });

  it('refuses a forged, expired or replayed continue token with a JSON 401/403, and starts nothing', async () => {
    const id = await app.newSession('compat:scripted-chat');
    // Hold the run's first continue request, so it waits as "continuing" while the forgeries knock.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    interceptContinue = async () => {
      interceptContinue = undefined;
      await held;
      return 'pass';
    };
    const started = chat(id, calculations(['7*6', '5-3']));
    const waiting = await waitFor(async () => (await runsOf(id)).find((row) => row.continuation !== null), 'the hand-off');
    const seqBefore = await lastRunEventSeq(db, waiting.id);
    const { nonce } = waiting.continuation!;

    const refusals: Array<[string, string, number]> = [
      ['not a token', 'not-a-token', 401],
      ['a forged signature', `${Buffer.from(JSON.stringify({ r: waiting.id, n: nonce, e: Date.now() + 60_000 })).toString('base64url')}.${Buffer.alloc(32, 7).toString('base64url')}`, 401],
      ['an expired token', signContinuationToken({ runId: waiting.id, nonce, expiresAt: Date.now() - 1 }), 401],
      ['a token of another run', signContinuationToken({ runId: 'run-other', nonce, expiresAt: Date.now() + 60_000 }), 401],
      ['a wrong nonce', signContinuationToken({ runId: waiting.id, nonce: 'guessed', expiresAt: Date.now() + 60_000 }), 403],
    ];
    for (const [what, token, status] of refusals) {
      const response = await post(`/api/runs/${waiting.id}/continue`, { token });
      expect(response.status, what).toBe(status);
      expect((await response.json()).error, what).toMatchObject({ code: status === 401 ? 'unauthorized' : 'forbidden', message: expect.any(String) });
    }
    // Nothing started: the run still waits for its own token, and its log did not grow.
    expect((await runsOf(id))[0]).toMatchObject({ status: 'running', invocations: 1, continuation: { nonce } });
    expect(await lastRunEventSeq(db, waiting.id)).toBe(seqBefore);

    release();
    await (await started).text();
    expect((await runsOf(id))[0]).toMatchObject({ status: 'completed', invocations: 3 });
    const used = continues.find((call) => call.runId === waiting.id && call.status === 202)!;
    const seqAfter = await lastRunEventSeq(db, waiting.id);

    const replay = await post(`/api/runs/${waiting.id}/continue`, { token: used.token });
    expect(replay.status).toBe(403);
    expect((await replay.json()).error.code).toBe('forbidden');
    expect((await runsOf(id))[0]).toMatchObject({ status: 'completed', invocations: 3 });
    expect(await lastRunEventSeq(db, waiting.id)).toBe(seqAfter);
  });

  it('a hand-off the platform refuses ends the run as interrupted at once, with a clear message', async () => {
    const id = await app.newSession('compat:scripted-chat');
    interceptContinue = async () => {
      interceptContinue = undefined;
      return 'fail';
    };
    const streamed = sseEvents(await (await chat(id, calculations(['1+2', '3+4']))).text());
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'interrupted', invocations: 1 });
    const message = (await app.sessionMessages(id)).at(-1)!;
    expect(message.metadata?.runEnd?.message).toMatch(/was to go on in a new request, which never started.*answered 502/);
    // The first step's tool result is kept, and the follower saw the run end.
    expect(message.parts.find((part) => part.type === 'tool-calculator')).toMatchObject({ state: 'output-available' });
    expect(streamed.map((event) => event.chunk.type).slice(-3)).toEqual(['data-run-end', 'message-metadata', 'finish']);
  });

  it('a continuation that never arrives is interrupted by the sweeper once its lease runs out; arriving late, it is refused', async () => {
    const id = await app.newSession('compat:scripted-chat');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    interceptContinue = async () => {
      interceptContinue = undefined;
      await held;
      return 'pass';
    };
    const started = chat(id, calculations(['8/2', '9*9']));
    const waiting = await waitFor(async () => (await runsOf(id)).find((row) => row.continuation !== null), 'the hand-off');
    // The next invocation never came: its lease runs out, and the sweep (every 30 s) finds it.
    await db.update(runs).set({ leaseExpiresAt: Date.now() - 1 }).where(eq(runs.id, waiting.id));
    expect((await sweepRuns(db)).recovered).toBe(1);

    const [run] = await runsOf(id);
    expect(run.status).toBe('interrupted');
    const message = (await app.sessionMessages(id)).at(-1)!;
    expect(message.metadata?.runEnd).toMatchObject({ reason: 'server-restart', message: expect.stringMatching(/was to go on in a new request, which never started/) });
    expect(message.parts.find((part) => part.type === 'tool-calculator')).toMatchObject({ state: 'output-available' });

    release();
    const streamed = sseEvents(await (await started).text());
    expect(streamed.at(-1)!.chunk.type).toBe('finish');
    // The held request goes on now and is answered after the stream above ended.
    const late = await waitFor(async () => continues.find((call) => call.runId === waiting.id), 'the late continue request');
    expect(late.status).toBe(403);
    expect((await runsOf(id))[0]).toMatchObject({ status: 'interrupted', invocations: 1 });
  });
});
