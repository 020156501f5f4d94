import { describe, expect, it } from 'vitest';
import { canonicalJson } from '@/lib/agent/canonical-json';
import { fingerprintCall, LoopGuard } from '@/lib/agent/loop-guard';
import { signApproval } from '@/lib/permissions/signature';

/**
 * Approvals in the database keep `canonicalJson(input)` and were signed over its
 * hash, so the one canonicalJson must write exactly what lib/permissions/signature.ts
 * wrote before it moved. Below is a frozen copy of that old code (canonicalJson and
 * the signing payload), checked against the shared implementation.
 */
const old = {
  canonicalJson(value: unknown): string {
    if (value === null || value === undefined) return JSON.stringify(value ?? null);
    if (typeof value !== 'object') return JSON.stringify(value);
    if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : old.canonicalJson(item))).join(',')}]`;
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${old.canonicalJson(record[key])}`)
      .join(',')}}`;
  },

  async signApproval(secret: string, subject: { approvalId: string; toolCallId: string; toolName: string; input: unknown }): Promise<string> {
    const encoder = new TextEncoder();
    const toBase64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const digest = await crypto.subtle.digest('SHA-256', encoder.encode(old.canonicalJson(subject.input)));
    const payload = encoder.encode(JSON.stringify(['ai-sdk-tool-approval-v1', subject.approvalId, subject.toolCallId, subject.toolName, toBase64url(new Uint8Array(digest))]));
    const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    return toBase64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, payload)));
  },
};

/** Arguments as the app's tools get them from models, including the awkward corners of JSON. */
const REALISTIC_INPUTS: Array<[string, unknown]> = [
  ['a flat object', { path: 'notes/todo.md', content: 'buy milk\n' }],
  ['keys in another order', { content: 'buy milk\n', path: 'notes/todo.md' }],
  ['nested objects and arrays', { todos: [{ id: '1', status: 'done', text: 'a' }, { text: 'b', id: '2', status: 'pending', meta: { z: 1, a: [2, 1] } }] }],
  ['an edit with replaceAll', { path: 'src/app.ts', old_string: 'const a = 1;', new_string: 'const a = 2;', replace_all: true }],
  ['unicode, escapes and emoji', { text: 'Grüße, 東京 🚀 "quoted" \\ back\tslash\u2028', 'ключ': 'значение' }],
  ['numbers of every kind', { int: 42, negative: -7, float: 0.1, exponent: 1e21, tiny: 5e-324, zero: 0, negativeZero: -0, big: Number.MAX_SAFE_INTEGER }],
  ['null and undefined members', { timezone: null, unset: undefined, list: [null, undefined, 1] }],
  ['an empty object', {}],
  ['an empty array', []],
  ['a bare string', 'echo hello'],
  ['a bare number', 3.5],
  ['null', null],
  ['undefined', undefined],
  ['true and false', { a: true, b: false }],
  ['deep nesting', { a: { b: { c: { d: { e: [{ f: { g: 'h' } }] } } } } }],
  ['keys that sort oddly', { B: 1, a: 2, _: 3, '10': 4, '2': 5, '': 6, é: 7, e: 8 }],
];

describe('canonicalJson', () => {
  it.each(REALISTIC_INPUTS)('writes %s exactly as the old signature code did', (_name, input) => {
    expect(canonicalJson(input)).toBe(old.canonicalJson(input));
  });

  it.each(REALISTIC_INPUTS)('signs %s exactly as the old signature code did', async (_name, input) => {
    const subject = { approvalId: 'apr_7f3a', toolCallId: 'call_Qx81', toolName: 'write_file', input };
    expect(await signApproval('a-stored-secret-of-enough-length', subject)).toBe(await old.signApproval('a-stored-secret-of-enough-length', subject));
  });

  it('sorts keys at every depth and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: undefined } })).toBe('{"a":{"d":[1,{"e":3,"f":2}]},"b":1}');
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}');
  });
});

describe('loop guard fingerprints with the shared canonicalJson', () => {
  it('treats key-reordered arguments as the same call', () => {
    const first = { path: 'a.txt', options: { limit: 10, offset: 0 }, tags: ['x', 'y'] };
    const reordered = { tags: ['x', 'y'], options: { offset: 0, limit: 10 }, path: 'a.txt' };
    expect(fingerprintCall('read_file', reordered)).toBe(fingerprintCall('read_file', first));

    const guard = new LoopGuard({ repeatLimit: 3, sameToolLimit: 100, maxNudges: 1 });
    expect(guard.record('read_file', first).kind).toBe('ok');
    expect(guard.record('read_file', reordered).kind).toBe('ok');
    expect(guard.record('read_file', { ...reordered })).toMatchObject({ kind: 'nudge', trigger: 'same-call', count: 3 });
  });

  it('still tells apart arguments that differ only in array order', () => {
    expect(fingerprintCall('grep', { paths: ['a', 'b'] })).not.toBe(fingerprintCall('grep', { paths: ['b', 'a'] }));
  });
});
