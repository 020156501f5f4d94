// @ts-check
// Renders a StreamPlan as OpenAI Chat Completions wire data: SSE chunks
// (`data: {...}` frames, usage-only `choices: []` chunk, `data: [DONE]`) or a
// non-streaming `chat.completion` JSON body.

import { randomUUID } from 'node:crypto';

/**
 * @typedef {import('./scenarios.mjs').StreamPlan} StreamPlan
 * @typedef {import('./scenarios.mjs').Usage} Usage
 * @typedef {import('./request.mjs').RequestInfo} RequestInfo
 * @typedef {{ data: unknown, event?: string, delta?: boolean, preamble?: boolean }} Frame
 *   delta: counts towards a scenario's `after` cut point; preamble: sent before any output
 */

const FINISH = { stop: 'stop', length: 'length', 'tool-calls': 'tool_calls' };

/** @param {Usage} u */
export function chatUsage(u) {
  return {
    prompt_tokens: u.input,
    completion_tokens: u.output,
    total_tokens: u.input + u.output,
    prompt_tokens_details: { cached_tokens: u.cached, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: u.reasoning, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  };
}

/** @param {StreamPlan} plan @param {RequestInfo} info */
export function createChatWriter(plan, info) {
  // Anthropic's redacted thinking has no Chat Completions counterpart.
  plan = { ...plan, parts: plan.parts.filter((p) => !(p.kind === 'reasoning' && p.redacted !== undefined)) };
  const base = {
    id: `chatcmpl-${randomUUID().replaceAll('-', '').slice(0, 24)}`,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: info.model,
    system_fingerprint: 'fp_scripted',
  };
  const chunk = (/** @type {object} */ delta, /** @type {string | null} */ finish = null) => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });

  return {
    /** @returns {Generator<Frame>} */
    *frames() {
      yield { data: chunk({ role: 'assistant', content: '', refusal: null }), preamble: true };
      let toolIndex = 0;
      for (const part of plan.parts) {
        if (part.kind === 'reasoning') {
          for (const d of part.deltas) yield { data: chunk({ content: null, [plan.reasoningField]: d }), delta: true };
        } else if (part.kind === 'text') {
          for (const d of part.deltas) yield { data: chunk({ content: d }), delta: true };
        } else {
          const index = toolIndex++;
          // First fragment must carry id + name (the SDK throws otherwise); the rest only arguments.
          yield {
            data: chunk({ tool_calls: [{ index, id: part.callId, type: 'function', function: { name: part.name, arguments: '' } }] }),
          };
          for (const d of part.argDeltas) yield { data: chunk({ tool_calls: [{ index, function: { arguments: d } }] }), delta: true };
        }
      }
      yield { data: chunk({}, FINISH[plan.finish]) };
      if (plan.usage && info.includeUsage) yield { data: { ...base, choices: [], usage: chatUsage(plan.usage) } };
      yield { data: '[DONE]' };
    },

    /** OpenAI's mid-stream error chunk: `error` object and no `choices`. */
    errorFrame(/** @type {string} */ message) {
      return { data: { error: { message, type: 'server_error', param: null, code: 'scripted_error' } } };
    },

    /** One SSE frame whose data is cut-off JSON (or `raw`), as a broken proxy or provider sends it. */
    malformedFrame(/** @type {string} */ raw) {
      return `data: ${raw || `{"id":"${base.id}","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"oo`}\n\n`;
    },

    /** Non-streaming response body. */
    json() {
      const text = plan.parts.flatMap((p) => (p.kind === 'text' ? p.deltas : [])).join('');
      const reasoning = plan.parts.flatMap((p) => (p.kind === 'reasoning' ? p.deltas : [])).join('');
      const toolCalls = plan.parts.flatMap((p) =>
        p.kind === 'tool' ? [{ id: p.callId, type: 'function', function: { name: p.name, arguments: p.argDeltas.join('') } }] : [],
      );
      return {
        ...base,
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: text || null,
              refusal: null,
              ...(reasoning ? { [plan.reasoningField]: reasoning } : {}),
              ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
            },
            logprobs: null,
            finish_reason: FINISH[plan.finish],
          },
        ],
        ...(plan.usage ? { usage: chatUsage(plan.usage) } : {}),
      };
    },
  };
}
