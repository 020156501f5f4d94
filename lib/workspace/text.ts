/** Bytes that decode as UTF-8 text without NUL characters are shown as text; anything else is binary. */
export function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** 1,048,577 bytes: for limits, where rounding would hide the difference. */
export function exactBytes(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} bytes`;
}
