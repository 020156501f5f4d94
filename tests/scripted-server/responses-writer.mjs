// @ts-check
// Renders a StreamPlan as OpenAI Responses API wire data: `event: <type>` +
// `data:` frames with a counting sequence_number, the full item lifecycle
// (output_item.added → deltas → .done), ending in response.completed or
// response.incomplete with usage, and no `[DONE]` (as OpenAI sends it).

import { randomBytes } from 'node:crypto';

/**
 * @typedef {import('./scenarios.mjs').StreamPlan} StreamPlan
 * @typedef {import('./scenarios.mjs').Usage} Usage
 * @typedef {import('./request.mjs').RequestInfo} RequestInfo
 * @typedef {import('./chat-writer.mjs').Frame} Frame
 */

const hex = () => randomBytes(16).toString('hex');

/** @param {Usage} u */
export function responsesUsage(u) {
  return {
    input_tokens: u.input,
    input_tokens_details: { cached_tokens: u.cached },
    output_tokens: u.output,
    output_tokens_details: { reasoning_tokens: u.reasoning },
    total_tokens: u.input + u.output,
  };
}

/**
 * The encrypted content of a reasoning item (opaque to clients), sent only when the request asked for
 * it with `include: ['reasoning.encrypted_content']`, as OpenAI does; `store: false` clients must send it back.
 * @param {string} text
 */
export function scriptedEncryptedContent(text) {
  return `gAAAAA-scripted-${Buffer.from(text).toString('base64url')}`;
}

/** @param {StreamPlan} plan @param {RequestInfo} info */
export function createResponsesWriter(plan, info) {
  // Anthropic's redacted thinking has no Responses counterpart.
  plan = { ...plan, parts: plan.parts.filter((p) => !(p.kind === 'reasoning' && p.redacted !== undefined)) };
  const encrypted = (info.include ?? []).includes('reasoning.encrypted_content');
  const encryptedOf = (/** @type {string} */ text) => (encrypted ? { encrypted_content: scriptedEncryptedContent(text) } : {});
  let seq = 0;
  const response = {
    id: `resp_${hex()}`,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status: 'in_progress',
    background: false,
    error: null,
    incomplete_details: /** @type {null | { reason: string }} */ (null),
    instructions: null,
    max_output_tokens: null,
    model: info.model,
    output: /** @type {object[]} */ ([]),
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: false,
    temperature: 1,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_p: 1,
    truncation: 'disabled',
    usage: /** @type {null | object} */ (null),
    user: null,
    metadata: {},
  };
  /** @returns {Frame} */
  const ev = (/** @type {string} */ type, /** @type {object} */ body, delta = false) => ({
    event: type,
    data: { type, sequence_number: seq++, ...body },
    delta,
  });
  const snapshot = () => structuredClone(response);
  const incomplete = plan.finish === 'length';

  /** Builds the final item list (used for `.done` events and the JSON body). */
  const finalItems = () =>
    plan.parts.map((part, i) => {
      const id = itemIds[i];
      if (part.kind === 'reasoning') {
        const text = part.deltas.join('');
        return { id, type: 'reasoning', summary: [{ type: 'summary_text', text }], ...encryptedOf(text) };
      }
      if (part.kind === 'text') {
        const text = part.deltas.join('');
        return {
          id, type: 'message', status: incomplete ? 'incomplete' : 'completed', role: 'assistant',
          content: [{ type: 'output_text', annotations: [], logprobs: [], text }],
        };
      }
      return { id, type: 'function_call', status: 'completed', arguments: part.argDeltas.join(''), call_id: part.callId, name: part.name };
    });
  const itemIds = plan.parts.map((p) => `${p.kind === 'reasoning' ? 'rs' : p.kind === 'text' ? 'msg' : 'fc'}_${hex()}`);

  return {
    /** @returns {Generator<Frame>} */
    *frames() {
      yield { ...ev('response.created', { response: snapshot() }), preamble: true };
      yield { ...ev('response.in_progress', { response: snapshot() }), preamble: true };
      const done = finalItems();
      for (const [output_index, part] of plan.parts.entries()) {
        const item_id = itemIds[output_index];
        if (part.kind === 'reasoning') {
          yield ev('response.output_item.added', { output_index, item: { id: item_id, type: 'reasoning', summary: [], ...encryptedOf(part.deltas.join('')) } });
          const at = { item_id, output_index, summary_index: 0 };
          yield ev('response.reasoning_summary_part.added', { ...at, part: { type: 'summary_text', text: '' } });
          for (const d of part.deltas) yield ev('response.reasoning_summary_text.delta', { ...at, delta: d }, true);
          const text = part.deltas.join('');
          yield ev('response.reasoning_summary_text.done', { ...at, text });
          yield ev('response.reasoning_summary_part.done', { ...at, part: { type: 'summary_text', text } });
        } else if (part.kind === 'text') {
          yield ev('response.output_item.added', {
            output_index, item: { id: item_id, type: 'message', status: 'in_progress', content: [], role: 'assistant' },
          });
          const at = { item_id, output_index, content_index: 0 };
          yield ev('response.content_part.added', { ...at, part: { type: 'output_text', annotations: [], logprobs: [], text: '' } });
          for (const d of part.deltas) yield ev('response.output_text.delta', { ...at, delta: d, logprobs: [] }, true);
          const text = part.deltas.join('');
          yield ev('response.output_text.done', { ...at, text, logprobs: [] });
          yield ev('response.content_part.done', { ...at, part: { type: 'output_text', annotations: [], logprobs: [], text } });
        } else {
          yield ev('response.output_item.added', {
            output_index,
            item: { id: item_id, type: 'function_call', status: 'in_progress', arguments: '', call_id: part.callId, name: part.name },
          });
          for (const d of part.argDeltas) yield ev('response.function_call_arguments.delta', { item_id, output_index, delta: d }, true);
          yield ev('response.function_call_arguments.done', { item_id, output_index, arguments: part.argDeltas.join('') });
        }
        yield ev('response.output_item.done', { output_index, item: done[output_index] });
        response.output.push(done[output_index]);
      }
      response.status = incomplete ? 'incomplete' : 'completed';
      if (incomplete) response.incomplete_details = { reason: 'max_output_tokens' };
      response.usage = plan.usage ? responsesUsage(plan.usage) : null;
      yield ev(incomplete ? 'response.incomplete' : 'response.completed', { response: snapshot() });
    },

    /** Documented ResponseErrorEvent shape (top-level code/message). */
    errorFrame(/** @type {string} */ message) {
      return ev('error', { code: 'server_error', message, param: null });
    },

    /** One SSE frame whose data is cut-off JSON (or `raw`), as a broken proxy or provider sends it. */
    malformedFrame(/** @type {string} */ raw) {
      return `event: response.output_text.delta\ndata: ${raw || '{"type":"response.output_text.delta","item_id":"msg_x","output_index":0,"delta":"oo'}\n\n`;
    },

    json() {
      return {
        ...response,
        status: incomplete ? 'incomplete' : 'completed',
        incomplete_details: incomplete ? { reason: 'max_output_tokens' } : null,
        output: finalItems(),
        usage: plan.usage ? responsesUsage(plan.usage) : null,
      };
    },
  };
}
