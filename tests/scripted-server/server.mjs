// @ts-check
// The scripted OpenAI-compatible (and Anthropic Messages) HTTP server (node:http only). Routes:
//   POST /v1/chat/completions, POST /v1/responses   scenario-driven answers
//   POST /v1/messages                                the same scenarios as Anthropic Messages SSE
//   POST /v1/audio/transcriptions                    `{ text }` naming the audio received (transcriptions.mjs)
//   GET  /v1/models                                  scenario model ids
//   GET  /__requests, DELETE /__requests             recorded request bodies
//   DELETE /__counters, POST /__reset                reset retry counters / everything

import http from 'node:http';
import { chooseScenario, describeRequest } from './request.mjs';
import { buildPlan, ScenarioError, SCENARIOS, STAMP_PLACEHOLDER } from './scenarios.mjs';
import { createChatWriter } from './chat-writer.mjs';
import { createResponsesWriter } from './responses-writer.mjs';
import { createAnthropicWriter } from './anthropic-writer.mjs';
import { loadReplayFrames } from './replay.mjs';
import { answerTranscription } from './transcriptions.mjs';
import { ClientGone, SseStream } from './sse.mjs';

/**
 * @typedef {import('./index.mjs').RecordedRequest} RecordedRequest
 * @typedef {import('./scenarios.mjs').StreamPlan} StreamPlan
 */

