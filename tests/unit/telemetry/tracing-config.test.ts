import { describe, expect, it } from 'vitest';
import { tracingEnabled } from '@/lib/telemetry/config';

describe('tracingEnabled', () => {
  it.each([
    [{}, false],
    [{ PLAYGROUND_OTEL: '1' }, true],
    [{ PLAYGROUND_OTEL: 'on' }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', PLAYGROUND_OTEL: '0' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', PLAYGROUND_OTEL: 'off' }, false],
    [{ PLAYGROUND_OTEL: '1', OTEL_SDK_DISABLED: 'true' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'TRUE' }, false],
  ])('%j → %s', (env, expected) => {
    expect(tracingEnabled(env)).toBe(expected);
  });
});
