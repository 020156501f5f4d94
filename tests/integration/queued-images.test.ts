/**
 * Images on a message queued during a run, through the real route handlers: they are checked when the message is
 * queued (the model takes images; their bytes, size and count: the rules of lib/api/attachments.ts), kept with the
 * queued row, and sent with the message when the run ends, as a typed message's are. A message of images alone
 * goes without a text part. `scripted-gpt-4o` takes images (the catalog knows gpt-4o); `scripted-chat` does not.
 */
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '@/db/client';
import { queuedMessages } from '@/db/schema';
import type { QueueResponse } from '@/lib/api-types';
import { MAX_IMAGE_BYTES } from '@/lib/api/attachments';
import { params, post, readChunks, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({
  name: 'queued-images',
  routes: ['stream', 'queue'],
  env: { OPENAI_COMPATIBLE_MODELS: 'scripted-chat,scripted-gpt-4o' },
});
const { api } = app;

const VISION = 'compat:scripted-gpt-4o';
/** A run that streams for about half a second. */
const SLOW = 'Take your time [[scenario:slow?delayMs=25&chunks=20]]';

/** A PNG's first bytes (signature and IHDR), padded to `size`. */
function pngDataUrl(size = 64): string {
  const bytes = Buffer.alloc(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 2, 0, 0, 0, 3]).copy(bytes);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

async function enqueue(sessionId: string, body: Record<string, unknown>): Promise<{ status: number; body: QueueResponse & { error?: { code: string; message: string } } }> {
  const response = await api.queue.POST(new Request('http://app', post(body)), params({ id: sessionId }));
  return { status: response.status, body: await response.json() };
}

/** Follows whatever run is active to its end; false when nothing ran. */
async function followActiveRun(sessionId: string): Promise<boolean> {
  const response = await api.stream.GET(new Request('http://app'), params({ id: sessionId }));
  if (response.status === 204) return false;
  await readChunks(response);
  return true;
}

/** The user content of each Chat Completions request the scripted server received, in order. */
function lastUserContents(): unknown[] {
  return app.scripted.requests().map((request) => (request.body as { messages: { role: string; content: unknown }[] }).messages.filter((m) => m.role === 'user').at(-1)?.content);
}

describe('images on a queued message', () => {
  it('keeps them with the queued row and sends them with the message when the run ends; images alone go without a text part', async () => {
    const id = await app.newSession(VISION);
    app.scripted.reset();
    const running = await app.chat(id, SLOW);
    const url = pngDataUrl();
    // Declared JPEG: the bytes say PNG, and PNG is what is kept and sent.
    const withText = await enqueue(id, { text: 'And this one?', modelKey: VISION, images: [{ type: 'file', mediaType: 'image/jpeg', url: url.replace('image/png', 'image/jpeg'), filename: 'shot.png' }] });
    expect(withText.status).toBe(201);
    const alone = await enqueue(id, { text: '', modelKey: VISION, images: [{ type: 'file', mediaType: 'image/png', url }] });
    expect(alone.status).toBe(201);
    // The queue answers names and types only: the bytes stay on the server.
    expect(alone.body.items.map(({ text, images }) => ({ text, images }))).toEqual([
      { text: 'And this one?', images: [{ mediaType: 'image/png', filename: 'shot.png' }] },
      { text: '', images: [{ mediaType: 'image/png' }] },
    ]);
    const db = await openTestDatabase(process.env.DATABASE_URL!);
    const rows = (await db.select().from(queuedMessages)).filter((row) => row.sessionId === id);
    expect(rows.map((row) => row.images)).toEqual([[{ type: 'file', mediaType: 'image/png', url, filename: 'shot.png' }], [{ type: 'file', mediaType: 'image/png', url }]]);

    await readChunks(running);
    while (await followActiveRun(id));
    const users = (await app.sessionMessages(id)).filter((m) => m.role === 'user');
    expect(users.map((m) => m.parts)).toEqual([
      [{ type: 'text', text: SLOW }],
      [{ type: 'text', text: 'And this one?' }, { type: 'file', mediaType: 'image/png', url, filename: 'shot.png' }],
      [{ type: 'file', mediaType: 'image/png', url }],
    ]);
    const [, second, third] = lastUserContents();
    expect(second).toEqual([{ type: 'text', text: 'And this one?' }, { type: 'image_url', image_url: { url } }]);
    expect(third).toEqual([{ type: 'image_url', image_url: { url } }]);
    expect(await db.select().from(queuedMessages)).toEqual([]);
  });

  it('refuses images the model cannot take, what is not an image, and too much, as a typed message; nothing is queued', async () => {
    const vision = await app.newSession(VISION);
    const running = await app.chat(vision, SLOW);
    const tooBig = pngDataUrl(MAX_IMAGE_BYTES + 3);
    let refused = await enqueue(vision, { text: 'big', modelKey: VISION, images: [{ type: 'file', mediaType: 'image/png', url: tooBig, filename: 'big.png' }] });
    expect(refused.status).toBe(413);
    const svg = `data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    refused = await enqueue(vision, { text: 'svg', modelKey: VISION, images: [{ type: 'file', mediaType: 'image/png', url: svg, filename: 'logo.svg' }] });
    expect(refused.status).toBe(415);
    expect(refused.body.error).toEqual({ code: 'unsupported_attachment', message: '“logo.svg” is not a PNG, JPEG, GIF or WebP image.' });
    const five = Array.from({ length: 5 }, () => ({ type: 'file', mediaType: 'image/png', url: pngDataUrl() }));
    expect((await enqueue(vision, { text: 'many', modelKey: VISION, images: five })).status).toBe(400);
    // Blank text and no image is no message.
    expect((await enqueue(vision, { text: '  ', modelKey: VISION, images: [] })).status).toBe(400);
    // The model picked for the message decides: a text-only one refuses the image, naming it.
    refused = await enqueue(vision, { text: 'look', modelKey: 'compat:scripted-chat', images: [{ type: 'file', mediaType: 'image/png', url: pngDataUrl() }] });
    expect(refused.status).toBe(422);
    expect(refused.body.error?.message).toMatch(/^scripted-chat does not take images\./);
    expect((await api.queue.GET(new Request('http://app'), params({ id: vision })).then((r) => r.json())).items).toEqual([]);
    await readChunks(running);
    while (await followActiveRun(vision));
  });
});
