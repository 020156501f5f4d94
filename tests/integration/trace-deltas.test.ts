/**
 * Step traces stored as deltas (issue 14): each step's row holds what is new
 * since the step before and refers to the rest. Through the real routes and
 * the scripted model server, every step's rebuilt body must be exactly the
 * body the server received, across runs, a fork, an export/import round trip,
 * both provider APIs, and copy-as-curl must replay it.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { EXPORT_FORMAT, EXPORT_VERSION } from '@/lib/server/session-format';
import { params, post, readChunks, setupAppHarness, sequenceMarker } from '../support/app-harness';

const app = setupAppHarness({
  name: 'trace-deltas',
  routes: ['runs', 'steps', 'fork', 'exportSession', 'importSession'],
});
const { api } = app;

/** JSON with sorted keys: equal text means equal bodies, whatever the key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item) =>
    item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b))) : item,
  );
}

type Step = {
  stepNumber: number;
  trace: { request: { body: unknown; bodyBase?: unknown; bodySource: string; instructions: string; tools: string[]; modelId: string; settings: Record<string, unknown> } };
  curl?: string;
};

async function runIds(sessionId: string): Promise<string[]> {
  const runs = (await (await api.runs.GET(new Request('http://app'), params({ id: sessionId }))).json()).runs as Array<{ id: string; startedAt: number }>;
  return runs.sort((a, b) => a.startedAt - b.startedAt).map((run) => run.id);
}

async function steps(runId: string): Promise<Step[]> {
  const response = await api.steps.GET(new Request('http://app'), params({ runId }));
  expect(response.status).toBe(200);
  return (await response.json()).steps;
}

/** Every step of the session, in order, with its rebuilt body. */
async function sessionSteps(sessionId: string): Promise<Step[]> {
  const all: Step[] = [];
  for (const runId of await runIds(sessionId)) all.push(...(await steps(runId)));
  return all;
}

const sequence = (count: number) => sequenceMarker(Array.from({ length: count }, (_, i) => ({ tool: 'calculator', args: { expression: `${i}+${i}` } })));

/** A turn; answers the bodies the scripted server received for it, in order. */
async function turn(sessionId: string, text: string): Promise<unknown[]> {
  app.scripted.reset();
  const chunks = await readChunks(await app.chat(sessionId, text));
  expect(chunks.at(-1)?.type).toBe('finish');
  // Only the run's model calls carry tools (a title is asked without any).
  return app.scripted.requests().filter((request) => JSON.stringify(request.body).includes('calculator')).map((request) => request.body);
}

async function storedSteps(sessionId: string) {
  const { getDb } = await import('@/db/client');
  const { runSteps } = await import('@/db/schema');
  const db = await getDb();
  return db.select().from(runSteps).where(and(eq(runSteps.ownerId, 'local'), eq(runSteps.sessionId, sessionId)));
}

/** Asserts the session's rebuilt step bodies are exactly the received ones, byte for byte once keys are sorted. */
async function expectRebuilt(sessionId: string, received: unknown[]): Promise<Step[]> {
  const all = await sessionSteps(sessionId);
  expect(all).toHaveLength(received.length);
  all.forEach((step, index) => {
    expect(step.trace.request.bodySource).toBe('provider');
    expect(step.trace.request).not.toHaveProperty('bodyBase');
    expect(step.trace.request.body).toEqual(received[index]);
    expect(canonical(step.trace.request.body)).toBe(canonical(received[index]));
    // The request's other fields (shared with the base when stored) read whole too.
    expect(step.trace.request.instructions).toBe(all[0].trace.request.instructions);
    expect(step.trace.request.instructions.length).toBeGreaterThan(100);
    expect(step.trace.request.tools).toContain('calculator');
    expect(step.trace.request.modelId).toBe(all[0].trace.request.modelId);
    expect(step.trace.request.settings).toMatchObject({ toolChoice: 'auto' });
  });
  return all;
}

