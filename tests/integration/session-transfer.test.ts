/**
 * Export and import through the real routes: a session made by real runs (a
 * workspace file, a tool call, a pinned message, step traces) goes out as JSON
 * and comes back as an equal session under new ids; secrets never leave; a
 * corpus of hostile files is refused with a reason and nothing written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { params, patch, post, setupAppHarness, sequenceMarker } from '../support/app-harness';

const PLANTED_ENV_SECRET = 'planted-env-secret-9f2c41';
const PLANTED_KEY = 'sk-proj-plantedKEY0123456789abcdef';

const app = setupAppHarness({
  name: 'transfer',
  routes: ['exportSession', 'importSession', 'files', 'content', 'runs', 'steps', 'message', 'sessions', 'servers', 'sessionMcpTools'],
  env: { EXAMPLE_SERVICE_TOKEN: PLANTED_ENV_SECRET },
});
const { api } = app;


async function runTurn(sessionId: string, text: string): Promise<void> {
  const response = await app.chat(sessionId, text);
  expect(response.status).toBe(200);
  await response.text();
}

async function exportJson(id: string): Promise<Record<string, unknown>> {
  const response = await api.exportSession.GET(new Request(`http://app/api/sessions/${id}/export?format=json`), params({ id }));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.agent-playground\.json"$/);
  return response.json();
}

/** Posts a file: an object is sent as JSON, a string as it is (hostile text a serializer would choke on). */
async function importFile(body: unknown): Promise<Response> {
  const init = typeof body === 'string' ? { method: 'POST', headers: { 'content-type': 'application/json' }, body } : post(body);
  return api.importSession.POST(new Request('http://app/api/sessions/import', init));
}

const listSessions = async () => (await (await api.sessions.GET(new Request('http://app/api/sessions'))).json()).sessions as Array<{ id: string; title: string }>;
const files = async (id: string) => (await (await api.files.GET(new Request(`http://app/api/sessions/${id}/files`), params({ id }))).json()).files as Array<{ path: string; size: number }>;

/** A message with its ids taken out, to compare sessions that differ only in them. */
function shape(message: AgentUIMessage, ids: Map<string, string>): unknown {
  return JSON.parse(JSON.stringify(message), (_key, value: unknown) => (typeof value === 'string' && ids.has(value) ? ids.get(value) : value));
}

let source: string;
let exported: Record<string, unknown>;

