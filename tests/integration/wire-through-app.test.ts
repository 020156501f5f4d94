// Replays every recorded interaction in ../shared/wire through the scripted
// server, the REAL providers AND the app's agent loop (runAgent), assembles the
// UI message from the loop's chunks the way the run manager does (start …
// finish, readUIMessageStream), and compares it with expected.json.
//
// The per-provider expectation is the one wire-conformance.test.ts checks
// (wire-fixtures.ts: the recording, patched where the provider itself drops or
// reinterprets something). This suite checks that the loop keeps all of it:
// text, reasoning parts, tool calls, usage, the finish reason in the step
// trace, and the run's end.
//
// Multi-interaction cassettes: a tool-call step makes the loop execute the
// tools and call the model again. A `beforeModelCall` hook picks the file for
// each model call (iteration N of the run gets the case's interaction plus N-1,
// i.e. the cassette's own continuation), and the provider's `fetch` puts that
// choice in the `x-scenario` header. Retries of one call stay on the same
// interaction because the hook runs once per model call, not per HTTP request.
// When the recording has no continuation left (C4, C7, R6, R10 end in tool
// calls), a scripted closing text turn ends the run. Every step that came from
// a recording is compared with that interaction, so a cassette started at [0]
// is checked end to end, and each later interaction is also checked as the
// first step of its own run.
//
// Real app settings (default retries) with a fake clock, so nothing sleeps.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { convertToModelMessages, getToolName, isToolUIPart, jsonSchema, type ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  estimatePromptTokens,
  estimateTextTokens,
  historyToModelMessages,
  runAgent,
  type AgentTool,
  type RunResult,
  type StepTrace,
} from '@/lib/agent';
import { addUsage, emptyUsage, type AgentUIMessage, type AgentUIMessageChunk, type RunEnd, type StepErrorNotice, type UsageTotals } from '@/lib/agent/messages';
import type { RecordedRequest } from '../scripted-server/index.mjs';
import { assemble, fakeClock, nextTurnModelMessages, userMessage } from '../unit/agent/harness';
import {
  C11_MESSAGE,
  R7_MESSAGE,
  WIRE,
  hasWire,
  loadCases,
  providerExpectation,
  providersFor,
  replayModel,
  suiteScriptedServer,
  type Outcome,
  type ProviderKind,
  type ReplayCase,
} from './wire-fixtures';

if (!hasWire) console.warn(`wire through app skipped: ${WIRE} not found`);

const INSTRUCTIONS = 'You are replaying a recorded conversation.';
const USER_TEXT = 'replay';
/** What every recorded tool returns when the loop executes it. */
const TOOL_OUTPUT = { result: 'fixed replay tool output' };
const CLOSING_TEXT = 'Closing turn after the recording.';
const CLOSING_SCENARIO = `text?text=${encodeURIComponent(CLOSING_TEXT)}`;

/* ---------- the app's expected end per recording ---------- */

/**
 * How the loop ends a run whose step failed (errors in the provider outcome).
 * Key: `file|provider`. The messages are the loop's classification (lib/agent/errors.ts).
 */
