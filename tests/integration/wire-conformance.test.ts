// Replays every recorded stream in ../shared/wire (expected.json lists them;
// multi-turn cassettes are replayed per interaction from their NAME.N.sse
// extracts) through the scripted server and the REAL providers, then compares
// what streamText yields with the recorded expectations.
//
// Where a provider itself drops or reinterprets something, the expectation is
// patched in PROVIDER_BEHAVIOUR below with the reason. Those entries were
// verified against @ai-sdk/openai 4.0.118 / @ai-sdk/openai-compatible 3.0.92 /
// ai 7.0.173; "README" means /work/shared/wire/README.md, section "What
// @ai-sdk/openai does with these" (written against @ai-sdk/openai 4.0.46).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, jsonSchema, streamText, tool, type LanguageModel, type ToolSet } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer, wireDir, type ScriptedServer } from '../scripted-server/index.mjs';
import { assembleStream, type AssembledStream } from './assemble';

type ProviderKind = 'compat' | 'chat' | 'responses';

/* ---------- expected.json shapes (only the fields used here) ---------- */
/** The raw usage objects of both wire formats, as recorded. */
interface RawUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number };
  completion_tokens_details?: { reasoning_tokens?: number };
  input_tokens?: number;
  output_tokens?: number;
  input_tokens_details?: { cached_tokens?: number };
  output_tokens_details?: { reasoning_tokens?: number };
}

interface RecordedToolCall {
  name: string;
  id?: string; // chat
  call_id?: string; // responses
  parsed_args: unknown;
}
interface RecordedExpectation {
  text: string;
  refusal?: string;
  reasoning_parts?: { key: string; text: string }[];
  tool_calls?: RecordedToolCall[];
  finish_reasons_seen?: string[];
  terminal_event?: { type: string; incomplete_details: { reason: string } | null };
  usage: RawUsage | null;
  errors?: unknown[];
}
interface RecordedEntry {
  api: 'chat-completions' | 'responses';
  expected?: RecordedExpectation;
  interactions?: { index: number; extracted_body_file: string; expected: RecordedExpectation }[];
}

/** What we compare: the provider-visible result of one replay. */
interface Outcome {
  text: string;
  reasoning: string[];
  toolCalls: { toolCallId: string; toolName: string; input: unknown }[];
  finishReason: string | undefined;
  rawFinishReason: string | undefined;
  usage: {
    inputTokens: number | undefined;
    outputTokens: number | undefined;
    totalTokens: number | undefined;
    cacheReadTokens: number | undefined;
    reasoningTokens: number | undefined;
  };
  /** Error parts as `Name: message` (plus status), empty when none. */
  errors: string[];
}

const WIRE = wireDir();
const EXPECTED_JSON = path.join(WIRE, 'expected.json');
const hasWire = existsSync(EXPECTED_JSON);
if (!hasWire) console.warn(`wire conformance skipped: ${WIRE} not found`);

/* ---------- generic mapping from the raw recording to AI SDK values ---------- */

const CHAT_FINISH: Record<string, string> = { stop: 'stop', length: 'length', tool_calls: 'tool-calls', content_filter: 'content-filter' };

