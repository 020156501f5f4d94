/**
 * Images in a user message and voice dictation, end to end in-process: the real
 * routes, a fresh SQLite file, the real OpenAI and OpenAI-compatible providers
 * pointed at the scripted server, which records what reached it.
 * Vision models here: `scripted-gpt-4.1-mini` and `scripted-gpt-4o` (the catalog
 * finds gpt-4.1-mini / gpt-4o in their names; the scripted server answers its
 * default scenario). `scripted-chat` is unknown to the catalog: text only.
 */
import { describe, expect, it } from 'vitest';
import { params, post, readChunks, setupAppHarness, userMessage } from '../support/app-harness';

const app = setupAppHarness({
  name: 'media',
  routes: ['transcribe', 'exportSession', 'importSession', 'sharePreview'],
  env: { OPENAI_MODELS: 'scripted-responses,scripted-gpt-4.1-mini', OPENAI_COMPATIBLE_MODELS: 'scripted-chat,scripted-gpt-4o' },
});
const { api } = app;

/** A 2×3 PNG's first bytes (signature and IHDR), padded to `size`. */
function pngDataUrl(size = 64): string {
  const bytes = Buffer.alloc(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 2, 0, 0, 0, 3]).copy(bytes);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

function chatWithImage(sessionId: string, text: string, image: Record<string, unknown>) {
  const message = userMessage(text);
  return api.chat.POST(new Request('http://app/api/chat', post({ sessionId, message: { ...message, parts: [...message.parts, { type: 'file', ...image }] } })));
}

