/**
 * MCP results and argument validation through the real route handlers and the
 * loop: the results fixture server (official SDK, Streamable HTTP, a real
 * process) and the scripted model. Bad model arguments never reach the server
 * and the model corrects itself from the error; edited approval arguments are
 * checked before anything runs; images go to a vision model as an image part
 * and to others as text; titles ride on the tool parts.
 */
import { isToolUIPart } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentUIMessage, AgentUIMessageChunk } from '@/lib/agent/messages';
import { isRichToolOutput, type RichToolOutput } from '@/lib/agent/rich-output';
import { params, post, readChunks, send, setupAppHarness, sequenceMarker } from '../support/app-harness';
import { startMcpFixture, type McpFixture } from '../support/mcp/launch';

const app = setupAppHarness({
  name: 'mcp-results',
  routes: ['servers', 'approvalCheck'],
  env: { TOOL_APPROVAL_SECRET: 'integration-test-approval-secret', MCP_ALLOW_STDIO: undefined },
});
const { api } = app;
let fixture: McpFixture;

beforeAll(async () => {
  fixture = await startMcpFixture('results-server');
  const created = await api.servers.POST(new Request('http://app/api/mcp-servers', post({ name: 'results', url: fixture.url })));
  expect(created.status).toBe(201);
}, 30_000);
afterAll(async () => {
  await fixture?.stop();
});

type ToolPartLike = { type: string; toolCallId: string; state: string; input?: unknown; output?: unknown; errorText?: string; title?: string; approval?: { id: string; signature?: string } };
const toolParts = (message: AgentUIMessage): ToolPartLike[] => message.parts.filter(isToolUIPart).map((part) => ({ ...part, title: 'title' in part ? part.title : undefined }) as ToolPartLike);
const calls = () => fixture.records().filter((r) => r.type === 'call');

async function session(mode: 'ask' | 'auto', modelKey?: string): Promise<string> {
  const id = await app.newSession(modelKey);
  const patched = await api.session.PATCH(new Request('http://app', send('PATCH', { permissionMode: mode })), params({ id }));
  expect(patched.status).toBe(200);
  return id;
}
async function run(sessionId: string, text: string): Promise<{ chunks: AgentUIMessageChunk[]; message: AgentUIMessage }> {
  const response = await app.chat(sessionId, text);
  expect(response.status).toBe(200);
  const chunks = await readChunks(response);
  return { chunks, message: (await app.sessionMessages(sessionId)).at(-1)! };
}
const oneCall = (tool: string, args: unknown = {}) => `[[scenario:tool?tool=${tool}&args=${encodeURIComponent(JSON.stringify(args))}]]`;

describe('argument validation', () => {
  it('the model gets a readable error for bad arguments (the server never sees them) and corrects itself', async () => {
    const before = calls().length;
    const id = await session('auto');
    app.scripted.reset();
    const { message } = await run(id, `Add ${sequenceMarker([{ tool: 'results__get-sum', args: { a: 'two' } }, { tool: 'results__get-sum', args: { a: 2, b: 40 } }])}`);

    const [bad, good] = toolParts(message);
    expect(bad).toMatchObject({ state: 'output-error', errorText: 'Invalid arguments for results__get-sum: /a must be number; missing required property b' });
    expect(good).toMatchObject({ state: 'output-available', output: 'The sum of 2 and 40 is 42.' });
    // The second model request carried the error as the tool result.
    const second = JSON.stringify(app.scripted.requests()[1].body);
    expect(second).toContain('Invalid arguments for results__get-sum: /a must be number; missing required property b');
    // Only the corrected call reached the server.
    expect(calls().slice(before)).toEqual([expect.objectContaining({ tool: 'get-sum', arguments: { a: 2, b: 40 } })]);
    expect(message.metadata?.runEnd?.reason).toBe('completed');
  });

  it('edited approval arguments are checked against the schema: the check and the answer say what is wrong, nothing runs until they fit', async () => {
    const before = calls().length;
    const id = await session('ask');
    const { message } = await run(id, `Add ${oneCall('results__get-sum', { a: 1, b: 2 })}`);
    const [part] = toolParts(message);
    expect(part.state).toBe('approval-requested');
    const approvalId = part.approval!.id;
    const signature = part.approval!.signature!;

    const check = (editedInput: unknown) =>
      api.approvalCheck.POST(new Request('http://app', post({ editedInput })), params({ id, approvalId }));
    const refused = await check({ a: 'x', b: 2 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: { code: 'invalid_arguments', message: 'Invalid arguments for results__get-sum: /a must be number' } });
    const fits = await check({ a: 5, b: 2 });
    expect(fits.status).toBe(200);
    expect(await fits.json()).toEqual({ ok: true });

    // The answer itself is checked too: 400, nothing recorded, the approval still waits.
    const answer = (editedInput: unknown) => api.chat.POST(new Request('http://app/api/chat', post({ sessionId: id, approvals: [{ approvalId, approved: true, signature, editedInput }] })));
    const wrong = await answer({ b: 2 });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: { code: 'invalid_arguments', message: 'Invalid arguments for results__get-sum: missing required property a' } });
    expect(calls().length).toBe(before);

    const ran = await answer({ a: 5, b: 2 });
    expect(ran.status).toBe(200);
    await ran.text();
    const [done] = toolParts((await app.sessionMessages(id)).at(-1)!);
    expect(done).toMatchObject({ state: 'output-available', input: { a: 5, b: 2 }, output: 'The sum of 5 and 2 is 7.' });
    expect(calls().slice(before)).toEqual([expect.objectContaining({ tool: 'get-sum', arguments: { a: 5, b: 2 } })]);
  });
});

