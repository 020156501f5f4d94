import { describe, expect, it } from 'vitest';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { redactingUrls } from '@/lib/telemetry/url-redaction';

/** A provider of its own (never registered globally) exporting into memory through redactingUrls, and as it is. */
function traced() {
  const memory = new InMemorySpanExporter();
  const raw = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(raw), new SimpleSpanProcessor(redactingUrls(memory))] });
  return { tracer: provider.getTracer('url-redaction-test'), memory, raw };
}

describe('redactingUrls', () => {
  it('exports request and fetch spans without the query strings of their URLs, paths kept', () => {
    const { tracer, memory } = traced();
    const request = tracer.startSpan('GET /sign-up?invite=invite-token-123', {
      attributes: {
        'http.method': 'GET',
        'http.target': '/reset-password?token=reset-token-456',
        'http.route': '/reset-password',
        'http.status_code': 200,
        'url.query': 'token=reset-token-456',
        'next.rsc': false,
        'redirects': ['/a?next=/b', 'plain text? stays'],
      },
    });
    request.end();
    const fetchSpan = tracer.startSpan('fetch GET https://provider.example/v1/models?key=url-key-789#frag');
    fetchSpan.setAttribute('http.url', 'https://provider.example/v1/models?key=url-key-789#frag');
    fetchSpan.end();

    const [first, second] = memory.getFinishedSpans();
    expect(first.name).toBe('GET /sign-up?[REDACTED]');
    expect(first.attributes).toEqual({
      'http.method': 'GET',
      'http.target': '/reset-password?[REDACTED]',
      'http.route': '/reset-password',
      'http.status_code': 200,
      'url.query': '[REDACTED]',
      'next.rsc': false,
      'redirects': ['/a?[REDACTED]', 'plain text? stays'],
    });
    expect(second.name).toBe('fetch GET https://provider.example/v1/models?[REDACTED]');
    expect(second.attributes['http.url']).toBe('https://provider.example/v1/models?[REDACTED]');
    expect(JSON.stringify(memory.getFinishedSpans().map((span) => [span.name, span.attributes]))).not.toMatch(/invite-token-123|reset-token-456|url-key-789|frag/);
  });

  it('keeps the span’s identity, timing and status, and leaves the span itself untouched', () => {
    const { tracer, memory, raw } = traced();
    const span = tracer.startSpan('GET /s/abc?x=1', { attributes: { 'http.target': '/s/abc?x=1' } });
    span.setStatus({ code: 2, message: 'failed' });
    span.end();
    const [exported] = memory.getFinishedSpans();
    const [original] = raw.getFinishedSpans();
    expect(exported.spanContext()).toEqual(span.spanContext());
    expect(exported.status).toEqual({ code: 2, message: 'failed' });
    expect(exported.startTime).toEqual(original.startTime);
    expect(exported.endTime).toEqual(original.endTime);
    expect(exported.resource).toBe(original.resource);
    expect([original.name, original.attributes['http.target']]).toEqual(['GET /s/abc?x=1', '/s/abc?x=1']);
  });
});
