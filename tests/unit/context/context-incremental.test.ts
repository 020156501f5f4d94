import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelMessage } from 'ai';
import { measureContext, type ToolSchema } from '@/lib/context/measure';
import { modelMessageText } from '@/lib/agent/usage';
import { TokenCountCache } from '@/lib/agent/token-count-cache';

// Every call of the real tokenizer is counted, so a test fails if the cache stops being used.
const tokenizer = vi.hoisted(() => ({ calls: 0 }));
vi.mock('gpt-tokenizer/encoding/o200k_base', async (importOriginal) => {
  const actual = await importOriginal<typeof import('gpt-tokenizer/encoding/o200k_base')>();
  return {
    ...actual,
    countTokens: (...args: Parameters<typeof actual.countTokens>) => {
      tokenizer.calls++;
      return actual.countTokens(...args);
    },
  };
});

const MODEL = 'gpt-4o';
const FRAMING = 4;
const INSTRUCTIONS = 'You are an agent in a playground. Use the tools when they help; answer in markdown.';
const TOOLS: ToolSchema[] = [
  { name: 'read_file', description: 'Reads a file of the workspace.', parameters: { type: 'object', properties: { path: { type: 'string' } } } },
  { name: 'write_file', description: 'Writes a file.', parameters: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } } },
];

/** Deterministic words, so sizes and texts are realistic and stable. */
function words(seed: number, count: number): string {
  const vocabulary = ['the', 'agent', 'reads', 'a', 'file', 'and', 'writes', 'tests', 'for', 'context', 'tokens', 'function', 'return', 'const', '{', '}', '=>', 'error:', 'résumé', '数据', '```ts', '\n'];
  let x = seed * 2654435761;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out.push(vocabulary[x % vocabulary.length]);
  }
  return `${seed}: ${out.join(' ')}`;
}

/** 500 messages: user turns, assistant text with tool calls, and tool results of a few kilobytes. */
function fixture(count = 500): ModelMessage[] {
  const messages: ModelMessage[] = [];
  for (let i = 0; messages.length < count; i++) {
    const at = messages.length;
    if (i % 3 === 0) messages.push({ role: 'user', content: words(at, 20 + (at % 7) * 15) });
    else if (i % 3 === 1)
      messages.push({
        role: 'assistant',
        content: [
          { type: 'text', text: words(at, 40 + (at % 5) * 30) },
          { type: 'tool-call', toolCallId: `call-${at}`, toolName: 'read_file', input: { path: `src/file-${at}.ts` } },
        ],
      });
    else
      messages.push({
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: `call-${at - 1}`, toolName: 'read_file', output: { type: 'text', value: words(at, 200 + (at % 11) * 60) } }],
      });
  }
  return messages;
}

/** The reference: every text tokenised from scratch with the real tokenizer, no cache anywhere. */
async function fullRecount(messages: readonly ModelMessage[]): Promise<number> {
  const { countTokens } = await vi.importActual<typeof import('gpt-tokenizer/encoding/o200k_base')>('gpt-tokenizer/encoding/o200k_base');
  const count = (text: string) => (text ? countTokens(text, { disallowedSpecial: new Set() }) : 0);
  let total = count(INSTRUCTIONS) + FRAMING + count(JSON.stringify(TOOLS));
  for (const message of messages) total += count(modelMessageText(message)) + FRAMING;
  return total;
}

const measure = (messages: readonly ModelMessage[]) => measureContext({ modelId: MODEL, instructions: INSTRUCTIONS, tools: TOOLS, messages });

