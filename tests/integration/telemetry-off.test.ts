/**
 * Tracing is off by default: with no OpenTelemetry variable set, and with an endpoint
 * set but PLAYGROUND_OTEL=0, register() starts nothing, and a chat turn with a tool
 * call sends nothing to the receiver it could have found.
 */
import { trace, type ProxyTracerProvider } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readChunks, setupAppHarness } from '../support/app-harness';
import { startOtlpReceiver, type OtlpReceiver } from '../support/otlp-receiver';

const OTEL_VARIABLES = ['PLAYGROUND_OTEL', 'OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_SDK_DISABLED'];
const app = setupAppHarness({ name: 'telemetry-off', env: Object.fromEntries(OTEL_VARIABLES.map((name) => [name, undefined])) });
let receiver: OtlpReceiver;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  process.env.NEXT_RUNTIME = 'nodejs';
});
afterAll(() => receiver?.close());

/** What instrumentation.ts registered: the API's no-op provider until tracing starts. */
function registeredProvider(): string {
  return (trace.getTracerProvider() as ProxyTracerProvider).getDelegate().constructor.name;
}

async function toolTurn(): Promise<void> {
  const sessionId = await app.newSession('openai:scripted-responses');
  const chunks = await readChunks(await app.chat(sessionId, 'Time? [[scenario:tool?tool=calculator&args={"expression":"6*7"}]]'));
  expect(chunks.some((chunk) => chunk.type === 'tool-output-available')).toBe(true);
  const { getActiveRun } = await import('@/lib/server/run-manager');
  await getActiveRun(sessionId)?.done;
}

describe('tracing off', () => {
  it('starts nothing when no OpenTelemetry variable is set', async () => {
    await (await import('@/instrumentation')).register();
    expect(registeredProvider()).toBe('NoopTracerProvider');
    await toolTurn();
    expect(registeredProvider()).toBe('NoopTracerProvider');
  });

  it('sends nothing with an endpoint set but PLAYGROUND_OTEL=0', async () => {
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
    process.env.PLAYGROUND_OTEL = '0';
    await (await import('@/instrumentation')).register();
    expect(registeredProvider()).toBe('NoopTracerProvider');
    await toolTurn();
    // Were tracing on, the run's end would have flushed its spans by now; give a late export a second anyway.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.requests()).toEqual([]);
  });
});
