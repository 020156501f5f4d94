/**
 * Tracing end to end in-process: instrumentation.ts's register() as Next calls it at
 * start, pointed at a local OTLP/HTTP receiver, then one chat turn with a tool call
 * through the real chat route, loop and provider against the scripted model server. The
 * receiver gets the run span, the AI SDK's model-call spans under it and the tool span,
 * with the ids, and nothing that was said or passed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readChunks, setupAppHarness } from '../support/app-harness';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';

const USER_SECRET = 'planted-user-secret-8d41f0';
const ARGUMENT_SECRET = 'planted-argument-secret-3c9e27';

const app = setupAppHarness({ name: 'telemetry', env: { PLAYGROUND_OTEL: undefined, OTEL_SDK_DISABLED: undefined } });
let receiver: OtlpReceiver;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  // As a deployment sets it: an endpoint alone turns tracing on.
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
  process.env.OTEL_SERVICE_NAME = 'playground-under-test';
  process.env.NEXT_RUNTIME = 'nodejs';
  await (await import('@/instrumentation')).register();
});
afterAll(() => receiver?.close());

/** Polls until `check` holds (spans leave in a batch when the run ends). */
async function eventually<T>(read: () => T, check: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function childrenOf(spans: ReceivedSpan[], parent: ReceivedSpan): ReceivedSpan[] {
  return spans.filter((span) => span.parentSpanId === parent.spanId && span.traceId === parent.traceId);
}

describe('with an OTLP endpoint configured', () => {
  it('exports the run, its model calls and its tool call, with the ids and without what was said or passed', async () => {
    const sessionId = await app.newSession('openai:scripted-responses');
    const args = JSON.stringify({ pattern: ARGUMENT_SECRET });
    const chunks = await readChunks(await app.chat(sessionId, `Find ${USER_SECRET} [[scenario:tool?tool=grep&args=${encodeURIComponent(args)}&answer=Nothing%20found]]`));
    const runId = chunks.find((chunk) => chunk.type === 'start')?.messageMetadata?.runId;
    expect(runId).toMatch(/^run/);

    const spans = await eventually(
      () => receiver.spans(),
      (all) => all.some((span) => span.name === 'playground.run') && all.filter((span) => span.name.startsWith('chat ')).length >= 2,
    );
    const run = spans.find((span) => span.name === 'playground.run' && span.attributes['playground.run.id'] === runId);
    expect(run, `spans: ${spans.map((span) => span.name).join(', ')}`).toBeDefined();
    expect(run!.parentSpanId).toBe('');
    expect(run!.attributes).toMatchObject({
      'playground.session.id': sessionId,
      'playground.run.id': runId,
      'playground.model': 'openai:scripted-responses',
      'playground.run.status': 'completed',
      'playground.run.steps': 2,
      'gen_ai.conversation.id': sessionId,
    });
    expect(Number(run!.attributes['gen_ai.usage.output_tokens'])).toBeGreaterThan(0);

    // Under the run: the AI SDK's spans of both model calls (the tool call, then the answer) and our tool span.
    const underRun = childrenOf(spans, run!);
    const agentCalls = underRun.filter((span) => span.name.startsWith('invoke_agent '));
    expect(agentCalls).toHaveLength(2);
    for (const call of agentCalls) {
      const [step] = childrenOf(spans, call);
      expect(step?.name).toMatch(/^step /);
      const [model] = childrenOf(spans, step);
      expect(model?.name).toBe('chat scripted-responses');
      expect(model.attributes).toMatchObject({ 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'scripted-responses' });
      expect(Number(model.attributes['gen_ai.usage.output_tokens'])).toBeGreaterThan(0);
      expect(model.startNs).toBeGreaterThanOrEqual(run!.startNs);
      expect(model.endNs).toBeLessThanOrEqual(run!.endNs);
    }
    expect(childrenOf(spans, childrenOf(spans, agentCalls[0])[0])[0].attributes['gen_ai.response.finish_reasons']).toEqual(expect.stringContaining('tool'));

    const tools = underRun.filter((span) => span.name.startsWith('execute_tool'));
    expect(tools).toHaveLength(1);
    const [tool] = tools;
    expect(tool.name).toBe('execute_tool grep');
    expect(tool.attributes).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'grep', 'playground.run.id': runId, 'playground.tool.outcome': 'ok' });
    expect(tool.attributes['gen_ai.tool.call.id']).toMatch(/\w+/);
    expect(typeof tool.attributes['playground.tool.duration_ms']).toBe('number');
    // In order: the first model call asked for the tool, the second came after its result.
    const [first, second] = [...agentCalls].sort((a, b) => Number(a.startNs - b.startNs));
    expect(tool.startNs).toBeGreaterThanOrEqual(first.endNs);
    expect(tool.endNs).toBeLessThanOrEqual(second.startNs);

    // Nothing the user wrote, the tool was given or the model answered is in any span.
    const exported = JSON.stringify(spans.map((span) => ({ ...span, startNs: 0, endNs: 0 })));
    expect(exported).not.toContain(USER_SECRET);
    expect(exported).not.toContain(ARGUMENT_SECRET);
    expect(exported).not.toContain('Nothing found');
    expect(receiver.requests().every((request) => request.path === '/v1/traces' && request.contentType.startsWith('application/json'))).toBe(true);
  });
});
