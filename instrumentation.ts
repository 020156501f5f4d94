import { tracingEnabled } from '@/lib/telemetry/config';

/**
 * Next calls register() once, when the server starts. With tracing on (docs/observability.md)
 * it starts the OpenTelemetry tracer provider and its OTLP exporter; off, nothing is loaded.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || !tracingEnabled()) return;
  const { startTracing } = await import('@/lib/telemetry/start-tracing');
  startTracing();
}
