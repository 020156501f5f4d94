import { deflateSync, inflateRawSync, inflateSync } from 'node:zlib';
import { customType } from 'drizzle-orm/sqlite-core';

/**
 * A preset dictionary for the small JSON values these columns hold (a step trace, a batch of stream chunks): the
 * key names and values every row repeats, so a row of a few hundred bytes compresses against them instead of
 * only against itself. Deflate matches the end of the dictionary best, so the commonest strings come last.
 * Never change it: rows store its checksum (zlib's DICTID) and are read with it. A new dictionary needs a new
 * codec next to this one, with this one kept for reading.
 */
const DICTIONARY = Buffer.from(
  [
    '{"type":"reasoning-start","id":"","providerMetadata":{"openai":{"itemId":"","reasoningEncryptedContent":null}}}',
    '{"type":"reasoning-delta","id":"","delta":""}{"type":"reasoning-end","id":""}',
    '{"type":"tool-input-start","toolCallId":"","toolName":"","dynamic":true}{"type":"tool-input-delta","toolCallId":"","inputTextDelta":""}',
    '{"type":"tool-input-available","toolCallId":"call_","toolName":"","input":{}}{"type":"tool-output-available","toolCallId":"call_","output":{}}',
    '{"type":"tool-output-error","toolCallId":"","errorText":""}{"type":"tool-approval-request","approvalId":"","toolCallId":""}',
    '{"type":"data-usage","id":"usage","data":{}}{"type":"data-context","id":"context","data":{"tokens":0,"estimated":true},"transient":true}',
    '{"type":"start","messageId":"msg-","messageMetadata":{"createdAt":0,"model":"","runId":"run-"}}{"type":"finish","finishReason":"stop"}',
    '{"type":"message-metadata","messageMetadata":{"usage":{}}}{"type":"error","errorText":""}{"type":"abort"}',
    '"warnings":[],"nudges":[],"error":null,"retries":[],"released":{"edited":false},"bodySource":"reconstructed"',
    '"request":{"body":{"model":null,"instructions":null,"input":[{"role":"user","content":[{"type":"input_text","text":""}]},',
    '{"type":"function_call","call_id":"call_","name":"","arguments":"{}"},{"type":"function_call_output","call_id":"call_","output":""}',
    '],"tools":null,"tool_choice":null,"temperature":null,"max_output_tokens":null,"store":false,"include":null,"reasoning":null,',
    '"messages":[{"role":"system","content":""},{"role":"user","content":""},{"role":"assistant","content":"","tool_calls":[{"id":"call_",',
    '"type":"function","function":{"name":"","arguments":"{}"}}]},{"role":"tool","tool_call_id":"call_","content":""}],',
    '"stream":null,"stream_options":null},"bodySource":"provider","messageCount":0,"bodyBase":{"stepId":"step-","key":"messages",',
    '"count":0,"same":["model","tools","tool_choice","stream","stream_options"],"sameRequest":["instructions","tools","settings",',
    '"modelId","provider"],"depth":0,"chainBytes":0,"rootBytes":0}},"response":{"id":"chatcmpl-","modelId":"","timestamp":"',
    'T00:00:00.000Z","headers":{"cache-control":"no-cache","connection":"keep-alive","content-type":"text/event-stream; charset=utf-8",',
    '"date":"Thu, 01 Jan 2026 00:00:00 GMT","transfer-encoding":"chunked","x-request-id":"req_"}},"finishReason":{"unified":"tool-calls",',
    '"raw":"tool_calls"},"usage":{"inputTokens":0,"cachedInputTokens":0,"outputTokens":0,"reasoningTokens":0,"estimated":false},',
    '"tools":[{"toolCallId":"call_","toolName":"","status":"ok","durationMs":0}],"hooks":[{"kind":"beforeModelCall","name":"permission-mode",',
    '"latencyMs":0},{"kind":"beforeToolCall","name":"permissions","latencyMs":0,"toolCallId":"call_"}],"nudges":[],"warnings":[],"baseUrl":"https://',
    '{"stepNumber":0,"kind":"model","startedAt":"2026-01-01T00:00:00.000Z","durationMs":0,"timeToFirstTokenMs":0,"request":{"body":{',
    '{"type":"start-step"},{"type":"finish-step"},{"type":"text-start","id":"txt-0"},{"type":"text-end","id":"txt-0"},',
    '{"type":"text-delta","id":"txt-0","delta":" "},{"type":"text-delta","id":"txt-0","delta":" "},{"type":"text-delta","id":"txt-0","delta":"',
  ].join(''),
);

/** zlib's header with the preset-dictionary flag (FDICT): how a row deflated with the dictionary begins. */
const withDictionary = (bytes: Uint8Array) => bytes.length > 6 && (bytes[0]! & 0x0f) === 8 && ((bytes[0]! << 8) | bytes[1]!) % 31 === 0 && (bytes[1]! & 0x20) !== 0;

export function encodeJson(value: unknown): Buffer {
  return deflateText(JSON.stringify(value));
}

function deflateText(text: string): Buffer {
  // Level 1: about as small as 6 for rows this size (the dictionary does most of it), at a fifth of the CPU for a batch.
  return deflateSync(text, { level: 1, dictionary: DICTIONARY });
}

export function decodeJson<T>(value: Uint8Array | ArrayBuffer | string): T {
  if (typeof value === 'string') return JSON.parse(value) as T;
  const bytes = value instanceof Uint8Array ? value : new Uint8Array(value);
  // Rows written without the dictionary (raw deflate, briefly) still read, even one whose first bytes look like a header.
  let text: Buffer | undefined;
  if (withDictionary(bytes)) {
    try {
      text = inflateSync(bytes, { dictionary: DICTIONARY });
    } catch {
      text = undefined;
    }
  }
  return JSON.parse((text ?? inflateRawSync(bytes)).toString('utf8')) as T;
}

/**
 * A JSON column stored deflated with a preset dictionary (a BLOB in a column declared `text`, so the table's DDL
 * is unchanged). Rows written before it, JSON text, still read. For columns read only through drizzle: SQL that
 * looks inside the value (json_extract, length of the text) sees compressed bytes.
 * `plainBelow`: a value whose JSON is shorter stays text. Each deflate pays ~15 µs to set up its state and the
 * dictionary whatever its size, which for a row of a few hundred bytes buys a hundred or so.
 */
export const compressedJson = <T>(name: string, options: { plainBelow?: number } = {}) =>
  customType<{ data: T; driverData: Uint8Array | ArrayBuffer | string }>({
    dataType: () => 'text',
    toDriver: (value) => {
      const text = JSON.stringify(value);
      return text.length < (options.plainBelow ?? 0) ? text : deflateText(text);
    },
    fromDriver: (value) => decodeJson<T>(value),
  })(name);
