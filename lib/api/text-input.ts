import { z } from 'zod';

/**
 * The rules every string a request carries meets (framework-free: the browser's
 * forms may use them too). Every free string has a length limit. A name (a title, a
 * file name, a server name, a command) is one line of visible text: control
 * characters are refused, since a NUL cuts it short in many tools and a line break or
 * escape code shows as garbage or rewrites a terminal. Free text (a message, a
 * reason) keeps tabs and line breaks and refuses the other control characters.
 * Bidirectional-override characters are accepted and shown, never applied
 * (lib/text/visible-text.ts).
 */

/** C0 controls, DEL, C1 controls, and the Unicode line and paragraph separators. */
const NAME_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The same, less tab, line feed and carriage return. */
const TEXT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Whether a one-line name holds a control character (line breaks and tabs included). */
export function hasControlCharacters(text: string): boolean {
  return NAME_CONTROL.test(text);
}

/** Whether free text holds a control character other than tab, line feed and carriage return. */
export function hasTextControlCharacters(text: string): boolean {
  return TEXT_CONTROL.test(text);
}

/** A one-line name: trimmed, 1..max characters, no control characters. */
export function nameSchema(label: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, `${label} cannot be empty`)
    .max(max, `${label} is longer than ${max} characters`)
    .refine((value) => !hasControlCharacters(value), `${label} cannot contain control characters`);
}

/** Free text of at most max characters (after trimming, with `trim`): tabs and line breaks, no other control characters. */
export function freeTextSchema(label: string, max: number, { trim = false }: { trim?: boolean } = {}) {
  return (trim ? z.string().trim() : z.string())
    .max(max, `${label} is longer than ${max.toLocaleString('en')} characters`)
    .refine((value) => !hasTextControlCharacters(value), `${label} cannot contain control characters other than tabs and line breaks`);
}

/** The last instant a JavaScript Date can hold (ms): later "timestamps" are refused rather than stored. */
export const MAX_TIMESTAMP_MS = 8_640_000_000_000_000;
