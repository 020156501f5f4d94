/**
 * Tool selection at scale, in-process through the real routes and the loop: a
 * fixture MCP server with 300 tools (tests/support/mcp/scale-server.mjs) over
 * Streamable HTTP, the scripted model, and what the scripted model received.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentUIMessage, ToolsLeftOutNotice } from '@/lib/agent/messages';
import type { McpServerView, SessionMcpSwitches } from '@/lib/api-types';
import { params, readChunks, send, setupAppHarness, sequenceMarker } from '../support/app-harness';
import { startMcpFixture, type McpFixture } from '../support/mcp/launch';

const app = setupAppHarness({ name: 'mcp-scale', routes: ['servers', 'server', 'sessionMcpTools', 'context'], env: { MCP_ALLOW_STDIO: undefined } });
const { api } = app;
let fixture: McpFixture;
let server: McpServerView;

beforeAll(async () => {
  fixture = await startMcpFixture('scale-server');
  const created = await api.servers.POST(new Request('http://app/api/mcp-servers', send('POST', { name: 'big', url: fixture.url })));
  server = (await created.json()).server;
}, 30_000);
afterAll(async () => {
  await fixture?.stop();
});

type RequestTool = { type: 'function'; function: { name: string } };
/** The tool names the scripted model received in each request of the last chat. */
const offeredPerRequest = () => app.scripted.requests().map((request) => ((request.body.tools ?? []) as RequestTool[]).map((tool) => tool.function.name));

/** A session whose window holds 300 tool definitions (the scripted model's catalog window is small). */
async function newSession(settings: Record<string, unknown> = {}): Promise<string> {
  const id = await app.newSession();
  const patched = await api.session.PATCH(new Request('http://app', send('PATCH', { settings: { contextWindowOverride: 1_000_000, ...settings } })), params({ id }));
  expect(patched.status).toBe(200);
  return id;
}

async function runChat(sessionId: string, text: string): Promise<AgentUIMessage> {
  app.scripted.reset();
  const response = await app.chat(sessionId, text);
  expect(response.status).toBe(200);
  await readChunks(response);
  return (await app.sessionMessages(sessionId)).at(-1)!;
}

const sequence = (calls: { tool: string; args: Record<string, unknown> }[]) => sequenceMarker(calls, '&answer=done');
type ToolPartLike = { type: string; state: string; input?: unknown; output?: unknown; errorText?: string };
const toolParts = (message: AgentUIMessage, name: string) => message.parts.filter((part) => part.type === `tool-${name}`) as ToolPartLike[];
const leftOutPart = (message: AgentUIMessage) => message.parts.find((part) => part.type === 'data-tools-left-out') as { data: ToolsLeftOutNotice } | undefined;
const fixtureCalls = (tool: string) => fixture.records().filter((event) => event.type === 'call' && event.tool === tool);

async function putSwitches(sessionId: string, overrides: SessionMcpSwitches['overrides']): Promise<Response> {
  return api.sessionMcpTools.PUT(new Request('http://app', send('PUT', { overrides })), params({ id: sessionId }));
}

describe('the tool cap and search_tools', () => {
  it('sends at most 128 tools, lists the rest, and lets the model find and enable one for the rest of the run', async () => {
    const id = await newSession();
    const message = await runChat(
      id,
      `What is the weather in Lisbon? ${sequence([
        { tool: 'search_tools', args: { query: 'weather forecast city' } },
        { tool: 'search_tools', args: { enable: ['big__weather_get'] } },
        { tool: 'big__weather_get', args: { query: 'Lisbon' } },
      ])}`,
    );
    expect(message.metadata?.runEnd?.reason).toBe('completed');

    const offered = offeredPerRequest();
    expect(offered).toHaveLength(4);
    for (const names of offered) expect(names.length).toBeLessThanOrEqual(128);
    // The first request: built-ins first, then MCP tools in the server's order up to the cap, and search_tools.
    expect(offered[0]).toContain('search_tools');
    expect(offered[0]).toContain('calculator');
    expect(offered[0]).toContain('big__github_list');
    expect(offered[0]).not.toContain('big__weather_get');
    // Enabled by the second call: in the request after it, to the end of the run.
    expect(offered[1]).not.toContain('big__weather_get');
    expect(offered[2]).toContain('big__weather_get');
    expect(offered[3]).toContain('big__weather_get');

    const [search, enable] = toolParts(message, 'search_tools');
    const matches = (search.output as { matches: { name: string; description: string }[] }).matches;
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.length).toBeLessThanOrEqual(10);
    expect(matches[0]).toEqual(expect.objectContaining({ name: 'big__weather_get', description: expect.stringContaining('weather forecast for a city') }));
    const enabled = enable.output as { enabled: string[]; displaced: string[]; refused: unknown[]; next: string };
    expect(enabled.enabled).toEqual(['big__weather_get']);
    // Within the cap: the tool took the slot of the last tool the cap had picked, and the answer says which.
    expect(enabled.displaced).toHaveLength(1);
    expect(enabled.next).toContain(enabled.displaced[0]);
    expect(offered[2]).not.toContain(enabled.displaced[0]);

    expect(toolParts(message, 'big__weather_get')[0]).toMatchObject({ state: 'output-available' });
    expect(fixtureCalls('weather_get')).toEqual([expect.objectContaining({ args: { query: 'Lisbon' } })]);

    const notice = leftOutPart(message)!.data;
    expect(notice.cap).toBe(128);
    expect(notice.total).toBe(offered[0].length - 1 + notice.leftOut.length);
    expect(notice.sent).toBe(127);
    expect(notice.leftOut.map((tool) => tool.name)).toContain(enabled.displaced[0]);
    expect(notice.leftOut.map((tool) => tool.name)).not.toContain('big__weather_get');
    expect(notice.enabled).toEqual(['big__weather_get']);
  });

  it('offers no search_tools and leaves nothing out when every tool fits', async () => {
    const id = await newSession({ maxToolsSent: 1000 });
    const message = await runChat(id, 'Hello');
    const [names] = offeredPerRequest();
    expect(names).toContain('big__weather_get');
    expect(names).not.toContain('search_tools');
    expect(leftOutPart(message)).toBeUndefined();
  });
});