describe('results', () => {
  it('an image goes to a vision model (Responses API) as an input_image; an SVG and an HTML "image" never do', async () => {
    const id = await session('auto', 'openai:scripted-responses');
    app.scripted.reset();
    const { message } = await run(id, `Look ${oneCall('results__screenshot')}`);
    const [part] = toolParts(message);
    expect(part.state).toBe('output-available');
    expect(part.title).toBe('Take a screenshot');
    expect(isRichToolOutput(part.output)).toBe(true);
    const output = part.output as RichToolOutput;
    const [text, png, svg, html] = output.content;
    expect(text).toEqual({ type: 'text', text: 'Screenshot of the dashboard.' });
    expect(png).toMatchObject({ type: 'image', mimeType: 'image/png', data: expect.stringMatching(/^iVBORw0KGgo/) });
    expect(svg).toEqual({ type: 'image', mimeType: 'image/svg+xml', bytes: expect.any(Number), omitted: 'image/svg+xml is not an image type that is shown' });
    expect(html).toMatchObject({ type: 'image', mimeType: 'text/html', omitted: expect.any(String) });
    expect(JSON.stringify(output)).not.toContain('PHN2Zy'); // no SVG base64 stored

    const next = app.scripted.requests()[1].body as { input: Array<{ type: string; output?: unknown }> };
    const result = next.input.find((item) => item.type === 'function_call_output')!;
    expect(result.output).toEqual([
      { type: 'input_text', text: expect.stringContaining('Screenshot of the dashboard.\n[image: image/png, ') },
      { type: 'input_image', image_url: `data:image/png;base64,${(png as { data: string }).data}` },
    ]);
  });

  it('a model that does not read images gets the text with a line saying the image was left out', async () => {
    const id = await session('auto', 'compat:scripted-chat');
    app.scripted.reset();
    const { message } = await run(id, `Look ${oneCall('results__screenshot')}`);
    const png = ((toolParts(message)[0].output as RichToolOutput).content[1] as { data: string }).data;
    const next = JSON.stringify(app.scripted.requests()[1].body);
    expect(next).not.toContain(png.slice(0, 200));
    expect(next).toContain('[image: image/png, ');
    expect(next).toContain('1 image left out: this model does not read images in tool results.');
  });

  it('links, embedded resources and structured content (with the output schema) are kept; titles ride on the parts', async () => {
    const id = await session('auto');
    const { message } = await run(id, `Docs ${sequenceMarker([{ tool: 'results__find-docs', args: {} }, { tool: 'results__weather', args: { city: 'Lyon' } }, { tool: 'results__list_issues', args: {} }])}`);
    const [docs, weather, issues] = toolParts(message);
    expect((docs.output as RichToolOutput).content).toEqual([
      { type: 'resource_link', uri: 'https://example.com/docs/getting-started', name: 'getting-started', title: 'Getting started', description: 'The guide for new users', mimeType: 'text/html' },
      { type: 'resource_link', uri: 'javascript:alert(1)', name: 'not-a-web-link' },
      { type: 'resource', uri: 'docs://faq.md', mimeType: 'text/markdown', text: '# FAQ\n\nMarker FAQ-91c2: how to reset a password.' },
    ]);
    expect(weather.output).toMatchObject({
      structuredContent: { city: 'Lyon', temperatureC: 21.5, conditions: 'sunny' },
      outputSchema: { type: 'object', properties: { city: { type: 'string' }, temperatureC: { type: 'number' }, conditions: { type: 'string' } } },
    });
    expect(docs.title).toBe('find-docs');
    expect(issues).toMatchObject({ title: 'list_issues', output: 'No issues.' });
  });
});