describe('images in a user message', () => {
  it('stores the image with the message and sends it to a Responses vision model as input_image, again on the next turn', async () => {
    const id = await app.newSession('openai:scripted-gpt-4.1-mini');
    app.scripted.reset();
    const url = pngDataUrl();
    const response = await chatWithImage(id, 'What is in this picture?', { mediaType: 'image/png', url, filename: 'shot.png' });
    expect(response.status).toBe(200);
    await readChunks(response);
    const [user] = await app.sessionMessages(id);
    expect(user.parts).toEqual([
      { type: 'text', text: 'What is in this picture?' },
      { type: 'file', mediaType: 'image/png', url, filename: 'shot.png' },
    ]);
    const sent = JSON.stringify(app.scripted.requests()[0].body.input);
    expect(sent).toContain('"type":"input_image"');
    expect(sent).toContain(url);

    app.scripted.reset();
    await readChunks(await app.chat(id, 'And now?'));
    expect(JSON.stringify(app.scripted.requests()[0].body.input)).toContain(url); // history from the database keeps the image
  });

  it('sends it to a Chat Completions vision model as image_url', async () => {
    const id = await app.newSession('compat:scripted-gpt-4o');
    app.scripted.reset();
    const url = pngDataUrl();
    // Declared as JPEG: the bytes say PNG, and PNG is what is stored and sent.
    await readChunks(await chatWithImage(id, 'Describe it', { mediaType: 'image/jpeg', url: url.replace('image/png', 'image/jpeg') }));
    const [request] = app.scripted.requests();
    const content = request.body.messages.find((m: { role: string }) => m.role === 'user').content;
    expect(content).toContainEqual({ type: 'image_url', image_url: { url } });
    expect((await app.sessionMessages(id))[0].parts[1]).toMatchObject({ mediaType: 'image/png', url });
  });

  it('sends a message of images alone with no text part (some providers refuse an empty one), and refuses a blank message', async () => {
    const id = await app.newSession('openai:scripted-gpt-4.1-mini');
    app.scripted.reset();
    const url = pngDataUrl();
    const message = { id: 'msg-image-only', role: 'user', parts: [{ type: 'file', mediaType: 'image/png', url, filename: 'only.png' }] };
    const response = await api.chat.POST(new Request('http://app/api/chat', post({ sessionId: id, message })));
    expect(response.status).toBe(200);
    await readChunks(response);
    const [user] = await app.sessionMessages(id);
    expect(user.parts).toEqual([{ type: 'file', mediaType: 'image/png', url, filename: 'only.png' }]);
    const content = app.scripted.requests()[0].body.input.find((item: { role?: string }) => item.role === 'user').content;
    expect(content).toEqual([expect.objectContaining({ type: 'input_image' })]);

    // Blank text beside an image is left out too; blank text alone is no message.
    const withBlank = { id: 'msg-blank-and-image', role: 'user', parts: [{ type: 'text', text: '  ' }, { type: 'file', mediaType: 'image/png', url }] };
    await readChunks(await api.chat.POST(new Request('http://app/api/chat', post({ sessionId: id, message: withBlank }))));
    expect((await app.sessionMessages(id)).find((m) => m.id === 'msg-blank-and-image')?.parts).toEqual([{ type: 'file', mediaType: 'image/png', url }]);
    const blank = await api.chat.POST(new Request('http://app/api/chat', post({ sessionId: id, message: { id: 'msg-blank', role: 'user', parts: [{ type: 'text', text: ' \n ' }] } })));
    expect(blank.status).toBe(400);
    expect((await blank.json()).error.message).toBe('The message is empty: write something or attach an image.');
  });

  it('refuses an image for a model that takes none, naming the model, and saves nothing', async () => {
    const id = await app.newSession('compat:scripted-chat');
    app.scripted.reset();
    const response = await chatWithImage(id, 'Look', { mediaType: 'image/png', url: pngDataUrl() });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: { code: 'images_not_supported', message: expect.stringMatching(/^scripted-chat does not take images\./) } });
    expect(await app.sessionMessages(id)).toEqual([]);
    expect(app.scripted.requests()).toEqual([]);
  });

  it('refuses what is not an image, or too large, with a JSON error and nothing saved', async () => {
    const id = await app.newSession('openai:scripted-gpt-4.1-mini');
    const svg = `data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    let response = await chatWithImage(id, 'x', { mediaType: 'image/png', url: svg, filename: 'logo.svg' });
    expect(response.status).toBe(415);
    expect((await response.json()).error).toEqual({ code: 'unsupported_attachment', message: '“logo.svg” is not a PNG, JPEG, GIF or WebP image.' });
    response = await chatWithImage(id, 'x', { mediaType: 'image/png', url: pngDataUrl(4 * 1024 * 1024 + 3) });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('too_large');
    response = await chatWithImage(id, 'x', { mediaType: 'image/png', url: 'https://example.com/cat.png' });
    expect(response.status).toBe(415);
    expect(await app.sessionMessages(id)).toEqual([]);
  });
});

describe('images in export, import and share links', () => {
  it('the JSON export carries the image and imports back with it; Markdown names it; a share link leaves it out with a note', async () => {
    const id = await app.newSession('openai:scripted-gpt-4.1-mini');
    const url = pngDataUrl();
    await readChunks(await chatWithImage(id, 'See the chart', { mediaType: 'image/png', url, filename: 'chart.png' }));

    const exported = await (await api.exportSession.GET(new Request(`http://app/api/sessions/${id}/export?format=json`), params({ id }))).json();
    expect(JSON.stringify(exported.messages[0].message.parts)).toContain(url);
    const imported = await api.importSession.POST(new Request('http://app/api/sessions/import', post(exported)));
    expect(imported.status).toBe(201);
    const copy = (await imported.json()).session.id as string;
    expect((await app.sessionMessages(copy))[0].parts).toContainEqual({ type: 'file', mediaType: 'image/png', url, filename: 'chart.png' });

    const markdown = await (await api.exportSession.GET(new Request(`http://app/api/sessions/${id}/export?format=markdown`), params({ id }))).text();
    expect(markdown).toContain('*[image: chart.png (image/png, 64 bytes)]*');
    expect(markdown).not.toContain('base64');

    const preview = await api.sharePreview.POST(new Request(`http://app/api/sessions/${id}/shares/preview`, post({})), params({ id }));
    const { snapshot } = (await preview.json()).preview;
    expect(JSON.stringify(snapshot)).not.toContain('base64');
    expect(snapshot.messages[0].parts).toContainEqual({ type: 'text', text: '\n\n[Image not shared: chart.png]' });
  });

  it('an import whose image is a link, or not an image, is refused before anything is written', async () => {
    const id = await app.newSession('openai:scripted-gpt-4.1-mini');
    await readChunks(await chatWithImage(id, 'x', { mediaType: 'image/png', url: pngDataUrl() }));
    const exported = await (await api.exportSession.GET(new Request(`http://app/api/sessions/${id}/export?format=json`), params({ id }))).json();
    for (const url of ['https://internal.example/secret.png', `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}`]) {
      const file = structuredClone(exported);
      file.messages[0].message.parts[1].url = url;
      const response = await api.importSession.POST(new Request('http://app/api/sessions/import', post(file)));
      expect(response.status).toBe(400);
      expect((await response.json()).error).toEqual({ code: 'invalid_import', message: 'Could not import this file: messages[0]: an attached file is not a PNG, JPEG, GIF or WebP image as a data URL.' });
    }
  });
});

