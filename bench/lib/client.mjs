// HTTP clients of the two apps: start a turn, read its UI message stream chunk by chunk with arrival times.
let counter = 0;
const userMessage = (text) => ({ id: `bench-u-${process.pid}-${++counter}-${Date.now()}`, role: 'user', parts: [{ type: 'text', text }] });
const json = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** `[[scenario:NAME?k=v]]`, values encoded as the scripted server reads them. */
export function marker(name, params = {}) {
  const query = Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `[[scenario:${name}${query ? `?${query}` : ''}]]`;
}

export const now = () => performance.timeOrigin + performance.now();

/** Reads an SSE body of UI chunks; `onChunk(chunk, at)` for each. Resolves with { chunks, error }. */
async function readStream(response, onChunk) {
  if (!response.ok) return { chunks: 0, error: `HTTP ${response.status}: ${(await response.text()).slice(0, 300)}` };
  const decoder = new TextDecoder();
  let buffer = '';
  let chunks = 0;
  let error;
  for await (const bytes of response.body) {
    const at = now();
    buffer += decoder.decode(bytes, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of frame.split('\n')) {
        if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
        const chunk = JSON.parse(line.slice(6));
        chunks++;
        if (chunk.type === 'error') error = chunk.errorText ?? 'error chunk';
        onChunk?.(chunk, at);
      }
    }
  }
  return { chunks, error };
}

/**
 * The scripted model is in no catalog, so its window would be the fallback's 8,192 tokens and long sessions would
 * compact at every turn; the floor never compacts. Bench sessions get a window that holds their whole history.
 */
export const BENCH_SETTINGS = { contextWindowOverride: 10_000_000 };

export async function createSession(app) {
  const response = await fetch(`${app.url}/api/sessions`, json({ modelKey: app.modelKey }));
  if (response.status !== 201) throw new Error(`POST /api/sessions: ${response.status} ${await response.text()}`);
  const id = (await response.json()).session.id;
  const patch = await fetch(`${app.url}/api/sessions/${id}`, { ...json({ settings: BENCH_SETTINGS }), method: 'PATCH' });
  if (!patch.ok) throw new Error(`PATCH /api/sessions/${id}: ${patch.status} ${await patch.text()}`);
  return id;
}

/**
 * One turn, read to its end. Our app: a new user message on a session (history from the database).
 * The floor: the whole history in the body, as useChat sends it. Answers timings and counts.
 */
export async function turn(app, { sessionId, history = [], text, onChunk }) {
  const t0 = now();
  const body =
    app.kind === 'app'
      ? { sessionId, message: userMessage(text) }
      : { id: 'bench', messages: [...history, userMessage(text)], trigger: 'submit-message' };
  let steps = 0;
  let firstToken;
  let response;
  try {
    response = await fetch(`${app.url}/api/chat`, json(body));
  } catch (error) {
    return { wallMs: now() - t0, steps, chunks: 0, error: String(error?.cause ?? error) };
  }
  const result = await readStream(response, (chunk, at) => {
    if (chunk.type === 'finish-step') steps++;
    if (chunk.type === 'text-delta' && firstToken === undefined) firstToken = at - t0;
    onChunk?.(chunk, at);
  }).catch((error) => ({ chunks: 0, error: String(error) }));
  return { wallMs: now() - t0, steps, firstTokenMs: firstToken, ...result };
}

/** Token stamps (`tk<ms>x<µs>`) in a text. */
export function stampsIn(text) {
  // Whole words of an epoch in ms and three digits of µs: a random id can hold `tk37x64` (run-qOfmImJwtk37x64i did).
  return [...text.matchAll(/\btk(\d{12,})x(\d{3})\b/g)].map((m) => Number(`${m[1]}.${m[2]}`));
}