const APP_ERROR_END: Record<string, { end: RunEnd; error: StepTrace['error']; retries: number }> = {
  // C10 via compat: StreamProviderError with statusCode 400 after reasoning was shown → bad request, not retryable.
  'chat-completions/openrouter-minimax-length-then-error.0.sse|compat': {
    end: { reason: 'error', message: 'The provider rejected the request (400): Token limit reached' },
    error: { message: 'The provider rejected the request (400): Token limit reached', cause: 'bad-request', statusCode: 400 },
    retries: 0,
  },
  // C11[0] via openai.chat: APICallError 400 thrown before any output → not retryable, no step in the message.
  'chat-completions/groq-gptoss-error-event-midstream.0.sse|chat': {
    end: { reason: 'error', message: `The provider rejected the request (400): ${C11_MESSAGE}` },
    error: { message: `The provider rejected the request (400): ${C11_MESSAGE}`, cause: 'bad-request', statusCode: 400 },
    retries: 0,
  },
  // C11[0] via compat: StreamProviderError without a status after reasoning was shown → 'unknown', not retryable.
  // The run ends at once; the reasoning it had shown is withdrawn into a data-step-error row. (The recorded client retried and got [1].)
  'chat-completions/groq-gptoss-error-event-midstream.0.sse|compat': {
    end: { reason: 'error', message: `The model call failed: ${C11_MESSAGE}` },
    error: { message: `The model call failed: ${C11_MESSAGE}`, cause: 'unknown' },
    retries: 0,
  },
  // R7: APICallError with statusCode 429 (the provider's mapping of insufficient_quota, isRetryable false).
  // An exhausted quota is not a rate limit: waiting does not fix it, so the loop surfaces it at once.
  'responses/openai-error-insufficient-quota.chunks.txt|responses': {
    end: { reason: 'error', message: `Quota exhausted (429): ${R7_MESSAGE}` },
    error: { message: `Quota exhausted (429): ${R7_MESSAGE}`, cause: 'quota', statusCode: 429 },
    retries: 0,
  },
};

/** The loop's RunEnd for a step that finished without error (lib/agent/finish.ts). */
function endForFinish(o: Outcome): RunEnd | 'continue' {
  switch (o.finishReason) {
    case 'stop':
    case 'tool-calls':
      return o.toolCalls.length ? 'continue' : { reason: 'completed', message: 'The agent finished.', finishReason: 'stop' };
    case 'length':
      // No compaction seam in these runs.
      return {
        reason: 'length',
        message: 'Context limit reached: the response was cut off at the model’s limit and no compaction is available.',
        finishReason: 'length',
      };
    case 'content-filter':
      return { reason: 'content-filter', message: 'The provider filtered the output (content filter), so the response stopped.', finishReason: 'content-filter' };
    default:
      throw new Error(`no mapping for finish reason ${o.finishReason}`);
  }
}

/* ---------- running a case through the app ---------- */

const scripted = suiteScriptedServer();

interface AppRun {
  result: RunResult;
  chunks: AgentUIMessageChunk[];
  message: AgentUIMessage;
  requests: RecordedRequest[];
  tools: AgentTool[];
}

const replayScenario = (file: string, delayMs = 0) => `replay?file=${encodeURIComponent(file)}${delayMs ? `&delayMs=${delayMs}` : ''}`;

function recordedTool(name: string): AgentTool {
  return {
    name,
    description: `Recorded tool ${name}`,
    inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object' }),
    readOnly: true,
    execute: async () => TOOL_OUTPUT,
  };
}

/** Runs the app's loop; model call N is answered with script[N-1], then with the closing turn. */
async function runThroughApp(provider: ProviderKind, script: ReplayCase[], options: { delayMs?: number } = {}): Promise<AppRun> {
  scripted.server.reset();
  let scenario = CLOSING_SCENARIO;
  const scriptedFetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    headers.set('x-scenario', scenario);
    return fetch(input, { ...init, headers });
  }) as typeof fetch;
  const names = [...new Set(script.flatMap((c) => (c.expected.tool_calls ?? []).map((t) => t.name)))];
  const tools = names.map(recordedTool);
  const chunks: AgentUIMessageChunk[] = [];
  const result = await runAgent({
    model: replayModel(provider, scripted.server.url, { fetch: scriptedFetch }),
    instructions: INSTRUCTIONS,
    messages: [userMessage(USER_TEXT)],
    tools,
    hooks: {
      beforeModelCall: [
        {
          name: 'select-recorded-interaction',
          run: ({ iteration }) => {
            const next = script[iteration - 1];
            scenario = next ? replayScenario(next.file, options.delayMs) : CLOSING_SCENARIO;
          },
        },
      ],
    },
    signal: new AbortController().signal,
    clock: fakeClock(),
    write: (chunk) => chunks.push(chunk),
  });
  // The run manager writes `start` before and `finish` after the run; assemble() adds both.
  const message = await assemble(chunks);
  return { result, chunks, message, requests: scripted.server.requests(), tools };
}

