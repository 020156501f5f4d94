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
    const body = response.body.pipeThrough(replacing(needles));
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}

/**
 * Replaces every needle in a byte stream of UTF-8 text, also when one arrives split over several chunks.
 * Only a chunk's end that could begin a needle waits for the next chunk (usually nothing:
 * an event stream's chunks end in a line break), so the stream is not slowed down.
 * One transform, decoding and encoding inside it: every chunk of every streamed reply passes here, and each
 * stream hop costs a chunk promises (counted with an async hook over a paced run: TextDecoderStream → replace →
 * TextEncoderStream added 44 promises per chunk of the run's stream, this one hop adds 15).
 */
function replacing(needles: readonly string[]): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = '';
  const scrub = (text: string) => needles.reduce((out, needle) => (out.includes(needle) ? out.split(needle).join(REDACTED) : out), text);
  return new TransformStream({
    transform(chunk, controller) {
      const text = scrub(pending + decoder.decode(chunk, { stream: true }));
      pending = text.slice(text.length - partialNeedleAtEnd(text, needles));
      const ready = text.slice(0, text.length - pending.length);
      if (ready) controller.enqueue(encoder.encode(ready));
    },
    flush(controller) {
      const rest = scrub(pending + decoder.decode());
      if (rest) controller.enqueue(encoder.encode(rest));
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
