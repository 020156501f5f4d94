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

const REDACTED = Buffer.from('[REDACTED]');
/** Shorter keys would match ordinary text by chance (and are no real provider's key). */
const MIN_KEY_CHARS = 8;

type Fetch = typeof globalThis.fetch;

/** `fetch` for a provider created with `key`; undefined (the SDK's own fetch) when there is no key to hide. */
export function keyRedactingFetch(key: string | undefined, base?: Fetch): Fetch | undefined {
  if (!key || key.length < MIN_KEY_CHARS) return undefined;
  const needles = [...new Set([key, encodeURIComponent(key)])].map((needle) => Buffer.from(needle));
  return async (input, init) => {
    const response = await (base ?? globalThis.fetch)(input, init);
    if (!response.body) return response;
    const headers = new Headers(response.headers);
    // The body's length changes with a replacement, and fetch already undid any compression.
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(redacting(response.body, needles), { status: response.status, statusText: response.statusText, headers });
  };
}

/**
 * The body with every needle replaced, also one split over several chunks. Bytes are searched as they are (a needle's
 * UTF-8 bytes match only where its characters are), so nothing is decoded or encoded again, and a chunk with no
 * needle passes on as it came. Only a chunk's end that could begin a needle waits for the next chunk (usually
 * nothing: an event stream's chunks end in a line break), so the stream is not slowed down.
 * A stream whose reads pull from the body's reader, not a TransformStream: every chunk of every streamed reply passes
 * here, and a pipe costs a chunk several promises more (a pipe's read, write, transform and backpressure each make
 * their own; counted with an async hook over a paced run, TextDecoderStream → replace → TextEncoderStream added 44
 * promises per chunk, one TransformStream 15).
 */
function redacting(body: ReadableStream<Uint8Array>, needles: readonly Buffer[]): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let held: Buffer = Buffer.alloc(0);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // A read must enqueue something or end the stream: a chunk held whole (all of it could begin a needle) reads on.
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          if (held.length > 0) controller.enqueue(held);
          controller.close();
          return;
        }
        const bytes = needles.reduce(replaceAll, held.length > 0 ? Buffer.concat([held, value]) : Buffer.from(value.buffer, value.byteOffset, value.byteLength));
        const ready = bytes.length - partialNeedleAtEnd(bytes, needles);
        held = bytes.subarray(ready);
        if (ready > 0) {
          controller.enqueue(ready === bytes.length ? bytes : bytes.subarray(0, ready));
          return;
        }
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** `bytes` with every `needle` in it replaced (the same buffer when there is none). */
function replaceAll(bytes: Buffer, needle: Buffer): Buffer {
  let at = bytes.indexOf(needle);
  if (at < 0) return bytes;
  const parts: Buffer[] = [];
  let from = 0;
  for (; at >= 0; at = bytes.indexOf(needle, from)) {
    parts.push(bytes.subarray(from, at), REDACTED);
    from = at + needle.length;
  }
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

/** The length of the longest end of `bytes` that is the beginning of a needle (and not a whole one). */
function partialNeedleAtEnd(bytes: Buffer, needles: readonly Buffer[]): number {
  let longest = 0;
  for (const needle of needles) {
    // The longest candidate first: the earliest byte, within a needle's length of the end, that could start it.
    for (let start = Math.max(0, bytes.length - needle.length + 1); start < bytes.length - longest; start++) {
      if (bytes[start] === needle[0] && bytes.compare(needle, 0, bytes.length - start, start) === 0) {
        longest = bytes.length - start;
        break;
      }
    }
  }
  return longest;
}
