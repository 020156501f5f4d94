// @ts-check
// Reads what a scenario needs out of a Chat Completions or Responses request
// body: the scenario selector, the last user message, declared tools and any
// tool results. Scenarios decide their turn from this alone (no global state),
// so parallel tests sharing one server cannot interfere.

import { SCENARIOS } from './scenarios.mjs';

/**
 * @typedef {'chat' | 'responses' | 'anthropic'} Api
 * @typedef {{ callId: string, name?: string, output: string }} ToolResult
 * @typedef {{
 *   api: Api,
 *   model: string,
 *   stream: boolean,
 *   includeUsage: boolean,
 *   lastUserText: string,
 *   firstUserText: string,
 *   userTexts: string[],
 *   toolNames: string[],
 *   toolResultsAfterLastUser: ToolResult[],
 *   toolResultCount: number,
 *   inputChars: number,
 *   include: string[],
 * }} RequestInfo
 * @typedef {{ name: string, params: Record<string, string> }} ScenarioSelector
 */

const MARKER = /\[\[scenario:([A-Za-z0-9_-]+)(?:\?(.*?))?\]\]/;

/**
 * Parses `NAME` or `NAME?k=v&k2=v2` (header value or marker body).
 * @param {string} name
 * @param {string | undefined} query
 * @returns {ScenarioSelector}
 */
function selector(name, query) {
  /** @type {Record<string, string>} */
  const params = {};
  if (query) for (const [k, v] of new URLSearchParams(query)) params[k] = v;
  return { name, params };
}

/** @param {string} value e.g. `tool?tool=readFile&args={"a":1}` */
export function parseSelector(value) {
  const q = value.indexOf('?');
  return q === -1 ? selector(value.trim(), undefined) : selector(value.slice(0, q).trim(), value.slice(q + 1));
}

/** @param {string} text */
export function findMarker(text) {
  const m = MARKER.exec(text);
  return m ? selector(m[1], m[2]) : undefined;
}

/** Flattens string | [{type:'text'|'input_text', text}] content to plain text. */
function contentText(/** @type {unknown} */ content) {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p) => (p && typeof p === 'object' && typeof p.text === 'string' ? p.text : ''))
    .join('');
}

/** Tool output may be a string or (Responses) an array of content parts. */
function outputText(/** @type {unknown} */ output) {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) return contentText(output);
  return JSON.stringify(output ?? null);
}

/**
 * @param {Api} api
 * @param {any} body parsed JSON request body
 * @returns {RequestInfo}
 */
export function describeRequest(api, body) {
  /** @type {any[]} */
  const items = api === 'chat' ? body.messages ?? [] : api === 'anthropic' ? normaliseAnthropicMessages(body.messages) : normaliseResponsesInput(body.input);
  const isUser = (/** @type {any} */ m) => m?.role === 'user';
  const userIdx = items.map((m, i) => (isUser(m) ? i : -1)).filter((i) => i >= 0);
  const lastUser = userIdx.length ? userIdx[userIdx.length - 1] : -1;

  /** @type {Map<string, string>} call id → tool name, to label tool results */
  const callNames = new Map();
  /** @type {ToolResult[]} */
  const results = [];
  let toolResultCount = 0;
  items.forEach((m, i) => {
    if (api === 'chat') {
      for (const tc of m?.tool_calls ?? []) callNames.set(tc.id, tc.function?.name);
      if (m?.role === 'tool') {
        toolResultCount++;
        if (i > lastUser) results.push({ callId: m.tool_call_id, output: outputText(m.content) });
      }
    } else {
      if (m?.type === 'function_call') callNames.set(m.call_id, m.name);
      if (m?.type === 'function_call_output') {
        toolResultCount++;
        if (i > lastUser) results.push({ callId: m.call_id, output: outputText(m.output) });
      }
    }
  });
  for (const r of results) r.name = callNames.get(r.callId);

  const toolNames = (body.tools ?? [])
    .map((/** @type {any} */ t) => (api === 'chat' ? t?.function?.name : t?.name))
    .filter((/** @type {unknown} */ n) => typeof n === 'string');

  return {
    api,
    model: typeof body.model === 'string' ? body.model : 'scripted',
    stream: body.stream === true,
    // The Responses and Messages APIs always report usage; Chat only when asked to.
    includeUsage: api !== 'chat' || body.stream_options?.include_usage === true || body.stream !== true,
    lastUserText: lastUser >= 0 ? contentText(items[lastUser].content) : '',
    firstUserText: userIdx.length ? contentText(items[userIdx[0]].content) : '',
    userTexts: userIdx.map((i) => contentText(items[i].content)),
    toolNames,
    toolResultsAfterLastUser: results,
    toolResultCount,
    inputChars: JSON.stringify(items).length,
    // Responses: `include: ['reasoning.encrypted_content']` asks for the reasoning items' encrypted content.
    include: Array.isArray(body.include) ? body.include.filter((/** @type {unknown} */ i) => typeof i === 'string') : [],
  };
}

