import 'server-only';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { tracingEnabled } from './config';
import { tracingState } from './state';
import { redactingUrls } from './url-redaction';

/**
 * Starts tracing for this process (instrumentation.ts calls it once, at server start): a
 * tracer provider that batches spans to an OTLP/HTTP endpoint as JSON. The exporter reads
 * the standard variables (OTEL_EXPORTER_OTLP_ENDPOINT, default http://localhost:4318;
 * OTEL_EXPORTER_OTLP_HEADERS for a collector's key), the batch processor OTEL_BSP_*.
 * Answers whether tracing is on; off, nothing is loaded, registered or sent.
 */
export function startTracing(env: Record<string, string | undefined> = process.env): boolean {
  if (!tracingEnabled(env)) return false;
  if (tracingState().flush) return true;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || 'agent-playground' }),
    // Next's request and fetch spans carry URLs as requested: their query strings (link tokens, keys) never leave.
    spanProcessors: [new BatchSpanProcessor(redactingUrls(new OTLPTraceExporter()))],
  });
  // Global: the AI SDK's integration, Next's own spans and lib/telemetry/run-tracing.ts find it through @opentelemetry/api.
  provider.register();
  tracingState().flush = () => provider.forceFlush();
  return true;
}