describe('incremental context accounting', () => {
  beforeEach(() => {
    tokenizer.calls = 0;
  });

  it('equals a full recount on 500 messages, through edits, appends and a removed prefix, tokenising only what changed', async () => {
    const messages = fixture();
    expect(messages).toHaveLength(500);

    const cold = await measure(messages);
    expect(cold.tokens).toBe(await fullRecount(messages));
    // Each distinct text once (the instructions, the tool schemas, every message).
    expect(tokenizer.calls).toBeGreaterThanOrEqual(500);

    tokenizer.calls = 0;
    const warm = await measure(messages);
    expect(warm).toEqual(cold);
    expect(tokenizer.calls).toBe(0);

    // The same history converted again (new objects, as each request builds them): counted by text, not re-tokenised.
    expect(await measure(structuredClone(messages))).toEqual(cold);
    expect(tokenizer.calls).toBe(0);

    // An edit in the middle: only that message is counted again.
    const edited = [...messages];
    edited[250] = { role: 'user', content: `${words(250, 90)} (edited)` };
    tokenizer.calls = 0;
    expect((await measure(edited)).tokens).toBe(await fullRecount(edited));
    expect(tokenizer.calls).toBe(1);

    // A tool result edited in place of the same call.
    edited[251] = {
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'call-250', toolName: 'read_file', output: { type: 'text', value: words(9_999, 400) } }],
    };
    tokenizer.calls = 0;
    expect((await measure(edited)).tokens).toBe(await fullRecount(edited));
    expect(tokenizer.calls).toBe(1);

    // Appends: only the new messages.
    const appended = [...edited, ...fixture(503).slice(500).map((m, i) => (m.role === 'user' ? { ...m, content: `${words(600 + i, 50)}` } : m))];
    appended.push({ role: 'user', content: words(700, 60) }, { role: 'assistant', content: [{ type: 'text', text: words(701, 80) }] });
    tokenizer.calls = 0;
    expect((await measure(appended)).tokens).toBe(await fullRecount(appended));
    expect(tokenizer.calls).toBe(appended.length - edited.length);

    // Compaction-like: a prefix removed and a summary put first; only the summary is new.
    const compacted: ModelMessage[] = [{ role: 'user', content: `Summary of the conversation so far: ${words(800, 120)}` }, ...appended.slice(200)];
    tokenizer.calls = 0;
    expect((await measure(compacted)).tokens).toBe(await fullRecount(compacted));
    expect(tokenizer.calls).toBe(1);
  });

  it('lets the rest of the process run while it counts a long history none of it was counted before, and counts it the same', async () => {
    const messages = fixture(4_000).map((message, i) => (message.role === 'user' ? { ...message, content: `${words(50_000 + i, 60)}` } : message));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    try {
      const counted = await measure(messages);
      // A timer's callback ran before the count was done: the count was not one task (lib/runtime/time-slice.ts).
      expect(ticks).toBeGreaterThan(0);
      expect(counted.tokens).toBe(await fullRecount(messages));
    } finally {
      clearInterval(timer);
    }
  });

  it('adds only the messages after a provider measurement, and agrees with the estimate it builds on', async () => {
    const messages = fixture();
    await measure(messages);
    tokenizer.calls = 0;
    const measured = await measureContext({ modelId: MODEL, instructions: INSTRUCTIONS, tools: TOOLS, messages, measured: { inputTokens: 40_000, coveredMessages: 480 } });
    const added = (await fullRecount(messages)) - (await fullRecount(messages.slice(0, 480)));
    expect(measured.tokens).toBe(40_000 + added);
    expect(tokenizer.calls).toBe(0);
  });

  it('keeps its cache within its bounds', () => {
    const cache = new TokenCountCache(10_000, 50);
    let counted = 0;
    const count = (text: string) => {
      counted++;
      return text.length;
    };
    for (let i = 0; i < 500; i++) cache.countOf('o200k_base', `text number ${i} `.repeat(10), count);
    expect(cache.size.entries).toBeLessThanOrEqual(50);
    expect(cache.size.chars).toBeLessThanOrEqual(10_000);
    // The newest entries are kept, the oldest were dropped.
    counted = 0;
    cache.countOf('o200k_base', `text number 499 `.repeat(10), count);
    expect(counted).toBe(0);
    cache.countOf('o200k_base', `text number 0 `.repeat(10), count);
    expect(counted).toBe(1);
    // Another encoding is another entry.
    cache.countOf('cl100k_base', `text number 499 `.repeat(10), count);
    expect(counted).toBe(2);
  });
});
