import { APICallError, JSONParseError, TypeValidationError, type LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { classifyError } from '@/lib/agent/errors';
import { emptyUsage, type AgentUIMessagePart } from '@/lib/agent/messages';
import { echoTool, fakeClock, finish, nextTurnModelMessages, run, text, textStep, type Part, type Step } from './harness';

/**
 * Stall timeouts and malformed frames in the loop: a silent stream is abandoned
 * after `modelIdleTimeoutMs` and retried like a dropped connection; a frame the
 * SDK cannot parse is retried too. Either way the failed attempt's output is
 * withdrawn into its `data-step-error` row.
 */

type Attempt = Step | { stallAfter: Part[] };

/** A mock model whose attempts may go silent (the stream stays open, no chunk ever comes) after some chunks. */
function stallingModel(attempts: Attempt[]) {
  let index = 0;
  const signals: AbortSignal[] = [];
  const model = new MockLanguageModelV4({
    doStream: async (options: LanguageModelV4CallOptions) => {
      const attempt = attempts[index++];
      if (!attempt) throw new Error(`unexpected model call #${index}`);
      if (options.abortSignal) signals.push(options.abortSignal);
      const chunks = Array.isArray(attempt) ? attempt : 'stallAfter' in attempt ? attempt.stallAfter : [];
      const closes = Array.isArray(attempt);
      return {
        stream: new ReadableStream<Part>({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(chunk);
            if (closes) controller.close();
            // else: silence, with the stream still open, like a provider that stopped mid-answer.
          },
        }),
        request: { body: { model: 'mock' } },
        response: { headers: {} },
      } as never;
    },
  });
  return { model, signals };
}

const rows = (parts: AgentUIMessagePart[]) => parts.flatMap((p) => (p.type === 'data-step-error' ? [p.data] : []));
const texts = (parts: AgentUIMessagePart[]) => parts.flatMap((p) => (p.type === 'text' ? [p.text] : []));