describe('step traces stored as deltas', () => {
  for (const modelKey of ['compat:scripted-chat', 'openai:scripted-responses']) {
    it(`rebuild every step's exact request across runs, a fork and an export/import (${modelKey})`, async () => {
      const id = await app.newSession(modelKey);
      const received = [...(await turn(id, `First ${sequence(3)}`)), ...(await turn(id, `Second ${sequence(2)}`)), ...(await turn(id, `Third ${sequence(1)}`))];
      expect(received).toHaveLength(4 + 3 + 2);
      const all = await expectRebuilt(id, received);

      // Stored: a whole body now and then, deltas between; each refers to the step just before it in the session
      // (the previous step of its run, or for a run's first step the previous run's last).
      const stored = await storedSteps(id);
      const runs = await runIds(id);
      const order = stored.sort((a, b) => runs.indexOf(a.runId) - runs.indexOf(b.runId) || a.stepNumber - b.stepNumber);
      const withBase = order.filter((row) => row.trace.request.bodyBase);
      expect(withBase.length).toBeGreaterThanOrEqual(received.length / 2);
      order.forEach((row, index) => {
        if (row.trace.request.bodyBase) expect(row.trace.request.bodyBase.stepId).toBe(order[index - 1].id);
      });
      expect(order.some((row, index) => index > 0 && row.stepNumber === 0 && row.trace.request.bodyBase?.stepId === order[index - 1].id)).toBe(true);

      // Copy as curl replays the whole body.
      const last = all.at(-1)!;
      expect(last.curl).toContain(JSON.stringify(received.at(-1), null, 2).replace(/'/g, `'\\''`));

      // A fork has no runs of its own; its first run stands on its own and rebuilds too.
      const messages = (await (await api.session.GET(new Request(`http://app/api/sessions/${id}`), params({ id }))).json()).session.messages as AgentUIMessage[];
      const forked = await api.fork.POST(new Request(`http://app/api/sessions/${id}/fork`, post({ messageId: messages[1].id })), params({ id }));
      expect(forked.status).toBe(201);
      const forkId = (await forked.json()).session.id as string;
      await expectRebuilt(forkId, await turn(forkId, `Forked ${sequence(2)}`));
      // The source is untouched by the fork.
      await expectRebuilt(id, received);

      // Export keeps the deltas, each referring to a step of the file; the imported copy reads the same whole
      // bodies, and goes on with new deltas.
      const exported = await (await api.exportSession.GET(new Request(`http://app/api/sessions/${id}/export`), params({ id }))).json();
      const fileKeys = new Set(exported.runs.flatMap((run: { steps: Step[] }, index: number) => run.steps.map((step) => `run ${index}, step ${step.stepNumber}`)));
      const exportedRequests = exported.runs.flatMap((run: { steps: Step[] }) => run.steps.map((step) => step.trace.request)) as Array<Step['trace']['request'] & { bodyBase?: { stepId: string } }>;
      expect(exportedRequests.filter((request) => request.bodyBase).length).toBe(withBase.length);
      for (const request of exportedRequests) if (request.bodyBase) expect(fileKeys.has(request.bodyBase.stepId)).toBe(true);
      expect(JSON.stringify(exported.runs).length).toBeLessThan(JSON.stringify(received).length);
      const imported = await api.importSession.POST(new Request('http://app/api/sessions/import', post(exported)));
      expect(imported.status).toBe(201);
      const copyId = (await imported.json()).session.id as string;
      await expectRebuilt(copyId, received);
      const more = await turn(copyId, `After import ${sequence(1)}`);
      await expectRebuilt(copyId, [...received, ...more]);
      const copyRows = await storedSteps(copyId);
      const copyIds = new Set(copyRows.map((row) => row.id));
      // Every reference points at a step of the same session.
      for (const row of copyRows) if (row.trace.request.bodyBase) expect(copyIds.has(row.trace.request.bodyBase.stepId)).toBe(true);

      // Deleting a session takes every step with it: nothing is left to refer to or from.
      const removed = await api.session.DELETE(new Request(`http://app/api/sessions/${id}`, { method: 'DELETE' }), params({ id }));
      expect(removed.status).toBeLessThan(300);
      expect(await storedSteps(id)).toHaveLength(0);
      await expectRebuilt(copyId, [...received, ...more]);
    });
  }

  it('an import drops a reference to a step outside the file instead of following it', async () => {
    const id = await app.newSession();
    await turn(id, `Source ${sequence(1)}`);
    const victim = (await storedSteps(id))[0];
    const exported = await (await api.exportSession.GET(new Request(`http://app/api/sessions/${id}/export`), params({ id }))).json();
    const step = exported.runs[0].steps[1];
    step.trace.request.body = { messages: [] };
    step.trace.request.bodyBase = { stepId: victim.id, key: 'messages', count: 1, same: [], depth: 1, chainBytes: 1, rootBytes: 1 };
    const imported = await api.importSession.POST(new Request('http://app/api/sessions/import', post(exported)));
    expect(imported.status).toBe(201);
    const copyId = (await imported.json()).session.id as string;
    const rows = await storedSteps(copyId);
    expect(rows.every((row) => row.trace.request.bodyBase === undefined)).toBe(true);
    const [, second] = await sessionSteps(copyId);
    expect(second.trace.request.body).toBeNull();
  });

  it('stores a late step of a 200-message session in a small fraction of its body', async () => {
    const now = Date.now();
    const messages = Array.from({ length: 200 }, (_, i) => {
      const role = i % 2 === 0 ? 'user' : 'assistant';
      const text = `${role === 'user' ? 'Question' : 'Answer'} ${i}: ${'lorem ipsum dolor sit amet '.repeat(20)}`;
      return { id: `m${i}`, parentId: i === 0 ? null : `m${i - 1}`, pinned: false, createdAt: now + i, updatedAt: now + i, message: { id: `m${i}`, role, parts: [{ type: 'text', text }] } };
    });
    const file = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: now,
      // A window wide enough that nothing is compacted.
      session: { title: 'Long', modelKey: 'compat:scripted-chat', permissionMode: 'ask', settings: { contextWindowOverride: 1_000_000 }, todos: [], createdAt: now, updatedAt: now },
      messages,
      activeLeafId: 'm199',
      workspace: [],
      compactions: [],
      runs: [],
    };
    const imported = await api.importSession.POST(new Request('http://app/api/sessions/import', post(file)));
    expect(imported.status).toBe(201);
    const id = (await imported.json()).session.id as string;
    const received = await turn(id, `Late ${sequence(3)}`);
    expect((received[0] as { messages: unknown[] }).messages.length).toBeGreaterThan(200);
    await expectRebuilt(id, received);
    const rows = (await storedSteps(id)).sort((a, b) => a.stepNumber - b.stepNumber);
    const lastRow = JSON.stringify(rows.at(-1)!.trace);
    const fullBody = JSON.stringify(received.at(-1));
    expect(fullBody.length).toBeGreaterThan(100_000);
    expect(lastRow.length).toBeLessThan(fullBody.length / 20);

    // Stored deflated, with the step it builds on in its own column (the chain is walked in SQL).
    const { createClient } = await import('@libsql/client');
    const raw = createClient({ url: process.env.DATABASE_URL! });
    const sql = 'SELECT id, typeof(trace) AS kind, length(trace) AS bytes, base_step_id AS base FROM run_steps WHERE session_id = ?';
    const stored = (await raw.execute({ sql, args: [id] })).rows;
    expect(stored.map((row) => row.kind)).toEqual(stored.map(() => 'blob'));
    for (const row of rows) expect(stored.find((s) => s.id === row.id)!.base).toBe(row.trace.request.bodyBase?.stepId ?? null);
    const whole = rows.find((row) => !row.trace.request.bodyBase)!;
    expect(Number(stored.find((s) => s.id === whole.id)!.bytes)).toBeLessThan(JSON.stringify(whole.trace).length / 3);
    // Rows written before (JSON text, no base column) still rebuild, next to new ones.
    for (const row of rows.slice(1)) {
      await raw.execute({ sql: 'UPDATE run_steps SET trace = ?, base_step_id = NULL WHERE id = ?', args: [JSON.stringify(row.trace), row.id] });
    }
    raw.close();
    await expectRebuilt(id, received);
    await expectRebuilt(id, [...received, ...(await turn(id, `Later ${sequence(1)}`))]);
  });
});
