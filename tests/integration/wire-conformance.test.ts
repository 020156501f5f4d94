// Replays every recorded stream in ../shared/wire (expected.json lists them;
// multi-turn cassettes are replayed per interaction from their NAME.N.sse
// extracts) through the scripted server and the REAL providers, then compares
// what streamText yields with the recorded expectations.
//
// The case list, the raw-recording → AI SDK mapping and the provider
// differences (PROVIDER_BEHAVIOUR, with reasons) live in wire-fixtures.ts,
// shared with wire-through-app.test.ts (the same replays through the app's loop).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { APICallError, jsonSchema, streamText, tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { assembleStream, type AssembledStream } from './assemble';
import {
  WIRE,
  hasWire,
  loadCases,
  providerExpectation,
  providersFor,
  replayModel,
  suiteScriptedServer,
  type Outcome,
  type ProviderKind,
  type RecordedExpectation,
} from './wire-fixtures';

if (!hasWire) console.warn(`wire conformance skipped: ${WIRE} not found`);

/* ---------- running a replay ---------- */

const scripted = suiteScriptedServer();

/** Declares the recorded tools (no execute) so tool calls are reported as-is, without tool-error parts. */
function toolsFor(e: RecordedExpectation): ToolSet {
  return Object.fromEntries((e.tool_calls ?? []).map((t) => [t.name, tool({ inputSchema: jsonSchema({ type: 'object' }) })]));
}

async function replay(kind: ProviderKind, file: string, tools: ToolSet = {}, delayMs = 0): Promise<AssembledStream> {
  const scenario = `replay?file=${encodeURIComponent(file)}${delayMs ? `&delayMs=${delayMs}` : ''}`;
  return assembleStream(
    streamText({ model: replayModel(kind, scripted.server.url), prompt: 'replay', tools, maxRetries: 0, onError: () => {}, headers: { 'x-scenario': scenario } }),
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

const { recordings, pending, unknown, cases } = loadCases();
if (pending > 0) console.info(`wire conformance: the ${pending} Anthropic Messages recordings are replayed by wire-anthropic.test.ts.`);
const runs = cases.flatMap((c) => providersFor(c.api).map((provider) => ({ ...c, provider })));

(hasWire ? describe : describe.skip)('wire conformance: recorded streams through the real providers', () => {
  scripted.hooks();

  it('covers all 25 recordings (34 replayable interactions)', () => {
    expect(recordings).toBe(25);
    expect(unknown, 'recordings of a protocol nobody handles').toEqual([]);
    expect(cases).toHaveLength(34);
    expect(cases.filter((c) => c.api === 'chat-completions')).toHaveLength(19);
    for (const c of cases) expect(existsSync(path.join(WIRE, c.file)), c.file).toBe(true);
  });

  for (const run of runs) {
    const { name, file, provider, expected } = run;
    it(`${name} via ${provider}`, async () => {
      const r = await replay(provider, file, toolsFor(expected));
      const want: Outcome = providerExpectation(run, provider);
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
    const sse = await fetch(`${scripted.server.url}/chat/completions`, {
      method: 'POST',
      headers: { 'x-scenario': 'replay?file=chat-completions/openai-gpt4o-finish-length.sse' },
      body: '{}',
    });
    expect(sse.headers.get('content-type')).toContain('text/event-stream');
    expect(await sse.text()).toBe(readFileSync(path.join(WIRE, 'chat-completions/openai-gpt4o-finish-length.sse'), 'utf8'));

    const jsonl = await fetch(`${scripted.server.url}/responses`, {
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
    const res = await fetch(`${scripted.server.url}/chat/completions`, {
      method: 'POST',
      headers: { 'x-scenario': 'replay?file=../../etc/passwd' },
      body: '{}',
    });
    expect(res.status).toBe(400);
  });
});
