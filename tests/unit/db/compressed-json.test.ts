import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeJson, encodeJson } from '@/db/compressed-json';

describe('compressed JSON columns', () => {
  it('round-trips any JSON value, and reads rows stored as JSON text or raw deflate', () => {
    const values = [{ a: 1, b: [true, null, 'ü ✓'], c: { d: 'x'.repeat(5000) } }, [], 'text', 0, null];
    for (const value of values) {
      expect(decodeJson(encodeJson(value))).toEqual(value);
      expect(decodeJson(JSON.stringify(value))).toEqual(value);
      expect(decodeJson(deflateRawSync(JSON.stringify(value)))).toEqual(value);
      const encoded = encodeJson(value);
      // As the remote driver returns blobs.
      expect(decodeJson(encoded.buffer.slice(encoded.byteOffset, encoded.byteOffset + encoded.byteLength) as ArrayBuffer)).toEqual(value);
    }
  });

  it('compresses a small chunk batch against the preset dictionary, well below its JSON', () => {
    const batch = [
      { type: 'start-step' },
      { type: 'text-start', id: 'a1' },
      ...['Hello', ' there', ', how', ' can', ' I', ' help?'].map((delta) => ({ type: 'text-delta', id: 'a1', delta })),
      { type: 'text-end', id: 'a1' },
      { type: 'finish-step' },
    ];
    const json = JSON.stringify(batch).length;
    expect(encodeJson(batch).length).toBeLessThan(json / 3);
    expect(encodeJson(batch).length).toBeLessThan(deflateRawSync(JSON.stringify(batch)).length * 0.75);
  });
});
