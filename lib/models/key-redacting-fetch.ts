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
 * Replaces every needle in a text stream, also when one arrives split over several chunks.
 * Only a chunk's end that could begin a needle waits for the next chunk (usually nothing:
 * an event stream's chunks end in a line break), so the stream is not slowed down.
 */
function replacing(needles: readonly string[]): TransformStream<string, string> {
  let pending = '';
  const scrub = (text: string) => needles.reduce((out, needle) => out.split(needle).join(REDACTED), text);
  return new TransformStream({
    transform(chunk, controller) {
      const text = scrub(pending + chunk);
      pending = text.slice(text.length - partialNeedleAtEnd(text, needles));
      const ready = text.slice(0, text.length - pending.length);
      if (ready) controller.enqueue(ready);
    },
    flush(controller) {
      if (pending) controller.enqueue(pending);
    },
  });
}

/** The length of the longest end of `text` that is the beginning of a needle (and not a whole one). */
function partialNeedleAtEnd(text: string, needles: readonly string[]): number {
  let longest = 0;
  for (const needle of needles) {
    for (let length = Math.min(needle.length - 1, text.length); length > longest; length--) {
      if (text.endsWith(needle.slice(0, length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}
