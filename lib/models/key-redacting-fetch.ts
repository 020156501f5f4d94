/**
 * A provider never hands the key we sent it back into the app. Some providers quote the key
 * they refused ("Incorrect API key provided: …", in full or nearly), and that text goes on to
 * become the error the user reads, the run's step trace, the stored message, a log line. The
 * provider's `fetch` is wrapped so every response body, streamed ones included, has the key
 * (as sent, and URL-encoded) replaced before the AI SDK reads a byte of it.
 *
 * Found by tests/integration/standalone-secret-sweep.test.ts: a user's run on the server's
 * key showed that key in the run's error, its page and its step trace.
 */

const REDACTED = '[REDACTED]';
/** Shorter keys would match ordinary text by chance (and are no real provider's key). */
const MIN_KEY_CHARS = 8;

type Fetch = typeof globalThis.fetch;

/** `fetch` for a provider created with `key`; undefined (the SDK's own fetch) when there is no key to hide. */
export function keyRedactingFetch(key: string | undefined, base?: Fetch): Fetch | undefined {
  if (!key || key.length < MIN_KEY_CHARS) return undefined;
  const needles = [...new Set([key, encodeURIComponent(key)])];
  return async (input, init) => {
    const response = await (base ?? globalThis.fetch)(input, init);
    if (!response.body) return response;
    const headers = new Headers(response.headers);
    // The body is re-encoded: its length changes, and fetch already undid any compression.
    headers.delete('content-length');
    headers.delete('content-encoding');
    const body = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(replacing(needles)).pipeThrough(new TextEncoderStream());
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}

/**
 * Replaces every needle in a text stream, also when one arrives split over several chunks:
 * the last (longest needle − 1) characters wait for the next chunk before they go out.
 */
function replacing(needles: readonly string[]): TransformStream<string, string> {
  const keep = Math.max(...needles.map((needle) => needle.length)) - 1;
  let pending = '';
  const scrub = (text: string) => needles.reduce((out, needle) => out.split(needle).join(REDACTED), text);
  return new TransformStream({
    transform(chunk, controller) {
      const text = scrub(pending + chunk);
      pending = text.slice(Math.max(0, text.length - keep));
      const ready = text.slice(0, text.length - pending.length);
      if (ready) controller.enqueue(ready);
    },
    flush(controller) {
      if (pending) controller.enqueue(scrub(pending));
    },
  });
}
