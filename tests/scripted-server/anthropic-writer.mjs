// @ts-check
// Renders a StreamPlan as Anthropic Messages API wire data: `event: <type>` + `data:` frames
// (message_start, content_block_start / _delta / _stop per block, a ping after the first block
// opens, message_delta with the stop reason and final usage, message_stop; no `[DONE]`), or a
// non-streaming `message` JSON body. Reasoning parts are thinking blocks (thinking_delta, then one
// signature_delta), or redacted_thinking blocks (opaque data, no deltas); tool calls are tool_use
// blocks whose input streams as input_json_delta fragments.

import { createHash, randomBytes } from 'node:crypto';

/**
 * @typedef {import('./scenarios.mjs').StreamPlan} StreamPlan
 * @typedef {import('./scenarios.mjs').Usage} Usage
 * @typedef {import('./scenarios.mjs').Part} Part
 * @typedef {import('./request.mjs').RequestInfo} RequestInfo
 * @typedef {import('./chat-writer.mjs').Frame} Frame
 */

const STOP = { stop: 'end_turn', length: 'max_tokens', 'tool-calls': 'tool_use' };

/** A thinking block's signature: opaque to clients, who must send it back unchanged with the block. */
export function scriptedSignature(/** @type {string} */ thinking) {
  return `sig-${createHash('sha256').update(thinking).digest('base64url')}`;
}

/**
 * Anthropic's usage: `input_tokens` counts only uncached input; cache reads and writes are reported
 * beside it (the AI SDK adds the three up again as its inputTokens).
 * @param {Usage} u
 */
export function anthropicUsage(u) {
  return {
    input_tokens: Math.max(0, u.input - u.cached - u.cacheWrite),
    cache_creation_input_tokens: u.cacheWrite,
    cache_read_input_tokens: u.cached,
    output_tokens: u.output,
  };
}

/** @param {StreamPlan} plan @param {RequestInfo} info */
export function createAnthropicWriter(plan, info) {
  const id = `msg_scripted${randomBytes(8).toString('hex')}`;
  const toolId = (/** @type {string} */ callId) => `toolu_${callId}`;

  /** @returns {Frame} */
  const ev = (/** @type {string} */ type, /** @type {object} */ body = {}, delta = false) => ({ event: type, data: { type, ...body }, delta });

  /** The finished content blocks (JSON body, and the shapes content_block_start opens). */
  const block = (/** @type {Part} */ part) => {
    if (part.kind === 'reasoning') {
      if (part.redacted !== undefined) return { type: 'redacted_thinking', data: part.redacted };
      const thinking = part.deltas.join('');
      return { type: 'thinking', thinking, signature: scriptedSignature(thinking) };
    }
    if (part.kind === 'text') return { type: 'text', text: part.deltas.join('') };
    const args = part.argDeltas.join('');
    let input = {};
    try {
      input = JSON.parse(args || '{}');
    } catch {
      input = {};
    }
    return { type: 'tool_use', id: toolId(part.callId), name: part.name, input };
  };
  const usage = plan.usage ? anthropicUsage(plan.usage) : undefined;

  return {
    /** @returns {Generator<Frame>} */
    *frames() {
      yield {
        ...ev('message_start', {
          message: {
            id, type: 'message', role: 'assistant', model: info.model, content: [], stop_reason: null, stop_sequence: null,
            // As the real API does: message_start carries the input side, output_tokens is a placeholder.
            usage: usage ? { ...usage, output_tokens: 1 } : { input_tokens: 0, output_tokens: 0 },
          },
        }),
        preamble: true,
      };
      for (const [index, part] of plan.parts.entries()) {
        const done = block(part);
        if (part.kind === 'reasoning') {
          if (part.redacted !== undefined) {
            yield ev('content_block_start', { index, content_block: done });
          } else {
            yield ev('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } });
            for (const d of part.deltas) yield ev('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: d } }, true);
            yield ev('content_block_delta', { index, delta: { type: 'signature_delta', signature: /** @type {{ signature: string }} */ (done).signature } });
          }
        } else if (part.kind === 'text') {
          yield ev('content_block_start', { index, content_block: { type: 'text', text: '' } });
          for (const d of part.deltas) yield ev('content_block_delta', { index, delta: { type: 'text_delta', text: d } }, true);
        } else {
          yield ev('content_block_start', { index, content_block: { type: 'tool_use', id: toolId(part.callId), name: part.name, input: {} } });
          for (const d of part.argDeltas) yield ev('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: d } }, true);
        }
        if (index === 0) yield ev('ping');
        yield ev('content_block_stop', { index });
      }
      yield ev('message_delta', { delta: { stop_reason: STOP[plan.finish], stop_sequence: null }, usage: usage ?? { output_tokens: 0 } });
      yield ev('message_stop');
    },

    /** Anthropic's mid-stream error event (e.g. overloaded). */
    errorFrame(/** @type {string} */ message) {
      return ev('error', { error: { type: 'overloaded_error', message } });
    },

    /** One SSE frame whose data is cut-off JSON (or `raw`), as a broken proxy or provider sends it. */
    malformedFrame(/** @type {string} */ raw) {
      return `event: content_block_delta\ndata: ${raw || '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"oo'}\n\n`;
    },

    /** Non-streaming response body. */
    json() {
      return {
        id, type: 'message', role: 'assistant', model: info.model,
        content: plan.parts.map(block),
        stop_reason: STOP[plan.finish], stop_sequence: null,
        usage: usage ?? { input_tokens: 0, output_tokens: 0 },
      };
    },
  };
}
