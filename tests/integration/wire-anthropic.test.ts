// Replays every recorded Anthropic Messages stream in ../shared/wire (expected.json,
// api "anthropic-messages") through the scripted server's /v1/messages route and the
// REAL @ai-sdk/anthropic provider, then compares what streamText yields with the
// recording: text, thinking (with its signatures) and redacted thinking, tool uses,
// the stop reason and the usage. Each replay then goes through the app's loop
// (runAgent) too, and the stored message converts into the next turn's history with
// the signatures kept. `.chunks.txt` payload logs are sent as Anthropic's wire sends
// them (`event:` lines, no [DONE]); `.sse` bodies byte for byte.
//
// Skipped, with a notice, when ../shared/wire is absent (a user's clone).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createAnthropic } from '@ai-sdk/anthropic';
import { jsonSchema, streamText, tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { historyToModelMessages, runAgent, type AgentTool } from '@/lib/agent';
import type { AgentUIMessageChunk } from '@/lib/agent/messages';
import { assemble, fakeClock, userMessage } from '../unit/agent/harness';
import { assembleStream } from './assemble';
import { EXPECTED_JSON, WIRE, hasWire, suiteScriptedServer } from './wire-fixtures';

if (!hasWire) console.warn(`wire conformance (Anthropic) skipped: ${WIRE} not found`);

/* ---------- expected.json shapes (only the fields used here) ---------- */
interface RawAnthropicUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}
interface AnthropicResult {
  text: string;
  thinking: string[];
  redacted_thinking_blocks: number;
  signatures: number;
  tool_uses: { name: string; id: string; parsed_arguments: unknown }[];
  stop_reason: string;
  usage_message_start?: RawAnthropicUsage;
  usage_message_delta?: RawAnthropicUsage;
}
interface AnthropicEntry {
  api: 'anthropic-messages';
  result?: AnthropicResult;
  interactions?: { interaction: number; sse_file: string; result: AnthropicResult }[];
}
interface AnthropicCase {
  name: string;
  file: string;
  result: AnthropicResult;
}

function loadAnthropicCases(): AnthropicCase[] {
  if (!hasWire) return [];
  const all = JSON.parse(readFileSync(EXPECTED_JSON, 'utf8')) as Record<string, { api: string }>;
  return Object.entries(all)
    .filter((entry): entry is [string, AnthropicEntry] => entry[1].api === 'anthropic-messages')
    .flatMap(([name, entry]) =>
      entry.interactions
        ? entry.interactions.map((i) => ({ name: `${name} [${i.interaction}]`, file: i.sse_file, result: i.result }))
        : [{ name, file: name, result: entry.result! }],
    );
}

/* ---------- what @ai-sdk/anthropic makes of a recording ---------- */
const STOP: Record<string, string> = { end_turn: 'stop', tool_use: 'tool-calls', max_tokens: 'length', stop_sequence: 'stop' };

interface Outcome {
  text: string;
  /** Reasoning parts in order: a thinking block's text, '' for a redacted block. */
  reasoning: string[];
  signatures: number;
  redacted: number;
  toolCalls: { toolCallId: string; toolName: string; input: unknown }[];
  finishReason: string | undefined;
  rawFinishReason: string | undefined;
  usage: { inputTokens?: number; outputTokens?: number; cacheReadTokens?: number; cacheWriteTokens?: number };
}

/**
 * The recording as the provider should yield it. Usage: message_delta's figures win over message_start's (A5: 61, not
 * 43); a figure message_delta lacks comes from message_start (A6 reports only output_tokens at the end). The provider's
 * inputTokens is the uncached input plus cache reads plus cache writes.
 */
function expectedOutcome(r: AnthropicResult): Outcome {
  const start = r.usage_message_start ?? {};
  const delta = r.usage_message_delta ?? {};
  const pick = (key: keyof RawAnthropicUsage) => delta[key] ?? start[key] ?? undefined;
  const cacheRead = pick('cache_read_input_tokens') ?? 0;
  const cacheWrite = pick('cache_creation_input_tokens') ?? 0;
  return {
    text: r.text,
    reasoning: [...Array<string>(r.redacted_thinking_blocks).fill(''), ...r.thinking],
    signatures: r.signatures,
    redacted: r.redacted_thinking_blocks,
    toolCalls: r.tool_uses.map((t) => ({ toolCallId: t.id, toolName: t.name, input: t.parsed_arguments })),
    finishReason: STOP[r.stop_reason],
    rawFinishReason: r.stop_reason,
    usage: { inputTokens: (pick('input_tokens') ?? 0) + cacheRead + cacheWrite, outputTokens: pick('output_tokens'), cacheReadTokens: cacheRead, cacheWriteTokens: cacheWrite },
  };
}

const scripted = suiteScriptedServer();
const cases = loadAnthropicCases();

