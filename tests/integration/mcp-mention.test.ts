/**
 * Resources as @-mentions and prompts as slash commands, through the real
 * routes: a fixture MCP server built with the official SDK (a real process over
 * Streamable HTTP, killed for real), a fresh SQLite file, and chat turns against
 * the scripted model, whose recorded request shows what the model read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { MAX_RESOURCE_TEXT_CHARS, MAX_RESOURCES_PER_SERVER } from '@/lib/mcp/resources';
import { post, readChunks, setupAppHarness } from '../support/app-harness';
import { startMcpFixture, type McpFixture } from '../support/mcp/launch';

const README_MARKER = 'Marker MENTION-7f3a';

const app = setupAppHarness({
  name: 'mcp-mention',
  routes: ['servers', 'mcpResources', 'mcpResourceRead', 'mcpPrompts'],
  env: { MCP_ALLOW_STDIO: undefined },
});
const { api } = app;

let docs: McpFixture;
let bulk: McpFixture;
beforeAll(async () => {
  [docs, bulk] = await Promise.all([startMcpFixture('mention-server'), startMcpFixture('mention-server', { env: { MENTION_RESOURCE_COUNT: '250' } })]);
  for (const [name, fixture] of [
    ['docs', docs],
    ['bulk', bulk],
  ] as const) {
    const created = await api.servers.POST(new Request('http://app/api/mcp-servers', post({ name, url: fixture.url })));
    expect(created.status, await created.clone().text()).toBe(201);
  }
});
afterAll(async () => {
  await Promise.all([docs?.stop(), bulk?.stop()]);
});

type Catalog = {
  servers: { name: string; ok: boolean; error?: string }[];
  resources: { server: string; uri: string; name: string; mimeType?: string }[];
  templates: { server: string; uriTemplate: string }[];
};

async function listResources(fresh = false): Promise<Catalog> {
  const response = await api.mcpResources.GET(new Request(`http://app/api/mcp/resources${fresh ? '?fresh=1' : ''}`));
  expect(response.status).toBe(200);
  return response.json();
}
const readResource = (server: string, uri: string) =>
  api.mcpResourceRead.GET(new Request(`http://app/api/mcp/resources/read?${new URLSearchParams({ server, uri })}`));
const getPrompt = (body: unknown) => api.mcpPrompts.POST(new Request('http://app/api/mcp/prompts', post(body)));

describe('listing', () => {
  it('lists the resources and templates of every enabled server, capped per server', async () => {
    const catalog = await listResources(true);
    expect(catalog.servers).toEqual([
      { name: 'docs', ok: true },
      { name: 'bulk', ok: true },
    ]);
    const ofDocs = catalog.resources.filter((resource) => resource.server === 'docs');
    expect(ofDocs.map((resource) => resource.uri)).toEqual(['notes://release/readme.md', 'logs://build/full.log', 'images://logo.png']);
    expect(ofDocs[0]).toMatchObject({ name: 'Release checklist', mimeType: 'text/markdown' });
    expect(catalog.templates).toContainEqual(expect.objectContaining({ server: 'docs', uriTemplate: 'issues://{number}' }));
    // 3 + 250 offered; the picker gets at most MAX_RESOURCES_PER_SERVER.
    expect(catalog.resources.filter((resource) => resource.server === 'bulk')).toHaveLength(MAX_RESOURCES_PER_SERVER);
  });

  it('lists the prompts with their arguments, required ones marked', async () => {
    const response = await api.mcpPrompts.GET(new Request('http://app/api/mcp/prompts'));
    const { prompts } = (await response.json()) as { prompts: { server: string; name: string; arguments: unknown[] }[] };
    expect(prompts.find((prompt) => prompt.server === 'docs' && prompt.name === 'review-code')).toEqual({
      server: 'docs',
      name: 'review-code',
      title: 'Review code',
      description: 'Ask for a focused code review',
      arguments: [
        { name: 'language', description: 'Programming language', required: true },
        { name: 'focus', description: 'What to look at', required: false },
      ],
    });
    expect(prompts.find((prompt) => prompt.server === 'docs' && prompt.name === 'standup')).toMatchObject({ arguments: [] });
  });

  it('refuses a query it does not know', async () => {
    const response = await api.mcpResources.GET(new Request('http://app/api/mcp/resources?server=docs'));
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('bad_request');
  });
});

describe('reading a resource', () => {
  it('answers the text, capped, and says how much was left out', async () => {
    const small = await readResource('docs', 'notes://release/readme.md');
    expect(small.status).toBe(200);
    expect((await small.json()).resource).toMatchObject({ server: 'docs', uri: 'notes://release/readme.md', mimeType: 'text/markdown', text: expect.stringContaining(README_MARKER) });

    const big = (await (await readResource('docs', 'logs://build/full.log')).json()).resource;
    expect(big.text).toHaveLength(MAX_RESOURCE_TEXT_CHARS);
    expect(big.truncatedChars).toBe(300_010 - MAX_RESOURCE_TEXT_CHARS);
  });

  it('describes binary content instead of sending it', async () => {
    const image = (await (await readResource('docs', 'images://logo.png')).json()).resource;
    expect(image.text).toBeUndefined();
    expect(image.binary).toEqual({ mimeType: 'image/png', bytes: 70 });
  });

  it('only reads the owner’s own enabled servers', async () => {
    const response = await readResource('nobody', 'notes://release/readme.md');
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toContain('No enabled MCP server is named "nobody"');

    // Another owner sees none of these servers.
    const { mcpCatalog, readMentionedResources } = await import('@/lib/server/mcp-catalog');
    expect(await mcpCatalog('someone-else', { fresh: true })).toEqual({ servers: [], resources: [], templates: [], prompts: [] });
    await expect(readMentionedResources('someone-else', [{ server: 'docs', uri: 'notes://release/readme.md' }])).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('prompts', () => {
  it('runs a prompt with its arguments and answers its text', async () => {
    const response = await getPrompt({ server: 'docs', name: 'review-code', arguments: { language: 'Rust', focus: 'error handling' } });
    expect(response.status).toBe(200);
    expect((await response.json()).prompt).toMatchObject({ server: 'docs', name: 'review-code', text: 'Review this Rust code, focusing on error handling. Be concise.' });
    expect(docs.records()).toContainEqual(expect.objectContaining({ type: 'prompt', name: 'review-code', arguments: { language: 'Rust', focus: 'error handling' } }));
  });

  it('passes the server’s complaint about a missing required argument on as a 400', async () => {
    const response = await getPrompt({ server: 'docs', name: 'review-code', arguments: {} });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({ code: 'bad_request', message: expect.stringContaining('docs') });
  });

  it('refuses a body with unknown keys', async () => {
    const response = await getPrompt({ server: 'docs', name: 'standup', arguments: {}, text: 'injected' });
    expect(response.status).toBe(400);
  });
});

describe('a message with resources', () => {
  it('carries the content the server read, which the model reads wrapped in <resource>', async () => {
    const sessionId = await app.newSession();
    app.scripted.reset();
    const response = await app.chat(sessionId, 'Summarise the attached checklist', { resources: [{ server: 'docs', uri: 'notes://release/readme.md', name: 'Release checklist' }] });
    expect(response.status).toBe(200);
    await readChunks(response);

    const sent = JSON.stringify(app.scripted.requests().at(-1)!.body);
    expect(sent).toContain(README_MARKER);
    expect(sent).toContain('<resource server=\\"docs\\" uri=\\"notes://release/readme.md\\" name=\\"Release checklist\\" mimeType=\\"text/markdown\\">');

    const [user] = (await app.sessionMessages(sessionId)) as AgentUIMessage[];
    expect(user!.parts).toEqual([
      { type: 'text', text: 'Summarise the attached checklist' },
      { type: 'data-mcp-resource', data: expect.objectContaining({ server: 'docs', uri: 'notes://release/readme.md', text: expect.stringContaining(README_MARKER) }) },
    ]);
  });

  it('never takes the content from the browser', async () => {
    const sessionId = await app.newSession();
    const withContent = await app.chat(sessionId, 'hi', { resources: [{ server: 'docs', uri: 'notes://release/readme.md', text: 'forged content' }] });
    expect(withContent.status).toBe(400);
    const withPart = await api.chat.POST(
      new Request(
        'http://app/api/chat',
        post({ sessionId, message: { id: 'u-forged', role: 'user', parts: [{ type: 'text', text: 'hi' }, { type: 'data-mcp-resource', data: { server: 'docs', uri: 'x', name: 'x', text: 'forged' } }] } }),
      ),
    );
    expect(withPart.status).toBe(400);
    expect(await app.sessionMessages(sessionId)).toEqual([]);
  });

  it('is refused before anything is saved when its server is down, with an error that names the server', async () => {
    const spare = await startMcpFixture('mention-server');
    const created = await api.servers.POST(new Request('http://app/api/mcp-servers', post({ name: 'spare', url: spare.url })));
    expect(created.status).toBe(201);
    expect((await listResources(true)).servers).toContainEqual({ name: 'spare', ok: true });
    await spare.stop();

    const sessionId = await app.newSession();
    const response = await app.chat(sessionId, 'read it', { resources: [{ server: 'spare', uri: 'notes://release/readme.md' }] });
    expect(response.status).toBe(502);
    expect((await response.json()).error).toMatchObject({ code: 'mcp_unavailable', message: expect.stringContaining('"spare"') });
    expect(await app.sessionMessages(sessionId)).toEqual([]);

    const read = await readResource('spare', 'notes://release/readme.md');
    expect(read.status).toBe(502);
    const listed = await listResources(true);
    expect(listed.servers.find((server) => server.name === 'spare')).toMatchObject({ ok: false, error: expect.stringContaining('"spare"') });
    expect(listed.resources.filter((resource) => resource.server === 'docs')).toHaveLength(3);
  });

  it('shares a text budget between the resources of one message', async () => {
    const { readMentionedResources, MAX_RESOURCE_TEXT_CHARS_PER_MESSAGE } = await import('@/lib/server/mcp-catalog');
    const [first, second, third] = await readMentionedResources('local', [
      { server: 'docs', uri: 'logs://build/full.log' },
      { server: 'bulk', uri: 'logs://build/full.log' },
      { server: 'docs', uri: 'notes://release/readme.md' },
    ]);
    expect(first!.text).toHaveLength(MAX_RESOURCE_TEXT_CHARS);
    expect(second!.text).toHaveLength(MAX_RESOURCE_TEXT_CHARS_PER_MESSAGE - MAX_RESOURCE_TEXT_CHARS);
    // The budget is spent: the third keeps its name and says what was left out.
    expect(third).toMatchObject({ text: '', truncatedChars: expect.any(Number) });
  });
});
