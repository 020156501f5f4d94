/**
 * Names and titles come from users, models, imported files and remote MCP servers.
 * Characters that reorder text (bidirectional embeddings, overrides and isolates, and
 * the direction marks) can make `invoice‮fdp.exe` read as `invoiceexe.pdf`, and control
 * characters can hide or break a line. They are shown as a visible marker such as
 * `⟨U+202E⟩`, never applied. Framework-free: the component (components/ui/visible-text.tsx)
 * renders the segments, and document titles use the string form.
 */

/** Bidi embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069), the LRM/RLM/ALM marks, C0 and C1 controls and DEL, the line/paragraph separators. */
const HIDDEN_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;
/** The same, but tabs and line feeds stay: a block of text (pretty JSON, a tool's output) keeps its lines. */
const HIDDEN_CONTROL_MULTILINE = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029]/g;

export type VisibleSegment = { kind: 'text'; text: string } | { kind: 'control'; codePoint: string };

/** `\u202E` → `U+202E`. */
function codePointName(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The text cut into plain runs and the control characters between them; `multiline`: tabs and line feeds are text. */
export function visibleSegments(text: string, options: { multiline?: boolean } = {}): VisibleSegment[] {
  const segments: VisibleSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(options.multiline ? HIDDEN_CONTROL_MULTILINE : HIDDEN_CONTROL)) {
    if (match.index > last) segments.push({ kind: 'text', text: text.slice(last, match.index) });
    segments.push({ kind: 'control', codePoint: codePointName(match[0]) });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/** The text with every such character written out as `⟨U+202E⟩`: for places that take a string (document titles, tooltips). */
export function visibleText(text: string): string {
  return text.replace(HIDDEN_CONTROL, (char) => `⟨${codePointName(char)}⟩`);
}