describe('the context meter', () => {
  it('counts the tool definitions the request carries: under the cap, fewer of them', async () => {
    const capped = await newSession();
    const uncapped = await newSession({ maxToolsSent: 1000 });
    const report = async (id: string) => ((await (await api.context.GET(new Request('http://app'), params({ id }))).json()) as { context: { breakdown: { tools: number; system: number }; toolCount: { sent: number; total: number } } }).context;
    const [withCap, withoutCap] = [await report(capped), await report(uncapped)];
    expect(withCap.breakdown.tools).toBeGreaterThan(3_000);
    expect(withoutCap.breakdown.tools).toBeGreaterThan(withCap.breakdown.tools * 2);
    expect(withCap.breakdown.system).toBeGreaterThan(0);
    expect(withCap.toolCount).toEqual({ sent: 127, total: withoutCap.toolCount.total });
    expect(withoutCap.toolCount.sent).toBe(withoutCap.toolCount.total);
    expect(withoutCap.toolCount.total).toBeGreaterThan(300);
  });
});

describe('enable switches', () => {
  it('never sends a tool switched off in settings, and refuses a call to it', async () => {
    const patched = await api.server.PATCH(new Request('http://app', send('PATCH', { disabledTools: ['weather_get', 'weather_get'] })), params({ id: server.id }));
    expect(patched.status).toBe(200);
    expect((await patched.json()).server.disabledTools).toEqual(['weather_get']);

    const id = await newSession({ maxToolsSent: 1000 });
    const before = fixtureCalls('weather_get').length;
    const message = await runChat(id, `Weather? [[scenario:tool?tool=big__weather_get&args={"query":"Oslo"}]]`);
    const [names] = offeredPerRequest();
    expect(names).toContain('big__weather_list');
    expect(names).not.toContain('big__weather_get');
    expect(toolParts(message, 'big__weather_get')[0]).toMatchObject({ state: 'output-error', errorText: expect.stringContaining('Unknown tool') });
    expect(fixtureCalls('weather_get')).toHaveLength(before);
  });

  it('a session switches a tool back on, or a whole server off, for itself only', async () => {
    const own = await newSession({ maxToolsSent: 1000 });
    const other = await newSession({ maxToolsSent: 1000 });

    const saved = await putSwitches(own, { tools: { [server.id]: { weather_get: true, github_delete: false } } });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as SessionMcpSwitches).overrides).toEqual({ tools: { [server.id]: { weather_get: true, github_delete: false } } });
    const read = (await (await api.sessionMcpTools.GET(new Request('http://app'), params({ id: own }))).json()) as SessionMcpSwitches;
    expect(read.servers).toEqual([expect.objectContaining({ id: server.id, name: 'big', enabled: true, disabledTools: ['weather_get'] })]);

    await runChat(own, 'Hello');
    const [ownNames] = offeredPerRequest();
    expect(ownNames).toContain('big__weather_get');
    expect(ownNames).not.toContain('big__github_delete');

    await runChat(other, 'Hello');
    const [otherNames] = offeredPerRequest();
    expect(otherNames).not.toContain('big__weather_get');
    expect(otherNames).toContain('big__github_delete');

    expect((await putSwitches(own, { servers: { [server.id]: false } })).status).toBe(200);
    await runChat(own, 'Hello');
    const [offNames] = offeredPerRequest();
    expect(offNames.some((name) => name.startsWith('big__'))).toBe(false);
    expect(offNames).toContain('calculator');
  });

  it('refuses switches for an unknown session and malformed bodies', async () => {
    expect((await putSwitches('nope', {})).status).toBe(404);
    const bad = await api.sessionMcpTools.PUT(new Request('http://app', send('PUT', { overrides: { servers: { x: 'yes' } } })), params({ id: await newSession() }));
    expect(bad.status).toBe(400);
  });
});
