import { describe, expect, it } from 'vitest';
import type { AgentTool } from '@/lib/agent/types';
import { enableTools, selectTools, createToolCapState } from '@/lib/agent/tool-cap';
import { rankTools } from '@/lib/agent/tool-search';
import { call, echoTool, run, scriptedModel, textStep, toolStep } from './harness';

const mcp = (name: string, description = `Does ${name}.`): AgentTool => ({ ...echoTool({ name, description }), deferrable: true });
const builtins = [echoTool({ name: 'calculator' }), echoTool({ name: 'read_file' })];
const many = (n: number) => Array.from({ length: n }, (_, i) => mcp(`srv__tool_${String(i).padStart(3, '0')}`));
const sentNames = (model: ReturnType<typeof scriptedModel>, n: number) => model.doStreamCalls[n].tools?.map((t) => t.name) ?? [];

describe('selectTools', () => {
  it('sends everything within the cap', () => {
    const tools = [...builtins, ...many(3)];
    expect(selectTools(tools, 5, [])).toMatchObject({ sent: tools, leftOut: [], total: 5 });
  });

  it('past the cap: built-ins always, then deferrable tools in order, one slot kept for search_tools', () => {
    const tools = [...many(5), ...builtins];
    const selection = selectTools(tools, 5, []);
    expect(selection.sent.map((t) => t.name)).toEqual(['calculator', 'read_file', 'srv__tool_000', 'srv__tool_001']);
    expect(selection.leftOut.map((t) => t.name)).toEqual(['srv__tool_002', 'srv__tool_003', 'srv__tool_004']);
    expect(selection.room).toBe(2);
  });

  it('enabled tools go first among the deferrable ones', () => {
    const selection = selectTools([...builtins, ...many(5)], 5, ['srv__tool_004']);
    expect(selection.sent.map((t) => t.name)).toEqual(['calculator', 'read_file', 'srv__tool_004', 'srv__tool_000']);
  });
});

describe('enableTools', () => {
  it('enables within the cap, naming the tool that gave up its slot, and refuses past it with the reason', () => {
    const state = createToolCapState();
    state.latest = selectTools([...builtins, ...many(6)], 5, []);
    expect(enableTools(state, ['srv__tool_005'])).toEqual({ enabled: ['srv__tool_005'], displaced: ['srv__tool_001'], refused: [] });
    state.latest = selectTools([...builtins, ...many(6)], 5, state.enabled);
    const second = enableTools(state, ['srv__tool_004', 'srv__tool_003', 'srv__tool_005', 'nope']);
    expect(second.enabled).toEqual(['srv__tool_004']);
    expect(second.displaced).toEqual(['srv__tool_000']);
    expect(second.refused).toEqual([
      { name: 'srv__tool_003', reason: 'all 2 slots the cap of 5 tools leaves are taken by tools you enabled' },
      { name: 'srv__tool_005', reason: 'it is already available' },
      { name: 'nope', reason: expect.stringContaining('no left-out tool has this name') },
    ]);
  });
});

describe('rankTools', () => {
  it('ranks name matches above description matches and drops tools that match nothing', () => {
    const tools = [mcp('crm__list_contacts', 'List contacts.'), mcp('maps__route', 'Route between two places; weather aware.'), mcp('weather__get', 'Get the forecast for a city.')];
    expect(rankTools(tools, 'weather forecast').map((t) => t.name)).toEqual(['weather__get', 'maps__route']);
    expect(rankTools(tools, 'listContacts').map((t) => t.name)).toEqual(['crm__list_contacts']);
  });
});

