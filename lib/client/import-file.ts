import { formatBytes } from '@/lib/workspace/text';

/** The largest session export the browser will read: 16 MiB. */
const MAX_IMPORT_FILE_BYTES = 16 * 1024 * 1024;

/**
 * Reads a session export picked or dropped by the user and parses it, so the
 * import request carries the file's JSON. A file that is too large is refused
 * before it is read; a file that is not JSON is refused without a request.
 */
export async function readImportFile(file: File): Promise<unknown> {
  if (file.size > MAX_IMPORT_FILE_BYTES) {
    throw new Error(`This file is too large to import (${formatBytes(file.size)}; the limit is ${formatBytes(MAX_IMPORT_FILE_BYTES)}).`);
  }
  const text = await file.text();
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`This file is not JSON: ${reason}`);
  }
}
