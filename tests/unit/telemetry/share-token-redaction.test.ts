import { SpanStatusCode } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { expect, it } from 'vitest';
import { redactingUrls } from '@/lib/telemetry/url-redaction';

/** Tokens in URL paths and credentials in URLs, where query-string redaction alone would not reach (see url-redaction.test.ts). */

const SHARE_TOKEN = 'GF9yHwv1PiuqGSlguUcNsuMGmhAC9ClT';

it("exports a share page's and the fork API's spans without the link's token, a URL's credentials, in events and status too", async () => {
  const memory = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(redactingUrls(memory))] });
  const span = provider.getTracer('next.js').startSpan(`GET /share/${SHARE_TOKEN}`, {
    attributes: {
      'http.target': `/share/${SHARE_TOKEN}`,
      'next.route': '/share/[token]',
      'http.url': 'https://user:hunter2@llm.example.com/v1/chat/completions',
      'http.status_code': 200,
      referrers: [`/api/share/${SHARE_TOKEN}/fork`],
    },
  });
  span.addEvent('exception', { 'exception.message': `fetch failed for /share/${SHARE_TOKEN}` });
  span.setStatus({ code: SpanStatusCode.ERROR, message: `GET /share/${SHARE_TOKEN} failed` });
  const { traceId, spanId } = span.spanContext();
  span.end();
  await provider.forceFlush();

  const [exported] = memory.getFinishedSpans();
  expect(exported.name).toBe('GET /share/[REDACTED]');
  expect(exported.attributes).toEqual({
    'http.target': '/share/[REDACTED]',
    'next.route': '/share/[token]',
    'http.url': 'https://[REDACTED]@llm.example.com/v1/chat/completions',
    'http.status_code': 200,
    referrers: ['/api/share/[REDACTED]/fork'],
  });
  expect(exported.events[0].attributes).toEqual({ 'exception.message': 'fetch failed for /share/[REDACTED]' });
  expect(exported.status).toEqual({ code: SpanStatusCode.ERROR, message: 'GET /share/[REDACTED] failed' });
  expect(exported.spanContext()).toMatchObject({ traceId, spanId });
  expect(JSON.stringify([exported.name, exported.attributes, exported.events, exported.status])).not.toMatch(new RegExp(`${SHARE_TOKEN}|hunter2`));
});
