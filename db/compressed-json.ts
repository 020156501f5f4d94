import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { customType } from 'drizzle-orm/sqlite-core';

/**
 * A JSON column stored as raw deflate (a BLOB in a column declared `text`, so the table's DDL is unchanged).
 * Rows written before it, JSON text, still read. For columns read only through drizzle: SQL that looks
 * inside the value (json_extract, length of the text) sees compressed bytes.
 */
export const compressedJson = <T>(name: string) =>
  customType<{ data: T; driverData: Uint8Array | ArrayBuffer | string }>({
    dataType: () => 'text',
    toDriver: (value) => deflateRawSync(JSON.stringify(value), { level: 1 }),
    fromDriver: (value) => JSON.parse(typeof value === 'string' ? value : inflateRawSync(value).toString('utf8')) as T,
  })(name);
