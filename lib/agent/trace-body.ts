import { redactField, redactSecrets } from './trace';

/**
 * A step's request body against the body before it. From one step to the next
 * a request only grows: the history is the same, a few messages are added at
 * the end, and the tools and settings do not change. So a body is redacted
 * only where it differs from the previous (already redacted) one, sharing the
 * unchanged items instead of copying them, and the store can keep just the new
 * part with a reference to the rest (issue 14: a full body per step was
 * 1.8 MiB at 2,000 messages).
 */

/** Arrays whose leading items a request shares with the one before: Chat Completions `messages`, Responses `input`. */
const GROWING_ARRAYS = new Set(['messages', 'input', 'contents']);

/** What a redacted body shares with the body it was redacted against. */
export interface RequestBodyDelta {
  /** The earlier redacted body. */
  base: object;
  /** The growing array whose first `count` items are the base's, if any. */
  key: string | null;
  count: number;
  /** Top-level fields equal to the base's (the same objects). */
  same: string[];
}

const deltas = new WeakMap<object, RequestBodyDelta>();

/** How `body` (a result of `redactRequestBody`) relates to its base; undefined when it was redacted whole. */
export function requestBodyDelta(body: unknown): RequestBodyDelta | undefined {
  return isRecord(body) ? deltas.get(body) : undefined;
}

/**
 * `redactSecrets(raw)`, without walking or copying what `raw` shares with
 * `base` (a body this function or the store returned before): equal leading
 * items of the growing array and equal top-level fields are the base's own
 * objects. Equal means equal as JSON to the redacted base, so the result is
 * exactly what `redactSecrets(raw)` would give.
 */
export function redactRequestBody(raw: unknown, base: unknown): unknown {
  if (!isRecord(raw) || !isRecord(base) || !isPlain(raw)) return redactSecrets(raw);
  const out: Record<string, unknown> = {};
  const same: string[] = [];
  let key: string | null = null;
  let count = 0;
  for (const [field, value] of Object.entries(raw)) {
    // JSON leaves it out; so does the trace.
    if (value === undefined) continue;
    const previous = base[field];
    if (field in base && jsonEqual(value, previous)) {
      out[field] = previous;
      same.push(field);
      continue;
    }
    if (key === null && GROWING_ARRAYS.has(field) && Array.isArray(value) && Array.isArray(previous)) {
      let shared = 0;
      while (shared < value.length && shared < previous.length && jsonEqual(value[shared], previous[shared])) shared++;
      if (shared > 0) {
        key = field;
        count = shared;
        out[field] = [...previous.slice(0, shared), ...(redactSecrets(value.slice(shared)) as unknown[])];
        continue;
      }
    }
    out[field] = redactField(field, value);
  }
  deltas.set(out, { base, key, count, same });
  return out;
}

/** Fields of a step's request a stored step may take from its base instead of repeating them. */
export const SHARED_REQUEST_FIELDS = ['instructions', 'tools', 'settings', 'modelId', 'provider'] as const;
export type SharedRequestField = (typeof SHARED_REQUEST_FIELDS)[number];

/** How a stored body refers to the step it builds on (`request.bodyBase` of a stored trace). */
export interface StoredBodyBase {
  /** The step whose full body this one builds on. */
  stepId: string;
  /** The growing array: the stored body holds only its items after the first `count`, which are the base's. */
  key: string | null;
  count: number;
  /** Top-level fields that are the base's (stored as null). */
  same: string[];
  /** Fields of the trace's request besides the body that are the base's (left out). */
  sameRequest?: SharedRequestField[];
  /** Steps from here back to one stored whole (1 for a direct reference to it). */
  depth: number;
  /** Bytes stored along the chain since that step, this one included. */
  chainBytes: number;
  /** Bytes of that step's whole body. */
  rootBytes: number;
}

/** The body as stored under `delta`: shared fields null, the growing array without its shared items. */
export function storedRequestBody(body: Record<string, unknown>, delta: Pick<RequestBodyDelta, 'key' | 'count' | 'same'>): Record<string, unknown> {
  const stored: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (delta.same.includes(field)) stored[field] = null;
    else if (field === delta.key) stored[field] = (value as unknown[]).slice(delta.count);
    else stored[field] = value;
  }
  return stored;
}

/** The full body from a stored one and the full body of its base. */
export function rebuildRequestBody(stored: unknown, ref: Pick<StoredBodyBase, 'key' | 'count' | 'same'>, baseBody: unknown): unknown {
  if (!isRecord(stored) || !isRecord(baseBody)) throw new Error('A stored request body and its base must be objects.');
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(stored)) {
    if (ref.same.includes(field)) body[field] = baseBody[field];
    else if (field === ref.key) {
      const shared = baseBody[field];
      if (!Array.isArray(shared) || shared.length < ref.count || !Array.isArray(value)) throw new Error(`The base of a stored request body lacks its ${field}.`);
      body[field] = [...shared.slice(0, ref.count), ...value];
    } else body[field] = value;
  }
  return body;
}

/** Equal as JSON text would be, with the same key order: `a` may be raw, `b` is redacted (so JSON-safe). */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return a === null || typeof a !== 'number' || Number.isFinite(a);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      const x = a[i];
      // JSON writes an undefined item as null, which redaction does not do: treat it as a difference.
      if (x === undefined || typeof x === 'function' || typeof x === 'symbol' || !jsonEqual(x, b[i])) return false;
    }
    return true;
  }
  if (Array.isArray(b) || !isPlain(a)) return false;
  let aKeys = Object.keys(a);
  let bKeys = Object.keys(b);
  // JSON leaves out undefined fields (rare): compare only the fields it writes.
  if (aKeys.some((key) => !isJsonValue((a as Record<string, unknown>)[key]))) aKeys = definedKeys(a as Record<string, unknown>);
  if (bKeys.some((key) => !isJsonValue((b as Record<string, unknown>)[key]))) bKeys = definedKeys(b as Record<string, unknown>);
  if (aKeys.length !== bKeys.length) return false;
  for (let i = 0; i < aKeys.length; i++) {
    if (aKeys[i] !== bKeys[i]) return false;
    if (!jsonEqual((a as Record<string, unknown>)[aKeys[i]], (b as Record<string, unknown>)[bKeys[i]])) return false;
  }
  return true;
}

/** Keys JSON would write. */
function definedKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((key) => isJsonValue(value[key]));
}

function isJsonValue(item: unknown): boolean {
  return item !== undefined && typeof item !== 'function' && typeof item !== 'symbol';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A plain object (not a Date, URL, typed array…, which redaction turns into strings). */
function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
