import { APICallError, streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyRedactingFetch } from '@/lib/models/key-redacting-fetch';
import { readProviderEnv } from '@/lib/models/env';
import { resolveModel } from '@/lib/models/registry';
import { startScriptedServer, type ScriptedServer } from '../../scripted-server/index.mjs';

const KEY = 'fw_quoted-key/with+chars=0123456789';

/** A fetch that answers `chunks` as a streamed body, one chunk per read. */
const answering =
  (chunks: string[], init: ResponseInit = {}): typeof fetch =>
  async () =>
    new Response(
      new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
          controller.close();
        },
      }),
      init,
    );

describe('keyRedactingFetch', () => {
  it('replaces the key, as sent and URL-encoded, in an error body, keeping the status and headers', async () => {
    const fetch = keyRedactingFetch(KEY, answering([`{"error":{"message":"Incorrect API key provided: ${KEY} (${encodeURIComponent(KEY)})"}}`], { status: 401, headers: { 'content-type': 'application/json', 'x-request-id': 'r1' } }))!;
    const response = await fetch('http://provider.test/v1/chat/completions');
    expect(response.status).toBe(401);
    expect(response.headers.get('x-request-id')).toBe('r1');
    expect(await response.json()).toEqual({ error: { message: 'Incorrect API key provided: [REDACTED] ([REDACTED])' } });
  });

  it('finds a key split over stream chunks and leaves everything else byte for byte', async () => {
    const text = `data: {"delta":"héllo"}\n\ndata: {"error":"bad key ${KEY}"}\n\ndata: [DONE]\n\n`;
    const at = text.indexOf(KEY) + 5;
    const chunks = [text.slice(0, 3), text.slice(3, at), text.slice(at, at + 4), text.slice(at + 4)];
    const response = await keyRedactingFetch(KEY, answering(chunks, { headers: { 'content-type': 'text/event-stream' } }))!('http://provider.test');
    expect(await response.text()).toBe(text.replace(KEY, '[REDACTED]'));
  });

  it('keeps a character whose UTF-8 bytes are split over two chunks whole', async () => {
    const bytes = new TextEncoder().encode(`data: {"delta":"héllo ✓"} ${KEY}\n\n`);
    const split = [bytes.indexOf(0xc3) + 1, bytes.indexOf(0xe2) + 2];
    const open: typeof fetch = async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes.slice(0, split[0]));
            controller.enqueue(bytes.slice(split[0], split[1]));
            controller.enqueue(bytes.slice(split[1]));
            controller.close();
          },
        }),
      );
    expect(await (await keyRedactingFetch(KEY, open)!('http://provider.test')).text()).toBe('data: {"delta":"héllo ✓"} [REDACTED]\n\n');
  });

  it('passes each chunk on at once unless its end could begin the key', async () => {
    let source!: ReadableStreamDefaultController<Uint8Array>;
    const open: typeof fetch = async () => new Response(new ReadableStream<Uint8Array>({ start: (controller) => void (source = controller) }));
    const reader = (await keyRedactingFetch(KEY, open)!('http://provider.test')).body!.pipeThrough(new TextDecoderStream()).getReader();
    source.enqueue(new TextEncoder().encode('data: {"delta":"a"}\n\n'));
    expect((await reader.read()).value).toBe('data: {"delta":"a"}\n\n');
    // "fw_q" could begin the key: it waits for what follows, which shows it was not the key after all.
    source.enqueue(new TextEncoder().encode('data: {"delta":"fw_q'));
    expect((await reader.read()).value).toBe('data: {"delta":"');
    source.enqueue(new TextEncoder().encode('x"}\n\n'));
    expect((await reader.read()).value).toBe('fw_qx"}\n\n');
    source.close();
    expect((await reader.read()).done).toBe(true);
  });

  it('finds a key over chunks smaller than it, and passes on a beginning of the key left at the end as it is', async () => {
    const text = `a ${KEY} b ${KEY.slice(0, 6)}`;
    const chunks = Array.from({ length: Math.ceil(text.length / 3) }, (_, i) => text.slice(i * 3, i * 3 + 3));
    const response = await keyRedactingFetch(KEY, answering(chunks))!('http://provider.test');
    expect(await response.text()).toBe(`a [REDACTED] b ${KEY.slice(0, 6)}`);
  });

  it('cancelling the body cancels the provider\'s stream', async () => {
    let cancelled: unknown;
    const open: typeof fetch = async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull: (controller) => controller.enqueue(new TextEncoder().encode('data: {}\n\n')),
          cancel: (reason) => void (cancelled = reason),
        }),
      );
    const reader = (await keyRedactingFetch(KEY, open)!('http://provider.test')).body!.getReader();
    await reader.read();
    await reader.cancel('gone');
    expect(cancelled).toBe('gone');
  });

  it('is not needed without a key', () => {
    expect(keyRedactingFetch(undefined)).toBeUndefined();
    expect(keyRedactingFetch('')).toBeUndefined();
  });
});

describe('a provider that quotes the key it refused', () => {
  let scripted: ScriptedServer;
  beforeAll(async () => {
    scripted = await startScriptedServer();
  });
  afterAll(() => scripted.close());

  for (const provider of ['compat', 'openai'] as const) {
    it(`never hands it to the app (${provider})`, async () => {
      const env = readProviderEnv({
        OLLAMA_DISCOVERY: 'off',
        OPENAI_API_KEY: KEY,
        OPENAI_BASE_URL: scripted.url,
        OPENAI_MODELS: 'scripted-responses',
        OPENAI_COMPATIBLE_API_KEY: KEY,
        OPENAI_COMPATIBLE_BASE_URL: scripted.url,
        OPENAI_COMPATIBLE_MODELS: 'scripted-chat',
      });
      const { model } = await resolveModel(provider === 'compat' ? 'compat:scripted-chat' : 'openai:scripted-responses', env);
      let caught: unknown;
      const result = streamText({ model, prompt: 'Go [[scenario:http-error?status=401&quoteKey=1]]', maxRetries: 0, onError: ({ error }) => void (caught = error) });
      await result.consumeStream();
      // The provider was sent the key, and quoted it back…
      const [request] = scripted.requests().slice(-1);
      expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(request.outcome).toBe('http-401');
      // …but nothing the SDK read from the answer holds it.
      expect(APICallError.isInstance(caught)).toBe(true);
      const error = caught as APICallError;
      expect(error.message).toContain('Incorrect API key provided: [REDACTED]');
      expect(JSON.stringify({ message: error.message, body: error.responseBody, data: error.data })).not.toContain(KEY);
    });
  }
});
