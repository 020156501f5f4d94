import { describe, expect, it } from 'vitest';
import { jsonSchema } from 'ai';
import { z } from 'zod';
import type { AgentTool } from '@/lib/agent/types';
import { closeToolMatches, MAX_TOOL_SUGGESTIONS, unknownToolMessage, validateToolInput } from '@/lib/agent/validate-input';

const tool = (name: string, inputSchema: AgentTool['inputSchema']): AgentTool => ({ name, description: '', inputSchema, readOnly: true, execute: async () => 'ok' });

const getSum = tool(
  'everything__get-sum',
  jsonSchema({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' }, mode: { enum: ['fast', 'exact'] } }, required: ['a', 'b'], additionalProperties: false }),
);

describe('validateToolInput', () => {
  it('checks a JSON Schema with ajv and says every problem in one line', async () => {
    expect(await validateToolInput(getSum, { a: 1, b: 2 })).toEqual({ ok: true, value: { a: 1, b: 2 } });
    expect(await validateToolInput(getSum, { a: 'x' })).toEqual({ ok: false, message: 'Invalid arguments for everything__get-sum: /a must be number; missing required property b' });
    expect(await validateToolInput(getSum, { a: 1, b: 2, mode: 'slow', c: true })).toEqual({
      ok: false,
      message: 'Invalid arguments for everything__get-sum: /mode must be one of "fast", "exact"; /: unknown property c',
    });
    expect(await validateToolInput(getSum, [1, 2])).toEqual({ ok: false, message: 'Invalid arguments for everything__get-sum: the arguments must be a JSON object' });
  });

  it('nested schemas, formats it does not know and a schema that does not compile never block a call', async () => {
    const nested = tool('x__nested', jsonSchema({ type: 'object', properties: { user: { type: 'object', properties: { email: { type: 'string', format: 'email' }, tags: { type: 'array', items: { type: 'string' } } }, required: ['email'] } } }));
    expect(await validateToolInput(nested, { user: { email: 'not an email', tags: ['a'] } })).toEqual({ ok: true, value: { user: { email: 'not an email', tags: ['a'] } } });
    expect(await validateToolInput(nested, { user: { tags: [1] } })).toEqual({ ok: false, message: 'Invalid arguments for x__nested: /user/tags/0 must be string; /user: missing required property email' });
    const broken = tool('x__broken', jsonSchema({ type: 'object', properties: { a: { $ref: '#/nowhere' } } } as never));
    expect(await validateToolInput(broken, { a: 1 })).toEqual({ ok: true, value: { a: 1 } });
  });

  it('a zod tool uses its own validator (defaults included) and a readable message', async () => {
    const zodTool = tool('calculator', z.object({ expression: z.string(), precision: z.number().default(2) }));
    expect(await validateToolInput(zodTool, { expression: '1+1' })).toEqual({ ok: true, value: { expression: '1+1', precision: 2 } });
    const bad = await validateToolInput(zodTool, { expression: 3 });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toBe('Invalid arguments for calculator: /expression: Invalid input: expected string, received number');
  });
});

describe('unknown tools', () => {
  const many = Array.from({ length: 191 }, (_, i) => `server${i % 7}__tool_${i}`).concat(['github__list_issues', 'github__list_pull_requests', 'gitlab__list_issues', 'jira__search_issues', 'github__create_issue']);

  it('names at most 20 close matches, best first, never the whole list', () => {
    const message = unknownToolMessage('github__list_issue', many);
    expect(message.startsWith('Unknown tool "github__list_issue". Closest available tools: github__list_issues, gitlab__list_issues, ')).toBe(true);
    const listed = message.slice(message.indexOf(': ') + 2, -1).split(', ');
    expect(listed.length).toBeLessThanOrEqual(MAX_TOOL_SUGGESTIONS);
    expect(listed).toContain('github__create_issue');
    expect(listed).not.toContain('server1__tool_1');
    // Names that share nothing: said so, with the count, not listed.
    expect(unknownToolMessage('teleport', many)).toBe('Unknown tool "teleport". No available tool has a similar name (196 tools are available).');
  });

  it('caps the matches even when every tool is close', () => {
    const similar = Array.from({ length: 60 }, (_, i) => `s__read_file_${i}`);
    expect(closeToolMatches('s__read_file', similar)).toHaveLength(20);
  });

  it('a short list is named whole', () => {
    expect(unknownToolMessage('teleport', ['echo'])).toBe('Unknown tool "teleport". Available tools: echo.');
    expect(unknownToolMessage('teleport', [])).toBe('Unknown tool "teleport". Available tools: (none).');
  });
});