function expectedOutcome(api: RecordedEntry['api'], provider: ProviderKind, e: RecordedExpectation): Outcome {
  const u = e.usage ?? {};
  const toolCalls = (e.tool_calls ?? []).map((t) => ({
    toolCallId: (api === 'responses' ? t.call_id : t.id)!,
    toolName: t.name,
    input: t.parsed_args,
  }));
  if (api === 'chat-completions') {
    const raw = e.finish_reasons_seen?.at(-1);
    return {
      text: e.text,
      // Only openai-compatible reads delta.reasoning_content / delta.reasoning;
      // it emits all of a turn's reasoning as one part.
      reasoning: provider === 'compat' && e.reasoning_parts?.length ? [e.reasoning_parts.map((p) => p.text).join('')] : [],
      toolCalls,
      finishReason: raw && CHAT_FINISH[raw],
      rawFinishReason: raw,
      usage: {
        inputTokens: u.prompt_tokens,
        outputTokens: u.completion_tokens,
        totalTokens: u.total_tokens,
        // Both chat providers default missing *_details to 0, not undefined (llama.cpp C8, vLLM C9, 2024 OpenAI C2–C4).
        cacheReadTokens: e.usage ? (u.prompt_tokens_details?.cached_tokens ?? 0) : undefined,
        reasoningTokens: e.usage ? (u.completion_tokens_details?.reasoning_tokens ?? 0) : undefined,
      },
      errors: [],
    };
  }
  const incomplete = e.terminal_event?.incomplete_details?.reason;
  return {
    text: e.text,
    reasoning: (e.reasoning_parts ?? []).filter((p) => p.key.startsWith('reasoning_summary_text')).map((p) => p.text),
    toolCalls,
    finishReason: incomplete === 'max_output_tokens' ? 'length' : toolCalls.length ? 'tool-calls' : 'stop',
    // The Responses provider only reports incomplete_details.reason as the raw reason.
    rawFinishReason: incomplete,
    usage: {
      inputTokens: u.input_tokens,
      outputTokens: u.output_tokens,
      totalTokens: u.total_tokens,
      cacheReadTokens: u.input_tokens_details?.cached_tokens,
      reasoningTokens: u.output_tokens_details?.reasoning_tokens,
    },
    errors: [],
  };
}

const NO_USAGE: Outcome['usage'] = {
  inputTokens: undefined,
  outputTokens: undefined,
  totalTokens: undefined,
  cacheReadTokens: undefined,
  reasoningTokens: undefined,
};

/**
 * Provider behaviour that differs from the raw recording. Key: `file|provider`.
 * Each patch is applied on top of expectedOutcome().
 */
const PROVIDER_BEHAVIOUR: Record<string, (o: Outcome, e: RecordedExpectation) => Partial<Outcome>> = {
  // C3 refusal. README: "delta.refusal is also not read, so C3 gives empty text with finish stop".
  // DIFFERS on 4.0.118 / compat 3.0.92: BOTH chat providers stream the refusal as text and map
  // finish to 'content-filter' (raw 'stop').
  'chat-completions/openai-gpt4o-refusal.sse|chat': (_o, e) => ({ text: e.refusal!, finishReason: 'content-filter' }),
  'chat-completions/openai-gpt4o-refusal.sse|compat': (_o, e) => ({ text: e.refusal!, finishReason: 'content-filter' }),

  // C10: finish 'length' followed by a chunk with top-level `error` AND `choices`.
  // openai.chat: README confirmed — the error is ignored, finish stays 'length', usage from that chunk is kept.
  // compat: not covered by README — it surfaces the error as a StreamProviderError part
  // (statusCode 400 from error.code), finish becomes 'error' and the usage on that chunk is LOST.
  'chat-completions/openrouter-minimax-length-then-error.0.sse|compat': () => ({
    finishReason: 'error',
    rawFinishReason: undefined,
    usage: NO_USAGE,
    errors: ['AI_StreamProviderError: Token limit reached (400)'],
  }),

  // C11[0]: `event: error` frame mid-stream, no finish, no usage, no [DONE].
  // openai.chat: README confirmed — the error arrives before any content/tool-call chunk (reasoning
  // is not output for openai.chat), so throwIfOpenAIStreamErrorBeforeOutput throws an APICallError
  // (statusCode 400 from error.status_code): a lone error part, no step, no finish part.
  'chat-completions/groq-gptoss-error-event-midstream.0.sse|chat': () => ({
    finishReason: undefined,
    rawFinishReason: undefined,
    usage: NO_USAGE,
    errors: [`AI_APICallError: ${C11_MESSAGE} (400)`],
  }),
  // compat: reasoning already streamed, then a StreamProviderError part (no statusCode) and finish 'error'.
  'chat-completions/groq-gptoss-error-event-midstream.0.sse|compat': () => ({
    finishReason: 'error',
    rawFinishReason: undefined,
    usage: NO_USAGE,
    errors: [`AI_StreamProviderError: ${C11_MESSAGE} (-)`],
  }),

  // R6: reasoning item with an empty summary still opens (and closes) an empty reasoning part (README confirmed).
  'responses/openai-reasoning-tokens-no-summary.0.sse|responses': () => ({ reasoning: [''] }),
  // R8/R9/R10: response.reasoning_text.delta is not understood by @ai-sdk/openai (README confirmed on
  // 4.0.118): the reasoning item yields one EMPTY reasoning part, the text is dropped.
  'responses/deepseek-responses-reasoning-text-tool.0.sse|responses': () => ({ reasoning: [''] }),
  'responses/openrouter-responses-reasoning-text.0.sse|responses': () => ({ reasoning: [''] }),
  'responses/lmstudio-reasoning-text-tool-call.chunks.txt|responses': () => ({ reasoning: [''] }),

  // R7: `error` + `response.failed` right after response.in_progress. Replayed in one write
  // (no delay) it is always inside the 50 ms early-error window, so it is thrown as an
  // APICallError before the step starts (README confirmed). Not in README: the provider maps
  // code insufficient_quota to statusCode 429 (isRetryable false). No step, no finish, no usage.
  'responses/openai-error-insufficient-quota.chunks.txt|responses': () => ({
    finishReason: undefined,
    rawFinishReason: undefined,
    usage: NO_USAGE,
    errors: [`AI_APICallError: ${R7_MESSAGE} (429)`],
  }),
};