beforeAll(async () => {
  source = await app.newSession();
  await api.session.PATCH(new Request(`http://app/api/sessions/${source}`, patch({ permissionMode: 'accept-edits', title: 'Transfer me' })), params({ id: source }));
  await runTurn(source, `Write the plan (my key is ${PLANTED_KEY}, token ${PLANTED_ENV_SECRET}) ${sequenceMarker([{ tool: 'write_file', args: { path: 'plan.md', content: `# Plan\nkey=${PLANTED_KEY}\n` } }])}`);
  await runTurn(source, 'And say something [[scenario:text]]');
  const [first] = await app.sessionMessages(source);
  const pin = await api.message.PATCH(new Request(`http://app/api/sessions/${source}/messages/${first!.id}`, patch({ pinned: true })), params({ id: source, messageId: first!.id }));
  expect(pin.status).toBe(200);
  exported = await exportJson(source);
});

describe('export', () => {
  it('holds the whole session, versioned, with parents, workspace, runs and traces', () => {
    expect(exported).toMatchObject({ format: 'agent-playground.session', version: 1, session: { title: 'Transfer me', permissionMode: 'accept-edits' } });
    const messages = exported.messages as Array<{ id: string; parentId: string | null; pinned: boolean }>;
    expect(messages).toHaveLength(4);
    expect(messages.map((m) => m.parentId)).toEqual([null, messages[0]!.id, messages[1]!.id, messages[2]!.id]);
    expect(messages[0]!.pinned).toBe(true);
    expect(exported.activeLeafId).toBe(messages[3]!.id);
    expect(exported.workspace).toEqual([expect.objectContaining({ path: '/workspace/plan.md' })]);
    const runs = exported.runs as Array<{ status: string; steps: unknown[] }>;
    expect(runs).toHaveLength(2);
    expect(runs.every((run) => run.status === 'completed' && run.steps.length > 0)).toBe(true);
  });

  it('never carries a key, a bearer token or a configured secret value, in messages, traces or files', () => {
    const text = JSON.stringify(exported);
    expect(text).not.toContain(PLANTED_KEY);
    expect(text).not.toContain(PLANTED_ENV_SECRET);
    expect(text).not.toContain('sk-test');
    const file = (exported.workspace as Array<{ content: string }>)[0]!;
    expect(Buffer.from(file.content, 'base64').toString('utf8')).toBe('# Plan\nkey=[REDACTED]\n');
  });

  it('as Markdown: the conversation to read, tool calls as fenced blocks', async () => {
    const response = await api.exportSession.GET(new Request(`http://app/api/sessions/${source}/export?format=markdown`), params({ id: source }));
    expect(response.headers.get('content-type')).toContain('text/markdown');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="transfer-me.md"');
    const markdown = await response.text();
    expect(markdown.startsWith('# Transfer me\n\n## You\n')).toBe(true);
    expect(markdown).toContain('**Tool call: `write_file`**\n\n```json\n{\n  "path": "plan.md"');
    expect(markdown).toContain('## Agent');
    expect(markdown).not.toContain(PLANTED_KEY);
  });

  it('answers 404 for a session that does not exist, and 400 for an unknown format', async () => {
    expect((await api.exportSession.GET(new Request('http://app/api/sessions/nope/export'), params({ id: 'nope' }))).status).toBe(404);
    const bad = await api.exportSession.GET(new Request(`http://app/api/sessions/${source}/export?format=pdf`), params({ id: source }));
    expect(bad.status).toBe(400);
  });
});

describe('import', () => {
  it('round trip: the imported session equals the exported one, under new ids', async () => {
    const response = await importFile(exported);
    expect(response.status).toBe(201);
    const { session } = await response.json();
    expect(session).toMatchObject({ title: 'Transfer me', permissionMode: 'accept-edits', running: false });
    expect(session.id).not.toBe(source);

    const [before, after] = [await app.sessionMessages(source), await app.sessionMessages(session.id)];
    expect(after).toHaveLength(before.length);
    expect(after.map((m) => m.id)).not.toEqual(before.map((m) => m.id));
    const ids = new Map(after.map((message, index) => [message.id, before[index]!.id]));
    const runsOf = async (id: string) => (await (await api.runs.GET(new Request(`http://app/api/sessions/${id}/runs`), params({ id }))).json()).runs as Array<{ id: string; messageId: string; status: string }>;
    const [runsBefore, runsAfter] = [await runsOf(source), await runsOf(session.id)];
    runsAfter.forEach((run, index) => ids.set(run.id, runsBefore[index]!.id));
    // Secrets were removed on the way out, so compare with the export's messages, not the source rows.
    const exportedMessages = (exported.messages as Array<{ message: AgentUIMessage }>).map((entry) => entry.message);
    expect(after.map((message) => shape(message, ids))).toEqual(exportedMessages);

    expect(runsAfter.map((run) => [ids.get(run.messageId) ?? run.messageId, run.status])).toEqual(runsBefore.map((run) => [run.messageId, run.status]));
    const stepsOf = async (runId: string) => (await (await api.steps.GET(new Request(`http://app/api/runs/${runId}/steps`), params({ runId }))).json()).steps as unknown[];
    expect((await stepsOf(runsAfter[0]!.id)).length).toBe((await stepsOf(runsBefore[0]!.id)).length);
    // The files as exported (their secrets scrubbed), byte for byte.
    const exportedFiles = (exported.workspace as Array<{ path: string; content: string; updatedAt: number }>).map((file) => ({ path: file.path, size: Buffer.from(file.content, 'base64').byteLength, updatedAt: file.updatedAt }));
    expect(await files(session.id)).toEqual(exportedFiles);

    // Exporting the import again gives the same file, apart from ids and times.
    const again = await exportJson(session.id);
    const strip = (file: Record<string, unknown>) => JSON.parse(JSON.stringify({ ...file, exportedAt: 0 }), (key, value) => (['id', 'parentId', 'activeLeafId', 'messageId', 'runId', 'updatedAt'].includes(key) ? undefined : value));
    expect(strip(again)).toEqual(strip(exported));
  });

  it('ids that collide with other text ("text", a state, the user\'s own words) change only the id fields', async () => {
    const file = structuredClone(exported) as { messages: Array<{ id: string; parentId: string | null; message: AgentUIMessage }>; runs: Array<{ id: string }>; activeLeafId: string };
    const userText = (file.messages[2]!.message.parts.find((part) => part.type === 'text') as { text: string }).text;
    const oldRun = file.runs[0]!.id;
    const crafted = JSON.parse(JSON.stringify(file).replaceAll(oldRun, 'text').replaceAll(file.runs[1]!.id, 'output-available'));
    // The second user message's id becomes its own text.
    const oldId = crafted.messages[2].id;
    crafted.messages[2].id = userText;
    crafted.messages[2].message.id = userText;
    crafted.messages[3].parentId = userText;
    const response = await importFile(crafted);
    expect(response.status, await response.clone().text()).toBe(201);
    const imported = await app.sessionMessages((await response.json()).session.id);
    expect(imported.some((m) => m.parts.some((part) => part.type === 'data-unreadable-message'))).toBe(false);
    expect(imported[2]!.parts).toContainEqual(expect.objectContaining({ type: 'text', text: userText }));
    expect(imported[2]!.id).not.toBe(userText);
    expect(imported[1]!.parts.filter((part) => part.type === 'text').length).toBeGreaterThan(0);
    expect(imported[1]!.parts.some((part) => 'state' in part && part.state === 'output-available')).toBe(true);
    expect(oldId).not.toBe(userText);
  });

  it("carries the session's MCP switches: those for the importer's servers apply, others are dropped", async () => {
    const created = await api.servers.POST(new Request('http://app/api/mcp-servers', post({ name: 'switched', url: 'http://127.0.0.1:9/mcp' })));
    expect(created.status).toBe(201);
    const serverId = (await created.json()).server.id as string;
    const id = await app.newSession();
    const overrides = { servers: { [serverId]: false }, tools: { [serverId]: { search: false, fetch: true } } };
    const put = await api.sessionMcpTools.PUT(new Request('http://app', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ overrides }) }), params({ id }));
    expect(put.status).toBe(200);
    const file = await exportJson(id);
    expect((file.session as { mcpOverrides: unknown }).mcpOverrides).toEqual(overrides);

    // A server this owner does not have (an export from elsewhere) is dropped; the file is still imported.
    const elsewhere = structuredClone(file) as { session: { mcpOverrides: { servers: Record<string, boolean> } } };
    elsewhere.session.mcpOverrides.servers['srv-from-elsewhere'] = true;
    const response = await importFile(elsewhere);
    expect(response.status).toBe(201);
    const imported = (await response.json()).session.id as string;
    const switches = await (await api.sessionMcpTools.GET(new Request('http://app'), params({ id: imported }))).json();
    expect(switches.overrides).toEqual(overrides);

    // A file from before switches were exported imports with none.
    const older = structuredClone(file) as { session: Record<string, unknown> };
    delete older.session.mcpOverrides;
    const olderImport = await importFile(older);
    expect(olderImport.status).toBe(201);
    const none = await (await api.sessionMcpTools.GET(new Request('http://app'), params({ id: (await olderImport.json()).session.id }))).json();
    expect(none.overrides).toEqual({});
  });

  it('importing the same file twice gives two sessions', async () => {
    const [one, two] = [await importFile(exported), await importFile(exported)];
    expect([one.status, two.status]).toEqual([201, 201]);
    expect((await one.json()).session.id).not.toBe((await two.json()).session.id);
  });
});