/* ---------- reading the assembled message ---------- */

interface AppToolPart {
  toolName: string;
  toolCallId: string;
  input: unknown;
  state: string;
  output?: unknown;
  errorText?: string;
}
interface AppStep {
  text: string;
  reasoning: string[];
  tools: AppToolPart[];
  types: string[];
  /** Failed attempts' rows: their output was withdrawn from the step into these. */
  failedAttempts: StepErrorNotice[];
}

/** The message's parts split at `step-start`; parts before the first step (retry notices, run end of a stepless run) are `outside`. */
function stepsOf(message: AgentUIMessage): { steps: AppStep[]; outside: string[] } {
  const steps: AppStep[] = [];
  const outside: string[] = [];
  for (const part of message.parts) {
    if (part.type === 'step-start') {
      steps.push({ text: '', reasoning: [], tools: [], types: [], failedAttempts: [] });
      continue;
    }
    const step = steps.at(-1);
    if (!step) {
      outside.push(part.type);
      continue;
    }
    step.types.push(part.type);
    if (part.type === 'text') step.text += part.text;
    else if (part.type === 'data-step-error') step.failedAttempts.push(part.data);
    else if (part.type === 'reasoning') step.reasoning.push(part.text);
    else if (isToolUIPart(part)) {
      step.tools.push({
        toolName: getToolName(part),
        toolCallId: part.toolCallId,
        input: part.input,
        state: part.state,
        ...(part.state === 'output-available' ? { output: part.output } : {}),
        ...(part.state === 'output-error' ? { errorText: part.errorText } : {}),
      });
    }
  }
  return { steps, outside };
}

/** The loop's usage for a step: as recorded where the provider reports it, otherwise estimated. */
async function expectedStepUsage(o: Outcome, step: AppStep | undefined, requestMessages: ModelMessage[]): Promise<UsageTotals> {
  if (!step) return emptyUsage(); // nothing streamed: the call cost nothing
  if (o.usage.inputTokens !== undefined && o.usage.outputTokens !== undefined) {
    return {
      inputTokens: o.usage.inputTokens,
      cachedInputTokens: o.usage.cacheReadTokens ?? 0,
      outputTokens: o.usage.outputTokens,
      reasoningTokens: o.usage.reasoningTokens ?? 0,
      estimated: false,
    };
  }
  // Usage absent (C10/C11[0] via compat): both halves estimated. Only error steps without tool calls get here.
  return {
    inputTokens: await estimatePromptTokens(INSTRUCTIONS, requestMessages, 'replay'),
    cachedInputTokens: 0,
    outputTokens: await estimateTextTokens(step.text + step.reasoning.join(''), 'replay'),
    reasoningTokens: 0,
    estimated: true,
  };
}

const requestText = (r: RecordedRequest) => JSON.stringify(r.body);

/* ---------- cases ---------- */

const { recordings, unknown, cases } = loadCases();
const runs = cases.flatMap((c) =>
  providersFor(c.api).map((provider) => ({
    ...c,
    provider,
    // This interaction, then the cassette's own continuation.
    script: cases.filter((o) => o.recording === c.recording && o.index >= c.index).sort((a, b) => a.index - b.index),
  })),
);