describe('the loop under the cap', () => {
  it('sends at most the cap, writes the left-out part, and search_tools makes a found tool callable from the next step', async () => {
    const tools = [...builtins, ...many(8)];
    const model = scriptedModel([
      toolStep(call('c1', 'search_tools', { query: 'tool 007' })),
      toolStep(call('c2', 'search_tools', { enable: ['srv__tool_007'] })),
      toolStep(call('c3', 'srv__tool_007', { value: 'x' })),
      textStep('done'),
    ]);
    const { result, chunks, message } = await run({ model, tools, settings: { maxToolsSent: 6 } });
    expect(result.end.reason).toBe('completed');
    expect(sentNames(model, 0)).toEqual(['calculator', 'read_file', 'srv__tool_000', 'srv__tool_001', 'srv__tool_002', 'search_tools']);
    expect(sentNames(model, 2)).toEqual(['calculator', 'read_file', 'srv__tool_007', 'srv__tool_000', 'srv__tool_001', 'search_tools']);
    const found = message.parts.find((p) => p.type === 'tool-search_tools') as { output: { matches: { name: string }[] } };
    expect(found.output.matches[0].name).toBe('srv__tool_007');
    expect(message.parts.find((p) => p.type === 'tool-srv__tool_007')).toMatchObject({ state: 'output-available' });
    const notices = chunks.filter((c) => c.type === 'data-tools-left-out');
    // Written at the start, and again when the list changed (the enabled tool moved in, another out).
    expect(notices).toHaveLength(2);
    expect(notices[0]).toMatchObject({ id: 'tools-left-out', data: { cap: 6, total: 10, sent: 5, enabled: [] } });
    expect(notices[1]).toMatchObject({ data: { enabled: ['srv__tool_007'], leftOut: expect.arrayContaining([{ name: 'srv__tool_002' }]) } });
  });

  it('a call to a tool the cap left out says so and enables it for the next step; a tool the run does not have stays unknown', async () => {
    // srv__off stands for a tool switched off: the run never has it, so the cap never left it out.
    const tools = [...builtins, ...many(8)];
    const model = scriptedModel([
      toolStep(call('c1', 'srv__tool_007', { value: 'x' }), call('c2', 'srv__off', { value: 'y' })),
      toolStep(call('c3', 'srv__tool_007', { value: 'x' })),
      textStep('done'),
    ]);
    const { result, message } = await run({ model, tools, settings: { maxToolsSent: 6 } });
    expect(result.end.reason).toBe('completed');
    // A call the SDK could not match to the request's tools is a dynamic-tool part.
    const invalid = (name: string) => message.parts.find((p) => p.type === 'dynamic-tool' && p.toolName === name) as { state: string; errorText?: string };
    expect(invalid('srv__tool_007').state).toBe('output-error');
    expect(invalid('srv__tool_007').errorText).toContain('Tool "srv__tool_007" exists but was left out of this request to stay within the limit of 6 tools per request. It is enabled now: call it again in your next step.');
    expect(invalid('srv__tool_007').errorText).toContain('srv__tool_002 is left out instead');
    expect(message.parts.find((p) => p.type === 'tool-srv__tool_007')).toMatchObject({ state: 'output-available' });
    expect(sentNames(model, 1)).toEqual(['calculator', 'read_file', 'srv__tool_007', 'srv__tool_000', 'srv__tool_001', 'search_tools']);
    expect(invalid('srv__off').state).toBe('output-error');
    expect(invalid('srv__off').errorText).toMatch(/^Unknown tool "srv__off"/);
  });

  it('takes a refreshed tool list from the next step on and writes its notices', async () => {
    let refreshes = 0;
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), textStep('done')]);
    const { chunks } = await run({
      model,
      tools: [echoTool()],
      refreshTools: async () => {
        refreshes += 1;
        return refreshes === 2 ? { tools: [echoTool(), echoTool({ name: 'srv__new' })], notices: [{ source: 'MCP · srv', message: 'srv changed its tools: added new.' }] } : null;
      },
    });
    expect(sentNames(model, 0)).toEqual(['echo']);
    expect(sentNames(model, 1)).toEqual(['echo', 'srv__new']);
    expect(chunks.filter((c) => c.type === 'data-tool-notice')).toEqual([expect.objectContaining({ data: { source: 'MCP · srv', message: 'srv changed its tools: added new.' } })]);
  });
});