describe('dictation: /api/transcribe', () => {
  const webm = (size: number) => {
    const bytes = Buffer.alloc(size);
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]).copy(bytes);
    return bytes.toString('base64');
  };
  const transcribe = (body: unknown) => api.transcribe.POST(new Request('http://app/api/transcribe', post(body)));

  it('says it is available, then transcribes a recording through the OpenAI provider', async () => {
    const availability = await api.transcribe.GET(new Request('http://app/api/transcribe'));
    expect(await availability.json()).toEqual({ available: true, model: 'gpt-4o-mini-transcribe' });
    app.scripted.reset();
    const response = await transcribe({ mediaType: 'audio/webm;codecs=opus', audio: webm(2048) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: 'Dictated 2,048 bytes of audio/webm.' });
    const [request] = app.scripted.requests();
    expect(request).toMatchObject({ api: 'transcriptions', body: { model: 'gpt-4o-mini-transcribe', file: { type: 'audio/webm', size: 2048, head: '1a45dfa39f428681' } } });
    expect(request.headers.authorization).toBe('Bearer sk-test');
  });

  it('refuses what is not audio, too long a recording and malformed base64 before calling the provider', async () => {
    app.scripted.reset();
    let response = await transcribe({ mediaType: 'audio/webm', audio: Buffer.from('<html>hello</html>').toString('base64') });
    expect(response.status).toBe(415);
    response = await transcribe({ mediaType: 'audio/webm', audio: webm(3 * 1024 * 1024 + 3) });
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toMatch(/Record a shorter piece/);
    response = await transcribe({ mediaType: 'audio/webm', audio: '@@@@' });
    expect(response.status).toBe(400);
    expect(app.scripted.requests()).toEqual([]);
  });

  it('is off, with the reason, without an OpenAI key or with OPENAI_TRANSCRIPTION_MODEL=off', async () => {
    for (const [key, value, reason] of [
      ['OPENAI_TRANSCRIPTION_MODEL', 'off', /turned off on this server/],
      ['OPENAI_API_KEY', '', /needs an OpenAI key/],
    ] as const) {
      const before = process.env[key];
      process.env[key] = value;
      try {
        const availability = await (await api.transcribe.GET(new Request('http://app/api/transcribe'))).json();
        expect(availability).toEqual({ available: false, reason: expect.stringMatching(reason) });
        const response = await transcribe({ mediaType: 'audio/webm', audio: webm(64) });
        expect(response.status).toBe(501);
        expect((await response.json()).error.code).toBe('transcription_unavailable');
      } finally {
        process.env[key] = before;
      }
    }
  });

  it('answers a provider failure as 502 in plain words', async () => {
    const before = process.env.OPENAI_BASE_URL;
    process.env.OPENAI_BASE_URL = `${app.scripted.origin}/nowhere`;
    try {
      const response = await transcribe({ mediaType: 'audio/webm', audio: webm(64) });
      expect(response.status).toBe(502);
      expect((await response.json()).error).toMatchObject({ code: 'transcription_failed', message: expect.stringMatching(/^The recording could not be transcribed\./) });
    } finally {
      process.env.OPENAI_BASE_URL = before;
    }
  });
});


