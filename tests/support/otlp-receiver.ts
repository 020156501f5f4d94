import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OTLP/HTTP receiver: a plain node http server that answers POST /v1/traces
 * and keeps every span of the JSON the exporter sends (OTLP/HTTP JSON encoding).
 */

export interface ReceivedSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  attributes: Record<string, string | number | boolean>;
  status: { code?: number; message?: string };
  links: Array<{ traceId: string; spanId: string }>;
  startNs: bigint;
  endNs: bigint;
}

export interface OtlpReceiver {
  /** Base URL, as OTEL_EXPORTER_OTLP_ENDPOINT takes it (the exporter adds /v1/traces). */
  url: string;
  spans(): ReceivedSpan[];
  /** Every request, whatever its path or body. */
  requests(): Array<{ method: string; path: string; contentType: string }>;
  /** Every request body as received, unparsed (tests/integration/standalone-secret-sweep.test.ts searches them). */
  bodies(): string[];
  close(): Promise<void>;
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes?: Array<{ key: string; value: AnyValue }>;
  status?: { code?: number; message?: string };
  links?: Array<{ traceId: string; spanId: string }>;
  startTimeUnixNano: string | number;
  endTimeUnixNano: string | number;
}
interface OtlpBody {
  resourceSpans?: Array<{ scopeSpans?: Array<{ spans?: OtlpSpan[] }> }>;
}

function flatten(value: AnyValue): string | number | boolean {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.doubleValue !== undefined) return value.doubleValue;
  return JSON.stringify(value);
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const requests: Array<{ method: string; path: string; contentType: string }> = [];
  const bodies: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', path: request.url ?? '', contentType: String(request.headers['content-type'] ?? '') });
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      if (request.method === 'POST' && request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpBody;
        for (const resource of body.resourceSpans ?? [])
          for (const scope of resource.scopeSpans ?? [])
            for (const span of scope.spans ?? [])
              spans.push({
                name: span.name,
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                attributes: Object.fromEntries((span.attributes ?? []).map(({ key, value }) => [key, flatten(value)])),
                status: span.status ?? {},
                links: span.links ?? [],
                startNs: BigInt(span.startTimeUnixNano),
                endNs: BigInt(span.endTimeUnixNano),
              });
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => [...spans],
    requests: () => [...requests],
    bodies: () => [...bodies],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
