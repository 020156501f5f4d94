/**
 * JSON with sorted object keys: the same value always gives the same text.
 * The one implementation for approval signatures (lib/permissions/signature.ts)
 * and the loop guard's call fingerprints (loop-guard.ts). Its output is part of
 * stored data (approvals keep `canonicalJson(input)` and sign its hash), so it
 * must not change: tests/unit/agent/canonical-json.test.ts pins it to the form
 * those approvals were signed with.
 *
 * `undefined` (at the top, in arrays) becomes `null` and object keys whose value
 * is `undefined` are left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return JSON.stringify(value ?? null);
  if (typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
    .join(',')}}`;
}