/** @param {http.ServerResponse} res @param {number} status @param {unknown} body @param {Record<string, string>} [headers] */
function sendJson(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * An error body in the API's own shape: Anthropic's `{type:'error', error:{type, message}}`, else OpenAI's.
 * @param {'chat' | 'responses' | 'anthropic' | undefined} api @param {string} message @param {string} type
 */
function errorBody(api, message, type) {
  return api === 'anthropic' ? { type: 'error', error: { type, message } } : { error: { message, type } };
}

/** @param {http.IncomingMessage} req @returns {Promise<string>} */
async function readBody(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Plays a StreamPlan's frames, honouring pacing and the plan's cut point
 * (mid-stream error frame, or a dropped socket).
 * @param {SseStream} sse
 * @param {{ frames(): Generator<import('./chat-writer.mjs').Frame>, errorFrame(m: string): import('./chat-writer.mjs').Frame, malformedFrame(raw: string): string }} writer
 * @param {StreamPlan} plan
 * @returns {Promise<RecordedRequest['outcome']>}
 */
async function playStream(sse, writer, plan) {
  let deltas = 0;
  let malformedSent = false;
  for (const frame of writer.frames()) {
    // after=0 cuts before the first output frame (so clients see a pre-output error); a stall with
    // after=0 cuts before any frame at all: the headers went out, then nothing.
    const atCut =
      plan.cut &&
      (plan.cut.afterDeltas === 0 ? plan.cut.kind === 'stall' || !frame.preamble : frame.delta && deltas >= plan.cut.afterDeltas);
    if (plan.cut?.kind === 'malformed' && atCut && !malformedSent) {
      malformedSent = true;
      await sse.writeRaw(writer.malformedFrame(plan.cut.message));
    } else if (plan.cut?.kind === 'stall' && atCut) {
      // A real open connection that says nothing more, until the client gives up.
      await sse.untilGone();
      return 'stalled';
    } else if (plan.cut && atCut && plan.cut.kind !== 'malformed') {
      if (plan.cut.kind === 'drop') {
        // Let the client consume what was sent before the reset, so "partial text
        // then a network error" is deterministic instead of racing the RST.
        await sse.pause(plan.cut.dropDelayMs);
        sse.drop();
        return 'dropped';
      }
      const err = writer.errorFrame(plan.cut.message);
      await sse.send(err.data, err.event);
      sse.end();
      return 'error-frame';
    }
    await sse.send(frame.data, frame.event, plan.stamp ? stampNow : undefined);
    if (frame.delta) deltas++;
  }
  sse.end();
  return malformedSent ? 'malformed-frame' : 'completed';
}

/** Replaces the stamp placeholder with the epoch time in ms, to the microsecond: `1732612345678x123`. */
function stampNow(/** @type {string} */ payload) {
  if (!payload.includes(STAMP_PLACEHOLDER)) return payload;
  const [ms, frac = ''] = (performance.timeOrigin + performance.now()).toFixed(3).split('.');
  return payload.replaceAll(STAMP_PLACEHOLDER, `${ms}x${frac}`);
}

/** @param {{ port?: number, host?: string, log?: (msg: string) => void }} [options] */
export async function startScriptedServer(options = {}) {
  const host = options.host ?? '127.0.0.1';
  /** @type {RecordedRequest[]} */
  let recorded = [];
  /** @type {Map<string, number>} requests seen per counter key (error-then-success scenarios) */
  const counters = new Map();
  const bump = (/** @type {string} */ key) => {
    const n = (counters.get(key) ?? 0) + 1;
    counters.set(key, n);
    return n;
  };

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://x');
    const route = `${req.method} ${url.pathname.replace(/\/+$/, '')}`;

    if (route === 'GET /__requests') return sendJson(res, 200, recorded);
    if (route === 'DELETE /__requests') { recorded = []; return sendJson(res, 200, { ok: true }); }
    if (route === 'DELETE /__counters') { counters.clear(); return sendJson(res, 200, { ok: true }); }
    if (route === 'POST /__reset') { recorded = []; counters.clear(); return sendJson(res, 200, { ok: true }); }
    if (route === 'GET /v1/models') {
      const created = Math.floor(Date.now() / 1000);
      const ids = ['scripted', ...SCENARIOS.filter((s) => s !== 'default').map((s) => `scripted-${s}`)];
      return sendJson(res, 200, { object: 'list', data: ids.map((id) => ({ id, object: 'model', created, owned_by: 'scripted' })) });
    }

    if (route === 'POST /v1/audio/transcriptions') {
      // Recorded with the form's fields and the file's name, type, size and first bytes (never the audio itself).
      const answer = await answerTranscription(req);
      recorded.push({ api: 'transcriptions', path: url.pathname, headers: { ...req.headers }, body: answer.form, scenario: 'transcription', params: {}, at: Date.now(), outcome: answer.status === 200 ? 'completed' : `http-${answer.status}` });
      return sendJson(res, answer.status, answer.body);
    }

    const api =
      route === 'POST /v1/chat/completions' ? 'chat' : route === 'POST /v1/responses' ? 'responses' : route === 'POST /v1/messages' ? 'anthropic' : undefined;
    if (!api) return sendJson(res, 404, { error: { message: `no route ${route}`, type: 'invalid_request_error' } });

    const raw = await readBody(req);
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      return sendJson(res, 400, errorBody(api, 'request body is not JSON', 'invalid_request_error'));
    }
    const info = describeRequest(api, body);
    const header = req.headers['x-scenario'];
    const scenario = chooseScenario(Array.isArray(header) ? header[0] : header, info);
    // Anthropic sends its key as x-api-key, OpenAI as a bearer token.
    const authorization = api === 'anthropic' ? String(req.headers['x-api-key'] ?? '') : String(req.headers.authorization ?? '');
    /** @type {RecordedRequest} */
    const record = { api, path: url.pathname, headers: { ...req.headers }, body, scenario: scenario.name, params: scenario.params, at: Date.now(), outcome: 'pending' };
    recorded.push(record);
    try {
      record.outcome = await respond(res, api, info, scenario, authorization);
    } catch (e) {
      if (!(e instanceof ClientGone)) throw e;
      record.outcome = 'client-gone';
    }
  }

  /**
   * @param {http.ServerResponse} res
   * @param {'chat' | 'responses' | 'anthropic'} api
   * @param {import('./request.mjs').RequestInfo} info
   * @param {import('./request.mjs').ScenarioSelector} scenario
   * @param {string} authorization the request's Authorization header
   * @returns {Promise<RecordedRequest['outcome']>}
   */
  async function respond(res, api, info, scenario, authorization) {
    let plan;
    try {
      plan = buildPlan(scenario.name, { info, params: scenario.params, bump });
    } catch (e) {
      if (!(e instanceof ScenarioError)) throw e;
      sendJson(res, 400, errorBody(api, e.message, 'invalid_request_error'));
      return 'http-400';
    }

    if (plan.type === 'http-error') {
      // quoteKey=1: the message quotes the key the request carried, as some providers' 401s do.
      const key = authorization.replace(/^Bearer\s+/i, '');
      const message = scenario.params.quoteKey === '1' ? `${plan.message} Incorrect API key provided: ${key}.` : plan.message;
      const body = api === 'anthropic' ? errorBody(api, message, plan.status === 429 ? 'rate_limit_error' : plan.status === 529 ? 'overloaded_error' : 'api_error') : { error: { message, type: 'server_error', param: null, code: null } };
      sendJson(res, plan.status, body, plan.headers);
      return `http-${plan.status}`;
    }

    if (plan.type === 'replay') {
      const frames = await loadReplayFrames(plan.file, api).catch((e) => e);
      if (frames instanceof Error) {
        sendJson(res, 400, errorBody(api, frames.message, 'invalid_request_error'));
        return 'http-400';
      }
      const sse = new SseStream(res);
      sse.open();
      // Without a delay the whole body goes out in one write, so timing-sensitive
      // client logic (the Responses provider's 50 ms early-error peek) sees it all at once.
      if (plan.delayMs <= 0) await sse.writeRaw(frames.join(''));
      else for (const [i, f] of frames.entries()) { if (i > 0) await sse.pause(plan.delayMs); await sse.writeRaw(f); }
      sse.end();
      return 'completed';
    }

    const writer = api === 'chat' ? createChatWriter(plan, info) : api === 'anthropic' ? createAnthropicWriter(plan, info) : createResponsesWriter(plan, info);
    if (!info.stream) {
      sendJson(res, 200, writer.json());
      return 'completed';
    }
    const sse = new SseStream(res, { delayMs: plan.delayMs, onSchedule: plan.type === 'stream' && plan.onSchedule });
    sse.open();
    return playStream(sse, writer, plan);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e) => {
      if (e instanceof ClientGone) return; // client aborted: nothing left to do
      options.log?.(`scripted server error: ${e?.stack ?? e}`);
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(e?.message ?? e), type: 'server_error' } });
      else res.destroy();
    });
  });
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve(undefined));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : Number(options.port);
  const origin = `http://${host}:${port}`;

  return {
    url: `${origin}/v1`,
    origin,
    port,
    requests: () => recorded.slice(),
    reset() {
      recorded = [];
      counters.clear();
    },
    /** Stops listening and tears down open (e.g. slow/keep-alive) connections. */
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve(undefined));
        for (const s of sockets) s.destroy();
      });
    },
  };
}
