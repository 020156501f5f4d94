import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { backoffDelayMs, parseRetryAfter, retryDelayMs, retryNotice } from '@/lib/agent/retry';
import { classifyError } from '@/lib/agent/errors';
import { DEFAULT_LOOP_SETTINGS } from '@/lib/agent/settings';
import { apiError, fakeClock, finish, nextTurnModelMessages, run, scriptedModel, text, textStep, type Step } from './harness';

const fail = (error: unknown): Step => async () => {
  throw error;
};

describe('retry policy', () => {
  it('backs off exponentially from 500 ms, capped at 30 s, with upward jitter', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelayMs(n, DEFAULT_LOOP_SETTINGS, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffDelayMs(1, DEFAULT_LOOP_SETTINGS, () => 1)).toBe(600);
    expect(backoffDelayMs(20, DEFAULT_LOOP_SETTINGS, () => 0)).toBe(30_000);
  });

  it('reads retry-after-ms first, then Retry-After in seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter({ 'retry-after-ms': '1500', 'retry-after': '9' }, now)).toBe(1500);
    expect(parseRetryAfter({ 'Retry-After': '4' }, now)).toBe(4000);
    expect(parseRetryAfter({ 'retry-after': 'Thu, 01 Jan 2026 00:00:07 GMT' }, now)).toBe(7000);
    expect(parseRetryAfter({ 'retry-after': 'soon' }, now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('honours Retry-After only up to the cap', () => {
    const error = classifyError(apiError(429, 'slow down', { 'retry-after': '120' }));
    expect(retryDelayMs(error, 1, DEFAULT_LOOP_SETTINGS, () => 0, 0)).toBe(30_000);
  });

  it('words the notice for the user', () => {
    expect(retryNotice(classifyError(apiError(429)), 2, 3, 4000).message).toBe('Rate limited, retrying in 4 s (2/3)');
    expect(retryNotice(classifyError(apiError(503)), 1, 3, 1000).message).toBe('Server error (503), retrying in 1 s (1/3)');
    expect(retryNotice(classifyError(apiError(503)), 1, 3, 500).message).toBe('Server error (503), retrying in 0.5 s (1/3)');
  });

  it.each([408, 409, 429, 500, 502, 503, 504])('classifies HTTP %i as retryable', (status) => {
    expect(classifyError(apiError(status)).retryable).toBe(true);
  });

  it.each([400, 401, 403, 404])('classifies HTTP %i as not retryable', (status) => {
    expect(classifyError(apiError(status)).retryable).toBe(false);
  });

  it('does not retry an exhausted quota, although it comes as a 429', () => {
    const quota = new APICallError({
      message: 'You exceeded your current quota, please check your plan and billing details.',
      url: 'https://api.openai.com/v1/responses',
      requestBodyValues: {},
      statusCode: 429,
      isRetryable: false,
    });
    expect(classifyError(quota)).toMatchObject({ cause: 'quota', retryable: false, statusCode: 429 });
    expect(classifyError(quota).message).toMatch(/^Quota exhausted \(429\)/);
  });

  it('respects a provider that marks a normally retryable status as final', () => {
    const final = new APICallError({ message: 'nope', url: 'u', requestBodyValues: {}, statusCode: 503, isRetryable: false });
    expect(classifyError(final).retryable).toBe(false);
  });

  it.each(['ECONNRESET', 'ETIMEDOUT', 'ECONNREFUSED'])('classifies %s as a retryable network error', (code) => {
    const error = classifyError(Object.assign(new Error(`connect ${code}`), { code }));
    expect(error).toMatchObject({ cause: 'network', retryable: true });
  });

  it.each(['socket hang up', 'fetch failed'])('classifies "%s" as a retryable network error', (message) => {
    expect(classifyError(new TypeError(message))).toMatchObject({ cause: 'network', retryable: true });
    expect(classifyError(new Error('wrapped', { cause: new Error(message) }))).toMatchObject({ cause: 'network', retryable: true });
  });
});

describe('retries in the loop', () => {
  it('retries a 429 after the Retry-After delay and shows a live notice that updates in place', async () => {
    const clock = fakeClock();
    const model = scriptedModel([
      fail(apiError(429, 'Rate limit reached', { 'retry-after': '4' })),
      fail(apiError(429, 'Rate limit reached', { 'retry-after': '4' })),
      textStep('ok'),
    ]);
    const { result, chunks, message } = await run({ model, clock });
    expect(result.end.reason).toBe('completed');
    expect(clock.sleeps).toEqual([4000, 4000]);
    const notices = chunks.filter((c) => c.type === 'data-retry');
    expect(notices.map((c) => (c as { id: string }).id)).toEqual(['retry-0', 'retry-0']);
    expect(notices.map((c) => (c as { data: { message: string } }).data.message)).toEqual([
      'Rate limited, retrying in 4 s (1/3)',
      'Rate limited, retrying in 4 s (2/3)',
    ]);
    // One part, updated in place; it stays to document what happened.
    expect(message.parts.filter((p) => p.type === 'data-retry')).toHaveLength(1);
    expect(result.steps[0].retries).toHaveLength(2);
    expect(result.steps[0].retries[0]).toMatchObject({ attempt: 1, cause: 'rate-limited', statusCode: 429, delayMs: 4000 });
  });

  it('retries a 503 with exponential backoff', async () => {
    const clock = fakeClock();
    const model = scriptedModel([fail(apiError(503)), fail(apiError(503)), textStep('ok')]);
    const { result, chunks } = await run({ model, clock });
    expect(result.end.reason).toBe('completed');
    expect(clock.sleeps).toEqual([500, 1000]);
    expect(chunks.find((c) => c.type === 'data-retry')).toMatchObject({ data: { message: 'Server error (503), retrying in 0.5 s (1/3)' } });
  });

  it('honours retry-after-ms', async () => {
    const clock = fakeClock();
    const model = scriptedModel([fail(apiError(429, 'slow', { 'retry-after-ms': '250' })), textStep('ok')]);
    await run({ model, clock });
    expect(clock.sleeps).toEqual([250]);
  });

  it('retries network errors', async () => {
    const clock = fakeClock();
    const model = scriptedModel([fail(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })), textStep('ok')]);
    const { result } = await run({ model, clock });
    expect(result.end.reason).toBe('completed');
    expect(result.steps[0].retries[0].cause).toBe('network');
  });

  it('gives up after 3 retries and ends with the provider error', async () => {
    const clock = fakeClock();
    const model = scriptedModel(Array.from({ length: 4 }, () => fail(apiError(500, 'upstream exploded'))));
    const { result, chunks, message } = await run({ model, clock });
    expect(model.doStreamCalls).toHaveLength(4);
    expect(clock.sleeps).toEqual([500, 1000, 2000]);
    expect(chunks.filter((c) => c.type === 'data-retry')).toHaveLength(3);
    expect(result.end.reason).toBe('error');
    expect(result.end.message).toBe('Server error (500): upstream exploded (gave up after 3 retries)');
    expect(message.parts.at(-1)).toMatchObject({ type: 'data-run-end', data: { reason: 'error' } });
    expect(result.steps[0].error).toMatchObject({ cause: 'server-error', statusCode: 500 });
  });

  it('retries calls that broke off after showing output, withdrawing each partial answer, and gives up after maxRetries', async () => {
    const clock = fakeClock();
    const broken = () => [...text('I was saying'), { type: 'error' as const, error: apiError(502, 'bad gateway') }];
    const model = scriptedModel([broken(), broken(), broken()]);
    const { result, chunks, message } = await run({ model, clock, settings: { maxRetries: 2 } });
    expect(model.doStreamCalls).toHaveLength(3);
    expect(result.end.reason).toBe('error');
    expect(result.end.message).toBe('Server error (502): bad gateway (gave up after 2 retries)');
    expect(chunks.filter((c) => c.type === 'reset-step')).toHaveLength(3);
    // No text part survives: every attempt's words live only in its failed-attempt row.
    expect(message.parts.filter((p) => p.type === 'text')).toEqual([]);
    const rows = message.parts.filter((p) => p.type === 'data-step-error');
    expect(rows.map((p) => p.data)).toEqual([
      expect.objectContaining({ attempt: 1, outcome: 'retrying', discardedText: 'I was saying', statusCode: 502 }),
      expect.objectContaining({ attempt: 2, outcome: 'retrying', discardedText: 'I was saying' }),
      expect.objectContaining({ attempt: 3, outcome: 'failed', discardedText: 'I was saying' }),
    ]);
    expect(message.parts.at(-1)).toMatchObject({ type: 'data-run-end', data: { reason: 'error' } });
  });

  it.each([
    [400, /rejected the request \(400\): bad param/],
    [401, /Authentication failed \(401\): bad param/],
    [403, /Access denied \(403\)/],
    [404, /Not found \(404\)/],
  ])('surfaces a non-retryable %i at once with the provider message', async (status, pattern) => {
    const clock = fakeClock();
    const model = scriptedModel([fail(apiError(status, 'bad param'))]);
    const { result, chunks } = await run({ model, clock });
    expect(model.doStreamCalls).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
    expect(result.end.reason).toBe('error');
    expect(result.end.message).toMatch(pattern);
    expect(chunks.some((c) => c.type === 'data-retry')).toBe(false);
    // The client must keep reading to the end: the loop never emits an `error` chunk.
    expect(chunks.some((c) => c.type === 'error')).toBe(false);
  });

  it('retries a mid-stream error that arrives before anything was shown', async () => {
    const clock = fakeClock();
    const model = scriptedModel([[{ type: 'error', error: apiError(503) }], textStep('ok')]);
    const { result, types } = await run({ model, clock });
    expect(result.end.reason).toBe('completed');
    expect(types.filter((t) => t === 'start-step')).toHaveLength(1);
  });

  it('retries a mid-stream error after visible output: the partial answer is withdrawn and kept only in the failed-attempt row', async () => {
    const clock = fakeClock();
    const model = scriptedModel([[...text('half an ans'), { type: 'error', error: apiError(502, 'bad gateway') }], textStep('the whole answer')]);
    const { result, chunks, message } = await run({ model, clock });
    expect(result.end.reason).toBe('completed');
    expect(clock.sleeps).toEqual([500]);
    expect(chunks.find((c) => c.type === 'data-step-error')).toMatchObject({
      id: 'step-error-0-1',
      data: { step: 0, attempt: 1, statusCode: 502, outcome: 'retrying', discardedText: 'half an ans', summary: 'server error (502) after 3 tokens' },
    });
    expect(message.parts.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text)).toEqual(['the whole answer']);
    // The retry sees the same prompt: the partial answer never reaches the model.
    expect(model.doStreamCalls[1].prompt).toEqual(model.doStreamCalls[0].prompt);
    // One step: the retry replaced the attempt inside it.
    expect(message.parts.filter((p) => p.type === 'step-start')).toHaveLength(1);
    const next = await nextTurnModelMessages(message);
    expect(JSON.stringify(next)).not.toContain('half an ans');
    expect(JSON.stringify(next)).toContain('the whole answer');
  });

  it('ends at once on a non-retryable mid-stream error after visible output, the partial only in the row', async () => {
    const model = scriptedModel([[...text('partial'), { type: 'error', error: new Error('stream corrupted') }]]);
    const { result, message } = await run({ model });
    expect(result.end.reason).toBe('error');
    expect(result.end.message).toMatch(/stream corrupted/);
    expect(message.parts.find((p) => p.type === 'text')).toBeUndefined();
    expect(message.parts.find((p) => p.type === 'data-step-error')).toMatchObject({ data: { attempt: 1, outcome: 'failed', discardedText: 'partial' } });
  });

  it('makes the backoff sleep abortable', async () => {
    const controller = new AbortController();
    const clock = fakeClock();
    clock.sleep = async (_ms, signal) => {
      controller.abort();
      if (signal.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
    };
    const model = scriptedModel([fail(apiError(429))]);
    const { result, message } = await run({ model, clock, signal: controller.signal });
    expect(result.end.reason).toBe('cancelled');
    expect(message.metadata?.stopped).toBe(true);
  });

  it('still finishes a step that reports usage but no finish reason', async () => {
    const model = scriptedModel([[...text('x'), finish('stop')]]);
    const { result } = await run({ model });
    expect(result.end.reason).toBe('completed');
  });
});
