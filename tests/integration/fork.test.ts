/**
 * "Fork from here" through the real routes: the new session holds the branch
 * up to the message, the workspace as it was at that point (snapshots taken
 * when runs end), the settings and mode, and a link back.
 */
import { describe, expect, it } from 'vitest';
import type { SessionDetail } from '@/lib/api-types';
import { params, patch, post, readChunks, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({ name: 'fork', routes: ['fork', 'content', 'servers', 'sessionMcpTools'] });
const { api } = app;

const write = (content: string) => `[[scenario:tool?tool=write_file&args=${encodeURIComponent(JSON.stringify({ path: 'notes.txt', content }))}]]`;

async function detail(id: string): Promise<SessionDetail> {
  return (await (await api.session.GET(new Request(`http://app/api/sessions/${id}`), params({ id }))).json()).session;
}

async function fork(id: string, messageId: string): Promise<Response> {
  return api.fork.POST(new Request(`http://app/api/sessions/${id}/fork`, post({ messageId })), params({ id }));
}

async function fileText(id: string): Promise<string | number> {
  const response = await api.content.GET(new Request(`http://app/api/sessions/${id}/files/content?path=${encodeURIComponent('/workspace/notes.txt')}`), params({ id }));
  return response.status === 200 ? (await response.json()).file.content : response.status;
}

describe('fork from a message', () => {
  it('copies the branch up to the message and the workspace as it was then, with settings, mode and a link back', async () => {
    const id = await app.newSession();
    await api.session.PATCH(new Request(`http://app/api/sessions/${id}`, patch({ permissionMode: 'accept-edits', title: 'Origin', settings: { maxIterations: 7 } })), params({ id }));
    await readChunks(await app.chat(id, `Write v1 ${write('version one')}`));
    await readChunks(await app.chat(id, `Write v2 ${write('version two')}`));
    const [firstQuestion, firstAnswer, , secondAnswer] = (await detail(id)).messages;
    expect(await fileText(id)).toBe('version two');

    const early = await fork(id, firstAnswer!.id);
    expect(early.status).toBe(201);
    const { session } = await early.json();
    expect(session).toMatchObject({ title: 'Origin (fork)', permissionMode: 'accept-edits', forkedFrom: { sessionId: id, messageId: firstAnswer!.id } });
    const copy = await detail(session.id);
    expect(copy.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(copy.messages[0]!.parts).toEqual(firstQuestion!.parts);
    expect(copy.settings).toEqual({ maxIterations: 7 });
    expect(await fileText(session.id)).toBe('version one');

    const late = await (await fork(id, secondAnswer!.id)).json();
    expect(await fileText(late.session.id)).toBe('version two');
    expect((await detail(late.session.id)).messages).toHaveLength(4);

    // Before any run ended there was no workspace yet.
    const first = await (await fork(id, firstQuestion!.id)).json();
    expect(await fileText(first.session.id)).toBe(404);
    expect((await detail(first.session.id)).messages).toHaveLength(1);

    // The original is untouched.
    expect((await detail(id)).messages).toHaveLength(4);
    expect(await fileText(id)).toBe('version two');
  });

  it("keeps the session's own MCP switches", async () => {
    const created = await api.servers.POST(new Request('http://app/api/mcp-servers', post({ name: 'switched', url: 'http://127.0.0.1:9/mcp' })));
    expect(created.status).toBe(201);
    const serverId = (await created.json()).server.id as string;
    const id = await app.newSession();
    const overrides = { servers: { [serverId]: false }, tools: { [serverId]: { search: false } } };
    const put = await api.sessionMcpTools.PUT(new Request('http://app', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ overrides }) }), params({ id }));
    expect(put.status).toBe(200);
    await readChunks(await app.chat(id, 'Hello [[scenario:text]]'));
    const [, answer] = (await detail(id)).messages;
    const { session } = await (await fork(id, answer!.id)).json();
    const switches = await (await api.sessionMcpTools.GET(new Request('http://app'), params({ id: session.id }))).json();
    expect(switches.overrides).toEqual(overrides);
  });

  it('a fork continues on its own: a new turn there changes nothing in the original', async () => {
    const id = await app.newSession();
    await readChunks(await app.chat(id, 'Hello [[scenario:text]]'));
    const [, answer] = (await detail(id)).messages;
    const { session } = await (await fork(id, answer!.id)).json();
    await readChunks(await app.chat(session.id, 'Only in the fork [[scenario:text]]'));
    expect((await detail(session.id)).messages).toHaveLength(4);
    expect((await detail(id)).messages).toHaveLength(2);
  });

  it('refuses a message that is not in the session', async () => {
    const id = await app.newSession();
    expect((await fork(id, 'nope')).status).toBe(404);
    expect((await fork('no-such-session', 'nope')).status).toBe(404);
  });
});