describe('model idle timeout', () => {
  it('abandons a stream that sends nothing, aborts its request, and retries', async () => {
    const { model, signals } = stallingModel([{ stallAfter: [] }, textStep('answer')]);
    const started = Date.now();
    const { result, message } = await run({ model, clock: fakeClock(), settings: { modelIdleTimeoutMs: 80 } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    expect(result.end.reason).toBe('completed');
    expect(model.doStreamCalls).toHaveLength(2);
    // The stalled request's fetch is cancelled, so its socket does not linger.
    expect(signals[0].aborted).toBe(true);
    expect(rows(message.parts)).toEqual([
      expect.objectContaining({ attempt: 1, cause: 'stalled', outcome: 'retrying', summary: 'the model stopped sending data for 0.1 s', discardedTokens: 0 }),
    ]);
    expect(message.parts.find((p) => p.type === 'data-retry')).toMatchObject({ data: { cause: 'stalled', message: expect.stringMatching(/^The model stopped sending data for 0.1 s, retrying in/) } });
    expect(result.steps[0].retries[0]).toMatchObject({ cause: 'stalled' });
  });

  it('abandons a request the server never answers (no response, not even headers) and retries', async () => {
    const signals: AbortSignal[] = [];
    let calls = 0;
    const model = new MockLanguageModelV4({
      doStream: async (options: LanguageModelV4CallOptions) => {
        if (++calls > 1) return stallingModel([textStep('answer')]).model.doStream(options);
        const signal = options.abortSignal!;
        signals.push(signal);
        // Like a server that took the connection and never sent a byte: only the abort ends the wait.
        return new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
      },
    });
    const { result, message } = await run({ model, clock: fakeClock(), settings: { modelIdleTimeoutMs: 80 } });
    expect(result.end.reason).toBe('completed');
    expect(calls).toBe(2);
    expect(signals[0].aborted).toBe(true);
    expect(rows(message.parts)).toEqual([expect.objectContaining({ attempt: 1, cause: 'stalled', outcome: 'retrying' })]);
    expect(texts(message.parts)).toEqual(['answer']);
  });

  it('withdraws the text of an attempt that went silent mid-answer; it is in the row, not the answer nor the history', async () => {
    const { model } = stallingModel([{ stallAfter: [{ type: 'text-start', id: 't1' }, { type: 'text-delta', id: 't1', delta: 'The capital of France is' }] }, textStep('Paris.')]);
    const { result, message } = await run({ model, clock: fakeClock(), settings: { modelIdleTimeoutMs: 60 } });
    expect(result.end.reason).toBe('completed');
    expect(texts(message.parts)).toEqual(['Paris.']);
    expect(rows(message.parts)).toEqual([expect.objectContaining({ attempt: 1, cause: 'stalled', discardedText: 'The capital of France is', outcome: 'retrying' })]);
    expect(rows(message.parts)[0].summary).toMatch(/^the model stopped sending data for 0.1 s after \d+ tokens?$/);
    expect(model.doStreamCalls[1].prompt).toEqual(model.doStreamCalls[0].prompt);
    const history = JSON.stringify(await nextTurnModelMessages(message));
    expect(history).not.toContain('capital of France');
    expect(history).toContain('Paris.');
  });

  it('restarts the timer on every chunk: a slow but steady stream is not a stall', async () => {
    const model = new MockLanguageModelV4({
      doStream: async () =>
        ({
          stream: new ReadableStream<Part>({
            async start(controller) {
              for (const chunk of [{ type: 'text-start', id: 't1' }, ...['a', 'b', 'c', 'd'].map((d) => ({ type: 'text-delta', id: 't1', delta: d })), { type: 'text-end', id: 't1' }, finish('stop')] as Part[]) {
                await new Promise((r) => setTimeout(r, 40));
                controller.enqueue(chunk);
              }
              controller.close();
            },
          }),
        }) as never,
    });
    // 7 chunks × 40 ms = 280 ms in all, far beyond the 100 ms idle timeout, but never 100 ms apart.
    const { result, message } = await run({ model, settings: { modelIdleTimeoutMs: 100 } });
    expect(result.end.reason).toBe('completed');
    expect(texts(message.parts)).toEqual(['abcd']);
    expect(rows(message.parts)).toEqual([]);
  });

  it('gives up after maxRetries stalls with a clear message', async () => {
    const { model } = stallingModel([{ stallAfter: [] }, { stallAfter: [] }]);
    const { result, message } = await run({ model, clock: fakeClock(), settings: { modelIdleTimeoutMs: 50, maxRetries: 1 } });
    expect(result.end.reason).toBe('error');
    expect(result.end.message).toBe('The model stopped sending data for 0.1 s (gave up after 1 retry)');
    expect(rows(message.parts).map((r) => [r.attempt, r.outcome])).toEqual([
      [1, 'retrying'],
      [2, 'failed'],
    ]);
    expect(message.parts.at(-1)).toMatchObject({ type: 'data-run-end', data: { reason: 'error' } });
    // Nothing ever arrived, so nothing is counted as used.
    expect(result.usage).toEqual(emptyUsage());
  });

  it('a stop during a stall is a cancel, not a stall', async () => {
    const controller = new AbortController();
    const { model } = stallingModel([{ stallAfter: [{ type: 'text-start', id: 't1' }, { type: 'text-delta', id: 't1', delta: 'partial' }] }]);
    setTimeout(() => controller.abort(), 30);
    const { result, message } = await run({ model, signal: controller.signal, settings: { modelIdleTimeoutMs: 5_000 } });
    expect(result.end.reason).toBe('cancelled');
    expect(rows(message.parts)).toEqual([]);
    // A stopped answer keeps its partial text, as before.
    expect(texts(message.parts)).toEqual(['partial']);
  });
});

describe('malformed frames', () => {
  const raw = '{"choices":[{"delta":{"content":"oops"';
  const malformed = (): Part => ({ type: 'error', error: new JSONParseError({ text: raw, cause: new SyntaxError('Unexpected end of JSON input') }) });

  it('retries a stream with one unparseable frame; the raw text is only in the step trace', async () => {
    const clock = fakeClock();
    const { model } = stallingModel([[...text('Hello wor'), malformed(), finish('error')], textStep('Hello world.')]);
    const { result, message } = await run({ model, clock });
    expect(result.end.reason).toBe('completed');
    expect(clock.sleeps).toEqual([500]);
    expect(texts(message.parts)).toEqual(['Hello world.']);
    expect(rows(message.parts)).toEqual([
      expect.objectContaining({ attempt: 1, cause: 'malformed', message: 'The provider sent a malformed stream event', discardedText: 'Hello wor', outcome: 'retrying' }),
    ]);
    expect(JSON.stringify(message)).not.toContain('JSON parsing failed');
    expect(JSON.stringify(message)).not.toContain(raw.slice(0, 20));
    expect(result.steps[0].retries[0]).toMatchObject({ cause: 'malformed', detail: expect.stringContaining(raw) });
  });

  it('after the last retry the run ends with the plain sentence, not the parser text', async () => {
    const { model } = stallingModel([[...text('x'), malformed(), finish('error')]]);
    const { result, message } = await run({ model, clock: fakeClock(), settings: { maxRetries: 0 } });
    expect(result.end.reason).toBe('error');
    expect(result.end.message).toBe('The provider sent a malformed stream event (gave up after 0 retries)');
    expect(JSON.stringify(message)).not.toContain('JSON parsing failed');
    expect(result.steps[0].error).toMatchObject({ cause: 'malformed', detail: expect.stringContaining('JSON parsing failed') });
  });

  it('classifies the parse errors themselves, not a provider error that only has one as its cause', () => {
    const parse = new JSONParseError({ text: raw, cause: new SyntaxError('Unexpected end of JSON input') });
    expect(classifyError(parse)).toMatchObject({ cause: 'malformed', retryable: true });
    expect(classifyError(new TypeValidationError({ value: { x: 1 }, cause: new Error('bad') }))).toMatchObject({ cause: 'malformed' });
    const mismatch = new APICallError({
      message: 'Received a Chat Completions stream while using the OpenAI Responses API.',
      url: 'u',
      requestBodyValues: {},
      cause: parse,
      isRetryable: false,
    });
    expect(classifyError(mismatch)).toMatchObject({ retryable: false, message: expect.stringContaining('Received a Chat Completions stream') });
  });

  it('withdraws a tool call the failed attempt had started, so it is neither run nor answered', async () => {
    const ran: unknown[] = [];
    const { model } = stallingModel([
      [{ type: 'tool-input-start', id: 'c1', toolName: 'echo' }, { type: 'tool-input-delta', id: 'c1', delta: '{"va' }, malformed(), finish('error')],
      textStep('no tool after all'),
    ]);
    const { result, message } = await run({
      model,
      clock: fakeClock(),
      tools: [echoTool({ execute: async (input) => ran.push(input) })],
    });
    expect(result.end.reason).toBe('completed');
    expect(ran).toEqual([]);
    expect(message.parts.some((p) => p.type.startsWith('tool-'))).toBe(false);
    expect(rows(message.parts)[0]).toMatchObject({ discardedToolCalls: ['echo'] });
  });
});
