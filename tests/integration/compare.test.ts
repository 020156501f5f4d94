/**
 * Compare through the real routes: a comparison is 2–4 real sessions of one
 * group, each with its own model and settings, kept out of the sidebar; the
 * prompt runs in all of them at once through POST /api/chat; "Continue in this
 * session" takes one column out into the sidebar; deleting the comparison
 * removes only the columns left in it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompareGroup, CompareGroupSummary } from '@/lib/api/compare-request';
import type { SessionSummary } from '@/lib/api-types';
import { params, post, readChunks, send, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({ name: 'compare', routes: ['runs'] });
const { api } = app;

let routes: {
  compare: typeof import('@/app/api/compare/route');
  group: typeof import('@/app/api/compare/[groupId]/route');
  continue: typeof import('@/app/api/compare/[groupId]/continue/route');
};

beforeAll(async () => {
  // Imported after the harness pointed the env at its database and scripted server.
  routes = {
    compare: await import('@/app/api/compare/route'),
    group: await import('@/app/api/compare/[groupId]/route'),
    continue: await import('@/app/api/compare/[groupId]/continue/route'),
  };
});

const createGroup = (body: unknown) => routes.compare.POST(new Request('http://app/api/compare', post(body)));
const listGroups = async () => (await (await routes.compare.GET(new Request('http://app/api/compare'))).json()).groups as CompareGroupSummary[];
const sidebar = async () => (await (await api.sessions.GET(new Request('http://app/api/sessions'))).json()).sessions as SessionSummary[];
const continueColumn = (groupId: string, sessionId: string) =>
  routes.continue.POST(new Request(`http://app/api/compare/${groupId}/continue`, post({ sessionId })), params({ groupId }));

const TWO_MODELS = [
  { modelKey: 'openai:scripted-responses', settings: { maxIterations: 7 } },
  { modelKey: 'compat:scripted-chat' },
];

describe('a comparison', () => {
  let group: CompareGroup;

  beforeAll(async () => {
    const response = await createGroup({ columns: TWO_MODELS });
    expect(response.status).toBe(201);
    group = (await response.json()).group;
  });

  it('is one session per column, in order, each with its own model and settings', async () => {
    expect(group.id).toMatch(/^cmp/);
    expect(group.sessions.map((s) => s.modelKey)).toEqual(['openai:scripted-responses', 'compat:scripted-chat']);
    const first = await api.session.GET(new Request(`http://app/api/sessions/${group.sessions[0]!.id}`), params({ id: group.sessions[0]!.id }));
    expect((await first.json()).session.settings).toEqual({ maxIterations: 7 });
  });

  it('stays out of the sidebar and is listed as one comparison', async () => {
    const ids = (await sidebar()).map((s) => s.id);
    for (const session of group.sessions) expect(ids).not.toContain(session.id);
    expect(await listGroups()).toContainEqual(expect.objectContaining({ id: group.id, modelKeys: ['openai:scripted-responses', 'compat:scripted-chat'] }));
  });

  it('runs the same prompt in every column at once, each on its own model, with its usage', async () => {
    app.scripted.reset();
    const prompt = 'Say hello [[scenario:text?text=hello%20there&delayMs=20]]';
    const responses = await Promise.all(group.sessions.map((session) => app.chat(session.id, prompt)));
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    // Both streams were open at the same time: neither waited for the other to end.
    const chunks = await Promise.all(responses.map(readChunks));
    for (const list of chunks) expect(list.some((chunk) => chunk.type === 'finish')).toBe(true);
    const calls = app.scripted.requests();
    expect(calls.map((call) => call.api).sort()).toEqual(['chat', 'responses']);
    for (const session of group.sessions) {
      const [user, assistant] = await app.sessionMessages(session.id);
      expect(user!.parts).toContainEqual(expect.objectContaining({ type: 'text', text: prompt }));
      expect(assistant!.metadata).toMatchObject({ model: session.modelKey, usage: { outputTokens: expect.any(Number) } });
      const runs = (await (await api.runs.GET(new Request(`http://app/api/sessions/${session.id}/runs`), params({ id: session.id }))).json()).runs;
      expect(runs).toEqual([expect.objectContaining({ status: 'completed', startedAt: expect.any(Number), endedAt: expect.any(Number) })]);
    }
    expect(await listGroups()).toContainEqual(expect.objectContaining({ id: group.id, title: expect.stringContaining('Say hello') }));
  });

  it('continues one column as a normal session: out of the group, into the sidebar, once', async () => {
    const [left, right] = group.sessions;
    const response = await continueColumn(group.id, left!.id);
    expect(response.status).toBe(200);
    expect((await response.json()).session).toMatchObject({ id: left!.id, modelKey: 'openai:scripted-responses' });
    const ids = (await sidebar()).map((s) => s.id);
    expect(ids[0]).toBe(left!.id);
    expect(ids).not.toContain(right!.id);
    expect((await listGroups()).find((g) => g.id === group.id)?.modelKeys).toEqual(['compat:scripted-chat']);
    // It left the group: continuing it again, or from another group, is a 404.
    expect((await continueColumn(group.id, left!.id)).status).toBe(404);
    expect((await continueColumn('cmp-other', right!.id)).status).toBe(404);
  });

  it('is deleted with the columns left in it; a continued column stays', async () => {
    const [left, right] = group.sessions;
    const deleted = await routes.group.DELETE(new Request(`http://app/api/compare/${group.id}`, send('DELETE', {})), params({ groupId: group.id }));
    expect(deleted.status).toBe(200);
    expect((await listGroups()).map((g) => g.id)).not.toContain(group.id);
    expect((await api.session.GET(new Request(`http://app/api/sessions/${right!.id}`), params({ id: right!.id }))).status).toBe(404);
    expect((await api.session.GET(new Request(`http://app/api/sessions/${left!.id}`), params({ id: left!.id }))).status).toBe(200);
    expect((await routes.group.DELETE(new Request(`http://app/api/compare/${group.id}`, send('DELETE', {})), params({ groupId: group.id }))).status).toBe(404);
  });
});

describe('a column that fails', () => {
  it('ends its own run with the error; the other column answers', async () => {
    const response = await createGroup({ columns: TWO_MODELS });
    const { group } = (await response.json()) as { group: CompareGroup };
    // The first request of this prompt is refused (400, not retried), whichever column sends it first; the next one answers.
    const prompt = `Fail once [[scenario:http-error?status=400&times=1&key=${group.id}]]`;
    const responses = await Promise.all(group.sessions.map((session) => app.chat(session.id, prompt)));
    await Promise.all(responses.map((r) => r.text()));
    const reasons = await Promise.all(group.sessions.map(async (session) => (await app.sessionMessages(session.id)).at(-1)?.metadata?.runEnd?.reason));
    expect(reasons.sort()).toEqual(['completed', 'error']);
  });
});

describe('a comparison that cannot be made', () => {
  it('needs 2 to 4 columns, and models the owner has; nothing is saved otherwise', async () => {
    const before = await listGroups();
    const column = { modelKey: 'compat:scripted-chat' };
    expect((await createGroup({ columns: [column] })).status).toBe(400);
    expect((await createGroup({ columns: [column, column, column, column, column] })).status).toBe(400);
    const unknown = await createGroup({ columns: [column, { modelKey: 'openai:no-such-model' }] });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toMatch(/no-such-model/);
    expect((await createGroup({ columns: [column, { modelKey: 'compat:scripted-chat', settings: { maxIterations: -1 } }] })).status).toBe(400);
    expect(await listGroups()).toEqual(before);
  });

  it('allows four columns of the same model (settings are what differs)', async () => {
    const response = await createGroup({ columns: Array.from({ length: 4 }, () => ({ modelKey: 'compat:scripted-chat' })) });
    expect(response.status).toBe(201);
    expect((await response.json()).group.sessions).toHaveLength(4);
  });
});