(hasWire ? describe : describe.skip)('wire through the app: recorded streams via the real providers and runAgent', () => {
  scripted.hooks();

  it('replays every interaction of all 25 recordings through the app (53 provider runs)', () => {
    expect(recordings).toBe(25);
    expect(unknown).toEqual([]);
    expect(cases).toHaveLength(34);
    expect(new Set(runs.map((r) => r.recording)).size).toBe(25);
    expect(runs).toHaveLength(19 * 2 + 15);
    for (const c of cases) expect(existsSync(path.join(WIRE, c.file)), c.file).toBe(true);
  });

  for (const run of runs) {
    const { name, provider, script } = run;
    it(`${name} via ${provider} → runAgent`, async () => {
      const app = await runThroughApp(provider, script);
      const { result, message } = app;
      const { steps, outside } = stepsOf(message);
      const wants = script.map((c) => providerExpectation(c, provider));
      const describeRun = `parts: ${message.parts.map((p) => p.type).join(', ')}`;

      // Walk the model calls: recorded ones first, then (at most) the closing turn.
      const userModelMessages = await historyToModelMessages([userMessage(USER_TEXT)], app.tools, 30_000);
      let expectedEnd: RunEnd | undefined;
      let endedAt = -1; // the model call that ended the run
      let retries = 0;
      let stepIndex = 0; // index into the message's steps (only calls that showed output open one)
      for (const [k, want] of wants.entries()) {
        const trace = result.steps[k];
        expect(trace, `model call ${k + 1} (${script[k].file}) missing; ${describeRun}`).toBeDefined();
        const errorEnd = APP_ERROR_END[`${script[k].file}|${provider}`];
        expect(Boolean(errorEnd), `errors ${want.errors.join('; ')} need an APP_ERROR_END entry`).toBe(want.errors.length > 0);
        // A call that fails before showing anything opens no step.
        const showed = !(want.errors.length && want.finishReason === undefined);
        const step = showed ? steps[stepIndex++] : undefined;
        if (showed) expect(step, `step ${k} missing; ${describeRun}`).toBeDefined();

        // What the user sees in the message: the same text, reasoning and tool calls the provider yields. A call that
        // failed after showing output has it withdrawn: the step keeps none of it, its failed-attempt row has it all.
        const failed = errorEnd && step ? step.failedAttempts.at(-1) : undefined;
        if (errorEnd && step) {
          expect(failed, `failed-attempt row of ${script[k].name}`).toMatchObject({ attempt: 1, outcome: 'failed', cause: errorEnd.error!.cause });
          expect([step.text, step.reasoning, step.tools], `withdrawn output of ${script[k].name}`).toEqual(['', [], []]);
        }
        const streamed: AppStep | undefined =
          failed && step ? { ...step, text: failed.discardedText ?? '', reasoning: failed.discardedReasoning ? [failed.discardedReasoning] : [] } : step;
        expect(streamed?.text ?? '', `text of ${script[k].name}`).toBe(want.text);
        expect((streamed?.reasoning ?? []).join(''), `reasoning of ${script[k].name}`).toEqual(want.reasoning.join(''));
        if (!failed) {
          expect(
            (step?.tools ?? []).map(({ toolName, toolCallId, input }) => ({ toolName, toolCallId, input })),
            `tool calls of ${script[k].name}`,
          ).toEqual(want.toolCalls);
        }

        // The step trace keeps the finish reason and the usage.
        expect(trace.finishReason?.unified, 'trace finish reason').toBe(want.finishReason);
        if (want.finishReason !== undefined) expect(trace.finishReason?.raw ?? undefined, 'trace raw finish reason').toBe(want.rawFinishReason);
        // (Usage-less steps, C10/C11[0] via compat, only ever occur as the first call, whose prompt is the user message.)
        expect(trace.usage, `usage of ${script[k].name}`).toEqual(await expectedStepUsage(want, streamed, userModelMessages));

        if (errorEnd) {
          // The provider's own words are kept for the inspector.
          expect(trace.error).toEqual({ ...errorEnd.error, detail: expect.any(String) });
          expect(trace.retries).toHaveLength(errorEnd.retries);
          retries = errorEnd.retries;
          expectedEnd = errorEnd.end;
          endedAt = k;
          break;
        }
        const end = endForFinish(want);
        if (end !== 'continue') {
          expectedEnd = end;
          endedAt = k;
          break;
        }
        // Tool calls: the loop ran the recorded tools with their fixed output...
        expect(step!.tools.map((t) => [t.state, t.output])).toEqual(want.toolCalls.map(() => ['output-available', TOOL_OUTPUT]));
        // ...and sent their results with the next model call.
        const next = app.requests[k + 1];
        expect(next, 'follow-up request after tool calls').toBeDefined();
        for (const call of want.toolCalls) expect(requestText(next)).toContain(call.toolCallId);
        expect(requestText(next)).toContain(TOOL_OUTPUT.result);
      }

      if (!expectedEnd) {
        // The recording ended in tool calls: one scripted closing turn, then the run completes.
        expect(result.steps).toHaveLength(wants.length + 1);
        expect(steps).toHaveLength(stepIndex + 1);
        expect(steps.at(-1)!.text).toBe(CLOSING_TEXT);
        expectedEnd = { reason: 'completed', message: 'The agent finished.', finishReason: 'stop' };
        endedAt = wants.length;
      } else {
        expect(result.steps, 'model calls').toHaveLength(endedAt + 1);
        expect(steps, `steps in the message; ${describeRun}`).toHaveLength(stepIndex);
      }

      // Every model call (and retry) was answered by the interaction the hook chose.
      const served = app.requests.map((r) => (r.scenario === 'replay' ? r.params.file : 'closing'));
      const expectedServed = result.steps.flatMap((_, k) => Array<string>(k === endedAt ? retries + 1 : 1).fill(script[k]?.file ?? 'closing'));
      expect(served).toEqual(expectedServed);

      // The run's end: metadata, data part and return value agree.
      expect(result.end).toEqual(expectedEnd);
      expect(message.metadata?.runEnd).toEqual(expectedEnd);
      const runEndParts = message.parts.filter((p) => p.type === 'data-run-end');
      expect(runEndParts.map((p) => p.data)).toEqual([expectedEnd]);

      // Message usage is the sum of the steps' usage (for one-step runs: exactly the recorded figures).
      const total = result.steps.reduce((sum, t) => addUsage(sum, t.usage), emptyUsage());
      expect(message.metadata?.usage).toEqual(total);
      expect(result.usage).toEqual(total);

      // Retry notices are the only parts outside a step (besides the run end of a run without steps).
      const expectedOutside = [...(retries ? ['data-retry'] : []), ...(steps.length ? [] : ['data-run-end'])];
      expect(outside).toEqual(expectedOutside);

      // History stays valid: every tool call has its result, and the stored message converts for the next turn
      // (convertToModelMessages without ignoreIncompleteToolCalls, and the app's historyToModelMessages).
      expect(steps.flatMap((st) => st.tools).filter((t) => t.state !== 'output-available' && t.state !== 'output-error')).toEqual([]);
      await expect(convertToModelMessages([userMessage(USER_TEXT), message])).resolves.toBeDefined();
      await expect(nextTurnModelMessages(message, app.tools)).resolves.toBeDefined();
    });
  }

  // R7 with frames 80 ms apart: the error is no longer thrown up front but arrives mid-stream
  // (StreamProviderError, still status 429 and no output). The app must end the same way.
  it('R7 replayed with 80 ms between frames ends the run the same way (mid-stream error part instead of a thrown error)', async () => {
    const r7 = cases.find((c) => c.file === 'responses/openai-error-insufficient-quota.chunks.txt')!;
    const app = await runThroughApp('responses', [r7], { delayMs: 80 });
    const expected = APP_ERROR_END[`${r7.file}|responses`];
    expect(app.result.end).toEqual(expected.end);
    expect(app.result.steps.map((t) => t.error)).toEqual([{ ...expected.error, detail: expect.any(String) }]);
    expect(app.message.metadata?.runEnd).toEqual(expected.end);
    expect(stepsOf(app.message).steps).toHaveLength(0);
    // Not retried: the quota will not come back by waiting.
    expect(app.requests).toHaveLength(1);
    expect(app.message.metadata?.usage).toEqual(emptyUsage());
    expect(app.message.parts.find((p) => p.type === 'data-retry')).toBeUndefined();
  });
});