const C11_MESSAGE =
  "Tool call validation failed: tool call validation failed: parameters for tool get_something_by_name did not match schema: errors: [missing properties: 'name', additionalProperties 'invalid_param' not allowed]";
const R7_MESSAGE =
  'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.';

/* ---------- running a replay ---------- */

let server: ScriptedServer;

function model(kind: ProviderKind): LanguageModel {
  if (kind === 'compat') return createOpenAICompatible({ name: 'compat', baseURL: server.url, includeUsage: true }).chatModel('replay');
  const openai = createOpenAI({ baseURL: server.url, apiKey: 'test' });
  return kind === 'responses' ? openai.responses('replay') : openai.chat('replay');
}

/** Declares the recorded tools (no execute) so tool calls are reported as-is, without tool-error parts. */
function toolsFor(e: RecordedExpectation): ToolSet {
  return Object.fromEntries((e.tool_calls ?? []).map((t) => [t.name, tool({ inputSchema: jsonSchema({ type: 'object' }) })]));
}

async function replay(kind: ProviderKind, file: string, tools: ToolSet = {}, delayMs = 0): Promise<AssembledStream> {
  const scenario = `replay?file=${encodeURIComponent(file)}${delayMs ? `&delayMs=${delayMs}` : ''}`;
  return assembleStream(
    streamText({ model: model(kind), prompt: 'replay', tools, maxRetries: 0, onError: () => {}, headers: { 'x-scenario': scenario } }),
  );
}

function toOutcome(r: AssembledStream): Outcome {
  const describeError = (err: unknown) => {
    const e = err as { name?: string; message?: string; statusCode?: number };
    return `${e.name}: ${e.message} (${e.statusCode ?? '-'})`;
  };
  return {
    text: r.text,
    reasoning: r.reasoning,
    toolCalls: r.toolCalls,
    finishReason: r.finishReason,
    rawFinishReason: r.rawFinishReason,
    usage: {
      inputTokens: r.usage?.inputTokens,
      outputTokens: r.usage?.outputTokens,
      totalTokens: r.usage?.totalTokens,
      cacheReadTokens: r.usage?.inputTokenDetails.cacheReadTokens,
      reasoningTokens: r.usage?.outputTokenDetails.reasoningTokens,
    },
    errors: r.errors.map(describeError),
  };
}

/* ---------- cases ---------- */

interface ReplayCase {
  name: string;
  file: string;
  api: RecordedEntry['api'];
  expected: RecordedExpectation;
}

function loadCases(): { recordings: number; cases: ReplayCase[] } {
  if (!hasWire) return { recordings: 0, cases: [] };
  const all = JSON.parse(readFileSync(EXPECTED_JSON, 'utf8')) as Record<string, RecordedEntry>;
  const cases = Object.entries(all).flatMap(([name, entry]) =>
    entry.interactions
      ? entry.interactions.map((i) => ({ name: `${name} [${i.index}]`, file: i.extracted_body_file, api: entry.api, expected: i.expected }))
      : [{ name, file: name, api: entry.api, expected: entry.expected! }],
  );
  return { recordings: Object.keys(all).length, cases };
}

