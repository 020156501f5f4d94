import type { AttributeValue, Attributes } from '@opentelemetry/api';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node';

/**
 * Spans leave without query strings. Next.js sets `http.target` of every request span to the
 * URL as requested and names its fetch spans with the full URL (`http.url` too): an invite
 * link's token (`/sign-up?invite=…`), a reset link's (`/reset-password?token=…`) or a key in
 * a fetched URL would reach the collector. The path stays (it names the route); the query and
 * fragment of every URL in a span's name and string attributes become `?[REDACTED]`, and a
 * `url.query` attribute is dropped to `[REDACTED]`. A share link's token is in its path
 * (`/share/<token>`, `/api/share/<token>/fork`): it becomes `[REDACTED]` too, and so do
 * credentials written into a URL (`https://user:pass@host`). Event attributes and the
 * status message are redacted like the span's.
 *
 * Found by tests/integration/standalone-secret-sweep.test.ts.
 */

const REDACTED = '[REDACTED]';
/** A URL or an absolute path, then its query and/or fragment. */
const URL_WITH_QUERY = /((?:[a-z][a-z0-9+.-]*:\/\/|\/)[^\s?#]*)[?#]\S*/gi;

/** A share link's token, in a page or API path. */
const SHARE_TOKEN = /\/share\/[A-Za-z0-9_-]+/g;
/** `user:password@` in a URL. */
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/@\s]+@/gi;

function withoutQueryStrings(text: string): string {
  return text.replace(URL_CREDENTIALS, `$1${REDACTED}@`).replace(SHARE_TOKEN, `/share/${REDACTED}`).replace(URL_WITH_QUERY, `$1?${REDACTED}`);
}

function redactValue(key: string, value: AttributeValue | undefined): AttributeValue | undefined {
  if (key === 'url.query' && value !== undefined) return REDACTED;
  if (typeof value === 'string') return withoutQueryStrings(value);
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? withoutQueryStrings(item) : item)) as AttributeValue;
  return value;
}

function redactAttributes(attributes: Attributes): Attributes {
  const redacted: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) redacted[key] = redactValue(key, value);
  return redacted;
}

/** The span as the exporter sees it, with its name, attributes, events and status message redacted; the span itself is left as it is. */
function redactedSpan(span: ReadableSpan): ReadableSpan {
  const events = span.events.map((event) => ({ ...event, name: withoutQueryStrings(event.name), ...(event.attributes ? { attributes: redactAttributes(event.attributes) } : {}) }));
  const status = span.status.message === undefined ? span.status : { ...span.status, message: withoutQueryStrings(span.status.message) };
  // Everything else (ids, times, resource…) is read through to the original.
  return Object.create(span, {
    name: { value: withoutQueryStrings(span.name) },
    attributes: { value: redactAttributes(span.attributes) },
    events: { value: events },
    status: { value: status },
  }) as ReadableSpan;
}

/** An exporter that sends what `exporter` would, minus the query strings. */
export function redactingUrls(exporter: SpanExporter): SpanExporter {
  return {
    export: (spans, done) => exporter.export(spans.map(redactedSpan), done),
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}