describe('hostile import files', () => {
  const base = () => structuredClone(exported) as Record<string, unknown> & { messages: Array<Record<string, unknown>>; workspace: Array<Record<string, unknown>>; session: Record<string, unknown> };
  const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const corpus: Array<[string, () => unknown, RegExp]> = [
    ['an array instead of an object', () => [exported], /not a session export/],
    ['another format', () => ({ ...base(), format: 'something-else' }), /"format" is "something-else"/],
    ['a newer version', () => ({ ...base(), version: 2 }), /version 2, from a newer Agent Playground/],
    ['a version that is not a number', () => ({ ...base(), version: '1' }), /Unknown export version "1"/],
    ['a missing field', () => { const file = base(); delete (file as Record<string, unknown>).messages; return file; }, /messages/],
    ['a field of the wrong type', () => ({ ...base(), session: { ...base().session, title: 42 } }), /session\.title/],
    ['MCP switches of the wrong shape', () => ({ ...base(), session: { ...base().session, mcpOverrides: { servers: { x: 'yes' } } } }), /session\.mcpOverrides/],
    ['an unknown top-level key', () => ({ ...base(), extra: true }), /Unrecognized key/],
    ['an unknown part type', () => { const file = base(); (file.messages[1]!.message as { parts: unknown[] }).parts.push({ type: 'evil-part', html: '<script>' }); return file; }, /messages\[1\]/],
    ['a data part of the wrong shape', () => { const file = base(); (file.messages[1]!.message as { parts: unknown[] }).parts.push({ type: 'data-run-end', data: { reason: 42 } }); return file; }, /messages\[1\]/],
    ['a message whose id is not its entry\'s', () => { const file = base(); (file.messages[0]!.message as { id: string }).id = 'other'; return file; }, /messages\[0\]/],
    ['a parent that is not an earlier message', () => { const file = base(); file.messages[1]!.parentId = file.messages[3]!.id; return file; }, /messages\[1\]: its parent .* is not an earlier message/],
    ['an active leaf that is not a message', () => ({ ...base(), activeLeafId: 'nowhere' }), /activeLeafId must name a message/],
    ['duplicate message ids', () => { const file = base(); file.messages.push(structuredClone(file.messages[3]!)); file.messages[4]!.parentId = file.messages[3]!.id; file.activeLeafId = file.messages[4]!.id; return file; }, /appears twice/],
    ['a path outside the workspace', () => { const file = base(); file.workspace[0]!.path = '/workspace/../etc/passwd'; return file; }, /normalized path inside \/workspace|not a file path inside/],
    ['a relative path', () => { const file = base(); file.workspace[0]!.path = '../../secret'; return file; }, /inside \/workspace/],
    ['a file larger than the workspace allows', () => { const file = base(); file.workspace[0]!.content = Buffer.alloc(1024 * 1024 + 1).toString('base64'); return file; }, /larger than a workspace file may be/],
    ['content that is not base64', () => { const file = base(); file.workspace[0]!.content = 'not base64!'; return file; }, /workspace\[0\]\.content/],
    ['10,000-deep nesting', () => `{"format":"agent-playground.session","version":1,"x":${deep(10_000)}}`, /nested more than 64 levels/],
  ];

  it.each(corpus)('refuses %s with a reason, and writes nothing', async (_name, make, reason) => {
    const before = await listSessions();
    const response = await importFile(make());
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe('invalid_import');
    expect(body.error.message).toMatch(reason);
    expect(await listSessions()).toEqual(before);
  });

  it('refuses a body past 16 MiB with 413 before reading it', async () => {
    const before = await listSessions();
    const big = JSON.stringify({ ...base(), padding: 'x'.repeat(16 * 1024 * 1024) });
    const response = await api.importSession.POST(new Request('http://app/api/sessions/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big }));
    expect(response.status).toBe(413);
    expect(await listSessions()).toEqual(before);
  });

  it('refuses text that is not JSON', async () => {
    const response = await api.importSession.POST(new Request('http://app/api/sessions/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"format": "agent-playground.session",' }));
    expect(response.status).toBe(400);
  });
});