function model(file: string, headers: Record<string, string> = {}) {
  const scenario = `replay?file=${encodeURIComponent(file)}`;
  return createAnthropic({ baseURL: scripted.server.url, apiKey: 'test', headers: { 'x-scenario': scenario, ...headers } }).messages('claude-sonnet-4-5');
}

function toolsFor(r: AnthropicResult): ToolSet {
  return Object.fromEntries(r.tool_uses.map((t) => [t.name, tool({ inputSchema: jsonSchema({ type: 'object' }) })]));
}

(hasWire ? describe : describe.skip)('wire conformance: recorded Anthropic Messages streams through @ai-sdk/anthropic and the app', () => {
  scripted.hooks();

  it('covers all 9 Anthropic recordings (9 replayable streams)', () => {
    expect(cases).toHaveLength(9);
    for (const c of cases) expect(existsSync(path.join(WIRE, c.file)), c.file).toBe(true);
  });

  for (const c of cases) {
    it(`${c.name} via anthropic`, async () => {
      const stream = streamText({ model: model(c.file), prompt: 'replay', tools: toolsFor(c.result), maxRetries: 0, onError: () => {} });
      const r = await assembleStream(stream);
      expect(r.streamError, 'stream rejected').toBeUndefined();
      expect(r.errors).toEqual([]);
      const reasoningParts = (await stream.reasoning) as Array<{ text: string; providerMetadata?: { anthropic?: { signature?: string; redactedData?: string } } }>;
      const got: Outcome = {
        text: r.text,
        reasoning: r.reasoning,
        signatures: reasoningParts.filter((p) => p.providerMetadata?.anthropic?.signature).length,
        redacted: reasoningParts.filter((p) => p.providerMetadata?.anthropic?.redactedData).length,
        toolCalls: r.toolCalls,
        finishReason: r.finishReason,
        rawFinishReason: r.rawFinishReason,
        usage: {
          inputTokens: r.usage?.inputTokens,
          outputTokens: r.usage?.outputTokens,
          cacheReadTokens: r.usage?.inputTokenDetails.cacheReadTokens,
          cacheWriteTokens: r.usage?.inputTokenDetails.cacheWriteTokens,
        },
      };
      expect(got).toEqual(expectedOutcome(c.result));
    });

    it(`${c.name} via anthropic → runAgent, and the next turn's history`, async () => {
      const want = expectedOutcome(c.result);
      const tools: AgentTool[] = c.result.tool_uses.map((t) => ({
        name: t.name,
        description: `Recorded tool ${t.name}`,
        inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object' }),
        readOnly: true,
        execute: async () => 'recorded tool output',
      }));
      // The first call replays the recording; after tool calls a scripted closing turn ends the run.
      let call = 0;
      const scriptedFetch = ((input: RequestInfo | URL, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        headers.set('x-scenario', call++ === 0 ? `replay?file=${encodeURIComponent(c.file)}` : 'default?text=closing');
        return fetch(input, { ...init, headers });
      }) as typeof fetch;
      const chunks: AgentUIMessageChunk[] = [];
      const result = await runAgent({
        model: createAnthropic({ baseURL: scripted.server.url, apiKey: 'test', fetch: scriptedFetch }).messages('claude-sonnet-4-5'),
        instructions: 'You are replaying a recorded conversation.',
        messages: [userMessage('replay')],
        tools,
        signal: new AbortController().signal,
        clock: fakeClock(),
        write: (chunk) => chunks.push(chunk),
      });
      const message = await assemble(chunks);
      expect(result.end.reason).toBe('completed');
      expect(result.steps).toHaveLength(want.toolCalls.length ? 2 : 1);
      const [first] = result.steps;
      expect(first.finishReason).toEqual({ unified: want.finishReason, raw: want.rawFinishReason });
      expect(first.usage).toMatchObject({ inputTokens: want.usage.inputTokens, outputTokens: want.usage.outputTokens, cachedInputTokens: want.usage.cacheReadTokens });

      // The message shows the recording's reasoning and text (then the closing turn's, after tool calls).
      const reasoning = message.parts.filter((p) => p.type === 'reasoning');
      expect(reasoning.map((p) => p.text)).toEqual(want.reasoning);
      const text = message.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
      expect(text).toBe(want.toolCalls.length ? `${want.text}closing` : want.text);

      // Every signature and redacted block survives into the next request's history.
      const history = await historyToModelMessages([userMessage('replay'), message, userMessage('next', 'u2')], tools, 30_000);
      const kept = history.flatMap((m) => (m.role === 'assistant' && Array.isArray(m.content) ? m.content : [])).filter((p) => p.type === 'reasoning');
      expect(kept.filter((p) => p.providerOptions?.anthropic?.signature)).toHaveLength(want.signatures);
      expect(kept.filter((p) => p.providerOptions?.anthropic?.redactedData)).toHaveLength(want.redacted);
    });
  }
});
