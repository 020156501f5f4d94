// @ts-check
// POST /v1/audio/transcriptions, the way OpenAI answers it: a multipart form
// with `model` and `file` (plus optional fields such as `language`), answered
// with JSON `{ text }`. The text names what arrived, so a test can tell the
// audio got through: `Dictated 12,345 bytes of audio/webm.`

/**
 * @typedef {{ model: string, file: { name: string, type: string, size: number, head: string } | null, fields: Record<string, string> }} TranscriptionForm
 */

/**
 * Reads the request and answers it.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<{ status: number, body: unknown, form: TranscriptionForm | null }>}
 */
export async function answerTranscription(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const form = await readTranscriptionForm(req, Buffer.concat(chunks));
  if ('error' in form) return { status: 400, body: { error: { message: form.error, type: 'invalid_request_error', param: null, code: null } }, form: null };
  return { ...transcriptionAnswer(form), form };
}

/**
 * Reads the form with the platform's own multipart parser (undici's Request.formData).
 * @param {import('node:http').IncomingMessage} req
 * @param {Buffer} raw
 * @returns {Promise<TranscriptionForm | { error: string }>}
 */
async function readTranscriptionForm(req, raw) {
  const type = String(req.headers['content-type'] ?? '');
  if (!type.startsWith('multipart/form-data')) return { error: `expected multipart/form-data, got "${type || 'nothing'}"` };
  let form;
  try {
    form = await new Request('http://x/', { method: 'POST', headers: { 'content-type': type }, body: raw }).formData();
  } catch (e) {
    return { error: `malformed multipart body: ${e instanceof Error ? e.message : String(e)}` };
  }
  /** @type {Record<string, string>} */
  const fields = {};
  /** @type {TranscriptionForm['file']} */
  let file = null;
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') fields[key] = value;
    else if (key === 'file') {
      const bytes = Buffer.from(await value.arrayBuffer());
      // The first bytes, hex: the container's magic number (1a45dfa3 for WebM).
      file = { name: value.name, type: value.type, size: bytes.length, head: bytes.subarray(0, 8).toString('hex') };
    }
  }
  const { model = '', ...rest } = fields;
  return { model, file, fields: rest };
}

/**
 * OpenAI's answers: 400 without a model or a file, or for an empty file; else the transcript.
 * @param {TranscriptionForm} form
 * @returns {{ status: number, body: unknown }}
 */
function transcriptionAnswer(form) {
  const invalid = (/** @type {string} */ message) => ({ status: 400, body: { error: { message, type: 'invalid_request_error', param: null, code: null } } });
  if (!form.model) return invalid('you must provide a model parameter');
  if (!form.file) return invalid("'file' is a required property");
  if (form.file.size === 0) return invalid('Audio file is too short.');
  return { status: 200, body: { text: `Dictated ${form.file.size.toLocaleString('en')} bytes of ${form.file.type || 'audio'}.`, usage: { type: 'duration', seconds: 1 } } };
}