const { recordings, cases } = loadCases();
const runs = cases.flatMap((c) =>
  (c.api === 'chat-completions' ? (['compat', 'chat'] as const) : (['responses'] as const)).map((provider) => ({ ...c, provider })),
);

(hasWire ? describe : describe.skip)('wire conformance: recorded streams through the real providers', () => {
  beforeAll(async () => {
    server = await startScriptedServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('covers all 25 recordings (34 replayable interactions)', () => {
    expect(recordings).toBe(25);
    expect(cases).toHaveLength(34);
    expect(cases.filter((c) => c.api === 'chat-completions')).toHaveLength(19);
    for (const c of cases) expect(existsSync(path.join(WIRE, c.file)), c.file).toBe(true);
  });

  for (const { name, file, api, provider, expected } of runs) {
    it(`${name} via ${provider}`, async () => {
      const r = await replay(provider, file, toolsFor(expected));
      const base = expectedOutcome(api, provider, expected);
      const patch = PROVIDER_BEHAVIOUR[`${file}|${provider}`];
      const want: Outcome = { ...base, ...patch?.(base, expected) };
      const got = toOutcome(r);
      expect(r.streamError, 'stream rejected').toBeUndefined();
      expect(got).toEqual(want);
      // Recorded totals are input + output everywhere; the SDK's totalTokens must agree.
      if (want.usage.inputTokens !== undefined) expect(got.usage.totalTokens).toBe(got.usage.inputTokens! + got.usage.outputTokens!);
    });
  }

  // The README warns that the Responses provider peeks ~50 ms after response.in_progress for early
  // errors. Replays without delayMs are written in one piece (deterministic: thrown APICallError, above);
  // with a delay beyond the window the same bytes become a mid-stream error part instead.
  it('R7 replayed with 80 ms between frames: error becomes a StreamProviderError part, finish "error"', async () => {
    const r = await replay('responses', 'responses/openai-error-insufficient-quota.chunks.txt', {}, 80);
    expect(r.errors).toHaveLength(1);
    expect(APICallError.isInstance(r.errors[0])).toBe(false);
    expect(r.errors[0]).toMatchObject({ name: 'AI_StreamProviderError', code: 'insufficient_quota', statusCode: 429, isRetryable: false });
    expect(r.finishReason).toBe('error');
    expect(r.usage?.inputTokens).toBeUndefined();
  });

  it('R7 replayed with 10 ms between frames (inside the window): still thrown as APICallError', async () => {
    const r = await replay('responses', 'responses/openai-error-insufficient-quota.chunks.txt', {}, 10);
    expect(r.errors).toHaveLength(1);
    expect(APICallError.isInstance(r.errors[0])).toBe(true);
    expect(r.finishReason).toBeUndefined();
  });

  it('.chunks.txt files are re-framed as data: lines plus [DONE]; .sse files are sent byte for byte', async () => {
    const sse = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      headers: { 'x-scenario': 'replay?file=chat-completions/openai-gpt4o-finish-length.sse' },
      body: '{}',
    });
    expect(sse.headers.get('content-type')).toContain('text/event-stream');
    expect(await sse.text()).toBe(readFileSync(path.join(WIRE, 'chat-completions/openai-gpt4o-finish-length.sse'), 'utf8'));

    const jsonl = await fetch(`${server.url}/responses`, {
      method: 'POST',
      headers: { 'x-scenario': 'replay?file=responses/openai-error-insufficient-quota.chunks.txt' },
      body: '{}',
    });
    const lines = readFileSync(path.join(WIRE, 'responses/openai-error-insufficient-quota.chunks.txt'), 'utf8')
      .split('\n')
      .filter((l) => l.trim());
    expect(await jsonl.text()).toBe(lines.map((l) => `data: ${l}\n\n`).join('') + 'data: [DONE]\n\n');
  });

  it('refuses files outside the wire dir', async () => {
    const res = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      headers: { 'x-scenario': 'replay?file=../../etc/passwd' },
      body: '{}',
    });
    expect(res.status).toBe(400);
  });
});
