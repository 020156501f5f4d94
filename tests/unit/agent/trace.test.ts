import { describe, expect, it } from 'vitest';
import { redactSecrets, toCurl, type StepTrace } from '@/lib/agent';
import { apiError, call, echoTool, fakeClock, run, scriptedModel, textStep, toolStep } from './harness';

describe('step trace', () => {
  it('captures the request as sent, the response metadata, finish reason, usage and timings', async () => {
    const model = scriptedModel([
      {
        chunks: [
          { type: 'response-metadata', id: 'resp_123', modelId: 'gpt-test-2026', timestamp: new Date('2026-01-02T03:04:05Z') },
          ...toolStep(call('c1', 'echo', { value: 'x' })),
        ],
        request: { model: 'gpt-test', input: [{ role: 'user', content: 'hi' }], api_key: 'sk-live-abcdefghijklmnop' },
        headers: { 'x-request-id': 'req_9', 'set-cookie': 'session=secret', 'openai-processing-ms': '42' },
      },
      textStep('ok'),
    ]);
    const { result } = await run({ model, tools: [echoTool()], providerOptions: { openai: { store: false, apiKey: 'sk-should-not-leak-123456' } } });
    const trace = result.steps[0];
    expect(result.steps.map((s) => s.stepNumber)).toEqual([0, 1]);
    expect(trace.request.bodySource).toBe('provider');
    expect(trace.request.body).toEqual({ model: 'gpt-test', input: [{ role: 'user', content: 'hi' }], api_key: '[REDACTED]' });
    expect(trace.request.tools).toEqual(['echo']);
    expect(trace.request.settings).toMatchObject({ providerOptions: { openai: { store: false, apiKey: '[REDACTED]' } } });
    expect(trace.response).toEqual({
      id: 'resp_123',
      modelId: 'gpt-test-2026',
      timestamp: '2026-01-02T03:04:05.000Z',
      headers: { 'x-request-id': 'req_9', 'set-cookie': '[REDACTED]', 'openai-processing-ms': '42' },
    });
    expect(trace.finishReason).toEqual({ unified: 'tool-calls', raw: 'tool-calls' });
    expect(trace.usage).toMatchObject({ inputTokens: 10, outputTokens: 5 });
    expect(trace.timeToFirstTokenMs).toEqual(expect.any(Number));
    expect(trace.durationMs).toEqual(expect.any(Number));
    expect(trace.tools[0]).toMatchObject({ toolName: 'echo', status: 'ok' });
    // Plain JSON: survives a round trip unchanged.
    expect(JSON.parse(JSON.stringify(result.steps))).toEqual(JSON.parse(JSON.stringify(result.steps)));
    expect(JSON.stringify(result.steps)).not.toMatch(/sk-live|sk-should-not-leak|session=secret/);
  });

  it('reconstructs the request when the provider does not report its body', async () => {
    const model = scriptedModel([textStep('ok')]);
    model.doStream = (async (options: Parameters<typeof model.doStream>[0]) => {
      const { simulateReadableStream } = await import('ai');
      void options;
      return { stream: simulateReadableStream({ chunks: textStep('ok') }) };
    }) as typeof model.doStream;
    const { result } = await run({ model });
    expect(result.steps[0].request.bodySource).toBe('reconstructed');
    expect(result.steps[0].request.body).toMatchObject({ instructions: 'You are a test agent.', messages: [{ role: 'user' }] });
  });

  it('records retries with their causes and the final error', async () => {
    const clock = fakeClock();
    const model = scriptedModel([
      async () => {
        throw apiError(429, 'slow down', { 'retry-after': '1' });
      },
      textStep('ok'),
    ]);
    const { result } = await run({ model, clock });
    expect(result.steps[0].retries).toEqual([{ attempt: 1, cause: 'rate-limited', statusCode: 429, message: 'Rate limited (429): slow down', detail: 'slow down', delayMs: 1000 }]);
    expect(result.steps[0].error).toBeNull();
  });

  it('calls onStepEnd after each step, after its finish-step', async () => {
    const order: string[] = [];
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), textStep('ok')]);
    await run({
      model,
      tools: [echoTool()],
      write: (chunk) => order.push(chunk.type),
      onStepEnd: (trace: StepTrace) => void order.push(`onStepEnd ${trace.stepNumber}`),
    });
    expect(order.filter((t) => t === 'finish-step' || t.startsWith('onStepEnd'))).toEqual(['finish-step', 'onStepEnd 0', 'finish-step', 'onStepEnd 1']);
  });
});

describe('redaction and copy as curl', () => {
  it('redacts keys by name and by shape', () => {
    expect(
      redactSecrets({
        headers: { Authorization: 'Bearer sk-abc', 'x-api-key': 'k', 'content-type': 'application/json' },
        apiKey: 'whatever',
        max_tokens: 100,
        note: 'my key is sk-proj-ABCDEFGHIJKLMNOP ok',
        nested: [{ secret: 's' }],
      }),
    ).toEqual({
      headers: { Authorization: '[REDACTED]', 'x-api-key': '[REDACTED]', 'content-type': 'application/json' },
      apiKey: '[REDACTED]',
      max_tokens: 100,
      note: 'my key is [REDACTED] ok',
      nested: [{ secret: '[REDACTED]' }],
    });
  });

  it('renders a curl command with the key taken from the environment', async () => {
    const model = scriptedModel([{ chunks: textStep('ok'), request: { model: 'gpt-4o', input: "it's", authorization: 'Bearer sk-secret-abcdefgh' } }]);
    const { result } = await run({ model });
    const curl = toCurl(result.steps[0], { baseUrl: 'https://api.openai.com/v1/' });
    expect(curl).toContain(`curl 'https://api.openai.com/v1/responses'`);
    expect(curl).toContain('-H "Authorization: Bearer $OPENAI_API_KEY"');
    expect(curl).toContain(`"input": "it'\\''s"`);
    expect(curl).not.toContain('sk-secret');
    const chat = { ...result.steps[0], request: { ...result.steps[0].request, body: { model: 'x', messages: [] } } };
    expect(toCurl(chat, { baseUrl: 'http://localhost:11434/v1', apiKeyEnv: 'OLLAMA_KEY' })).toMatch(/localhost:11434\/v1\/chat\/completions[\s\S]*\$OLLAMA_KEY/);
  });
});
