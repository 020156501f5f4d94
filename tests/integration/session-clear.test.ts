/**
 * `/clear` through the real routes: a new, empty session with the same model,
 * permission mode, settings and MCP switches; the original keeps everything.
 */
import { describe, expect, it } from 'vitest';
import type { SessionDetail } from '@/lib/api-types';
import { params, patch, post, readChunks, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({ name: 'session-clear', routes: ['clear', 'content', 'servers', 'sessionMcpTools'] });
const { api } = app;

const write = `[[scenario:tool?tool=write_file&args=${encodeURIComponent(JSON.stringify({ path: 'notes.txt', content: 'kept in the original' }))}]]`;

async function detail(id: string): Promise<SessionDetail> {
  return (await (await api.session.GET(new Request(`http://app/api/sessions/${id}`), params({ id }))).json()).session;
}

async function clear(id: string): Promise<Response> {
  return api.clear.POST(new Request(`http://app/api/sessions/${id}/clear`, post({})), params({ id }));
}

describe('/clear', () => {
  it('starts an empty session with the same model, mode, settings and MCP switches, titled by its first message', async () => {
    const created = await api.servers.POST(new Request('http://app/api/mcp-servers', post({ name: 'cleared', url: 'http://127.0.0.1:9/mcp' })));
    const serverId = (await created.json()).server.id as string;
    const id = await app.newSession('openai:scripted-responses');
    await api.session.PATCH(new Request(`http://app/api/sessions/${id}`, patch({ permissionMode: 'plan', title: 'Origin', settings: { maxIterations: 7 } })), params({ id }));
    const overrides = { servers: { [serverId]: false } };
    const put = await api.sessionMcpTools.PUT(new Request('http://app', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ overrides }) }), params({ id }));
    expect(put.status).toBe(200);
    await api.session.PATCH(new Request(`http://app/api/sessions/${id}`, patch({ permissionMode: 'auto' })), params({ id }));
    await readChunks(await app.chat(id, `Write ${write}`));
    await api.session.PATCH(new Request(`http://app/api/sessions/${id}`, patch({ permissionMode: 'plan' })), params({ id }));

    const response = await clear(id);
    expect(response.status).toBe(201);
    const { session } = await response.json();
    expect(session.id).not.toBe(id);
    expect(session).toMatchObject({ title: 'New session', modelKey: 'openai:scripted-responses', permissionMode: 'plan' });
    expect(session.forkedFrom ?? null).toBeNull();
    const copy = await detail(session.id);
    expect(copy.messages).toEqual([]);
    expect(copy.settings).toEqual({ maxIterations: 7 });
    const switches = await (await api.sessionMcpTools.GET(new Request('http://app'), params({ id: session.id }))).json();
    expect(switches.overrides).toEqual(overrides);
    // A fresh workspace.
    const file = await api.content.GET(new Request(`http://app/api/sessions/${session.id}/files/content?path=${encodeURIComponent('/workspace/notes.txt')}`), params({ id: session.id }));
    expect(file.status).toBe(404);

    // The first message names it, as it names any new session.
    await readChunks(await app.chat(session.id, 'Plan the release notes [[scenario:text]]'));
    expect((await detail(session.id)).title).toContain('Plan the release notes');
    // The original keeps its conversation and title.
    const original = await detail(id);
    expect(original.title).toBe('Origin');
    expect(original.messages.length).toBeGreaterThanOrEqual(2);
  });

  it('answers 404 for a session that does not exist', async () => {
    expect((await clear('no-such-session')).status).toBe(404);
  });
});
