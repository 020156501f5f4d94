// Shared by the wire suites (wire-conformance.test.ts: provider only;
// wire-through-app.test.ts: provider + the app's agent loop): the list of
// replayable interactions in ../shared/wire/expected.json, the mapping from a
// raw recording to what the AI SDK providers yield, and the provider factory
// pointed at the scripted server.
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
import type { LanguageModel } from 'ai';
import { afterAll, beforeAll } from 'vitest';
import { startScriptedServer, wireDir, type ScriptedServer } from '../scripted-server/index.mjs';

export type ProviderKind = 'compat' | 'chat' | 'responses';

/* ---------- expected.json shapes (only the fields used here) ---------- */
/** The raw usage objects of both wire formats, as recorded. */
export interface RawUsage {
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

export interface RecordedToolCall {
  name: string;
  id?: string; // chat
  call_id?: string; // responses
  parsed_args: unknown;
}
export interface RecordedExpectation {
  text: string;
  refusal?: string;
  reasoning_parts?: { key: string; text: string }[];
  tool_calls?: RecordedToolCall[];
  finish_reasons_seen?: string[];
  terminal_event?: { type: string; incomplete_details: { reason: string } | null };
  usage: RawUsage | null;
  errors?: unknown[];
}
/** The wire protocols the app speaks today. */
export const SUPPORTED_APIS = ['chat-completions', 'responses'] as const;
/** Recorded protocols replayed by their own suite: Anthropic Messages in wire-anthropic.test.ts (other shapes, other provider). */
export const PENDING_APIS = ['anthropic-messages'] as const;

export interface RecordedEntry {
  api: (typeof SUPPORTED_APIS)[number];
  expected?: RecordedExpectation;
  interactions?: { index: number; extracted_body_file: string; expected: RecordedExpectation }[];
}

/** What we compare: the provider-visible result of one replay. */
export interface Outcome {
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

export const WIRE = wireDir();
export const EXPECTED_JSON = path.join(WIRE, 'expected.json');
export const hasWire = existsSync(EXPECTED_JSON);

/* ---------- generic mapping from the raw recording to AI SDK values ---------- */

const CHAT_FINISH: Record<string, string> = { stop: 'stop', length: 'length', tool_calls: 'tool-calls', content_filter: 'content-filter' };

export function expectedOutcome(api: RecordedEntry['api'], provider: ProviderKind, e: RecordedExpectation): Outcome {
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

export const NO_USAGE: Outcome['usage'] = {
  inputTokens: undefined,
  outputTokens: undefined,
  totalTokens: undefined,
  cacheReadTokens: undefined,
  reasoningTokens: undefined,
};

export const C11_MESSAGE =
  "Tool call validation failed: tool call validation failed: parameters for tool get_something_by_name did not match schema: errors: [missing properties: 'name', additionalProperties 'invalid_param' not allowed]";
export const R7_MESSAGE =
  'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.';

/**
 * Provider behaviour that differs from the raw recording. Key: `file|provider`.
 * Each patch is applied on top of expectedOutcome().
 */
export const PROVIDER_BEHAVIOUR: Record<string, (o: Outcome, e: RecordedExpectation) => Partial<Outcome>> = {
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

/* ---------- cases ---------- */

export interface ReplayCase {
  /** `RECORDING` or `RECORDING [N]` for cassette interactions. */
  name: string;
  /** Key in expected.json. */
  recording: string;
  /** Interaction index within a multi-turn cassette; 0 for single-stream recordings. */
  index: number;
  /** Replay file, relative to the wire dir. */
  file: string;
  api: RecordedEntry['api'];
  expected: RecordedExpectation;
}

/**
 * The replayable cases of the recordings in a protocol the app speaks. `pending` counts
 * recordings of protocols that wait for their provider; `unknown` lists any other, so a
 * new protocol in ../shared/wire fails the coverage test instead of being skipped unseen.
 */
export function loadCases(): { recordings: number; pending: number; unknown: string[]; cases: ReplayCase[] } {
  if (!hasWire) return { recordings: 0, pending: 0, unknown: [], cases: [] };
  const everything = JSON.parse(readFileSync(EXPECTED_JSON, 'utf8')) as Record<string, { api: string }>;
  const entries = Object.entries(everything);
  const isSupported = (entry: [string, { api: string }]): entry is [string, RecordedEntry] => (SUPPORTED_APIS as readonly string[]).includes(entry[1].api);
  const all = Object.fromEntries(entries.filter(isSupported));
  const pending = entries.filter(([, entry]) => (PENDING_APIS as readonly string[]).includes(entry.api)).length;
  const unknown = entries.filter((entry) => !isSupported(entry) && !(PENDING_APIS as readonly string[]).includes(entry[1].api)).map(([name]) => name);
  const cases = Object.entries(all).flatMap(([name, entry]): ReplayCase[] =>
    entry.interactions
      ? entry.interactions.map((i) => ({
          name: `${name} [${i.index}]`,
          recording: name,
          index: i.index,
          file: i.extracted_body_file,
          api: entry.api,
          expected: i.expected,
        }))
      : [{ name, recording: name, index: 0, file: name, api: entry.api, expected: entry.expected! }],
  );
  return { recordings: Object.keys(all).length, pending, unknown, cases };
}

/** Chat recordings go through both chat providers, Responses recordings through openai.responses. */
export function providersFor(api: RecordedEntry['api']): readonly ProviderKind[] {
  return api === 'chat-completions' ? (['compat', 'chat'] as const) : (['responses'] as const);
}

/** What the provider yields for a case: the recording, patched where the provider differs. */
export function providerExpectation(c: Pick<ReplayCase, 'api' | 'file' | 'expected'>, provider: ProviderKind): Outcome {
  const base = expectedOutcome(c.api, provider, c.expected);
  const patch = PROVIDER_BEHAVIOUR[`${c.file}|${provider}`];
  return { ...base, ...patch?.(base, c.expected) };
}

/**
 * The real provider pointed at the scripted server. The scenario is chosen per
 * request by the caller: streamText `headers`, provider `headers`, or a `fetch`
 * that sets `x-scenario`.
 */
export function replayModel(
  kind: ProviderKind,
  baseURL: string,
  options: { headers?: Record<string, string>; fetch?: typeof globalThis.fetch } = {},
): LanguageModel {
  if (kind === 'compat') return createOpenAICompatible({ name: 'compat', baseURL, includeUsage: true, ...options }).chatModel('replay');
  const openai = createOpenAI({ baseURL, apiKey: 'test', ...options });
  return kind === 'responses' ? openai.responses('replay') : openai.chat('replay');
}

/** A wire suite's scripted server: call `hooks()` inside the suite's describe (so a skipped suite starts nothing); tests read `server`. */
export function suiteScriptedServer() {
  let server: ScriptedServer | undefined;
  return {
    get server(): ScriptedServer {
      if (!server) throw new Error('the scripted server starts in the suite’s beforeAll');
      return server;
    },
    hooks() {
      beforeAll(async () => {
        server = await startScriptedServer();
      });
      afterAll(async () => {
        await server?.close();
      });
    },
  };
}