/**
 * Anthropic Messages → the Responses item shapes the rest of this file reads: a user message's
 * `tool_result` blocks become `function_call_output` items (they are not the person speaking), its
 * text (if any) a user item after them; an assistant's `tool_use` blocks become `function_call` items.
 * @param {unknown} messages
 */
function normaliseAnthropicMessages(messages) {
  if (!Array.isArray(messages)) return [];
  /** @type {any[]} */
  const items = [];
  for (const m of messages) {
    const blocks = typeof m?.content === 'string' ? [{ type: 'text', text: m.content }] : Array.isArray(m?.content) ? m.content : [];
    if (m?.role === 'user') {
      for (const b of blocks) if (b?.type === 'tool_result') items.push({ type: 'function_call_output', call_id: b.tool_use_id, output: b.content ?? '' });
      const text = blocks.filter((b) => b?.type === 'text');
      if (text.length) items.push({ role: 'user', content: text });
    } else {
      const rest = blocks.filter((b) => b?.type !== 'tool_use');
      if (rest.length) items.push({ role: m?.role, content: rest });
      for (const b of blocks) if (b?.type === 'tool_use') items.push({ type: 'function_call', call_id: b.id, name: b.name });
    }
  }
  return items;
}

/** Responses `input` may be a bare string or a list of items. */
function normaliseResponsesInput(/** @type {unknown} */ input) {
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  return Array.isArray(input) ? input : [];
}

/** Scenarios whose marker carries over to later user messages without one (see stickyMarker). */
const STICKY_BY_DEFAULT = new Set(['loop']);

/**
 * A sticky marker (`sticky=1`, or a `loop` marker unless `sticky=0`) in an
 * earlier user message, when the last user message has no marker of its own.
 * The agent loop adds user messages itself (loop-guard nudges), and a stuck
 * model must stay stuck through them.
 * @param {RequestInfo} info
 * @returns {ScenarioSelector | undefined}
 */
function stickyMarker(info) {
  const texts = info.userTexts ?? [];
  for (let i = texts.length - 2; i >= 0; i--) {
    const marker = findMarker(texts[i]);
    if (!marker) continue;
    const sticky = marker.params.sticky ?? (STICKY_BY_DEFAULT.has(marker.name) ? '1' : '0');
    return sticky === '1' || sticky === 'true' ? marker : undefined;
  }
  return undefined;
}

/**
 * Scenario choice: `x-scenario` header, else a marker in the last user
 * message, else a sticky marker in an earlier user message, else a
 * `scripted-NAME` model id (handy for UI tests), else default.
 * @param {string | undefined} header
 * @param {RequestInfo} info
 * @returns {ScenarioSelector}
 */
export function chooseScenario(header, info) {
  if (header) return parseSelector(header);
  const marker = findMarker(info.lastUserText) ?? stickyMarker(info);
  if (marker) return marker;
  // Only a known scenario name counts: `scripted-chat` or `scripted-responses` are just model names.
  const m = /^scripted-([A-Za-z0-9_-]+)$/.exec(info.model);
  if (m && SCENARIOS.includes(m[1])) return selector(m[1], undefined);
  return { name: 'default', params: {} };
}
