import { structuredPatch } from 'diff';

/** Patches longer than this are cut in the tool output (the file itself is complete). */
const MAX_PATCH_CHARS = 100_000;

/**
 * Changed lines beyond which no patch is made. The diff's work grows with the changes (Myers: lines × changes),
 * and a count, unlike a clock, gives the same answer on a busy machine: a 2-line file once came out "+0 −0" when
 * a wall-clock limit ran out while the process stood still. Worst measured within SMALL_DIFF_LINES: ~150 ms.
 */
const MAX_DIFF_CHANGES = 1_000;

/** Up to this many lines (both sides together) the diff has no time limit: MAX_DIFF_CHANGES bounds its work. */
const SMALL_DIFF_LINES = 5_000;

/** Larger files also get this long; a file so changed that it takes longer is reported without a patch. */
const DIFF_TIMEOUT_MS = 2_000;

export interface FileDiff {
  /** Unified diff hunks (`@@ -1,3 +1,4 @@` …), without file headers. Empty when nothing changed, or no diff was made. */
  patch: string;
  /** Absent when no diff was made (too many changed lines, or out of time). */
  linesAdded?: number;
  linesRemoved?: number;
  /** The patch was cut at MAX_PATCH_CHARS, or none was made. */
  patchTruncated: boolean;
}

const lineCount = (text: string) => (text ? text.split('\n').length : 0);

/** A line diff of one file's text before and after a change, for the tool card and the model. */
export function fileDiff(path: string, before: string, after: string): FileDiff {
  // A new or emptied file: every line on one side, found in one pass whatever its length.
  const oneSided = before === '' || after === '';
  const options = oneSided
    ? { context: 3 }
    : { context: 3, maxEditLength: MAX_DIFF_CHANGES, ...(lineCount(before) + lineCount(after) > SMALL_DIFF_LINES ? { timeout: DIFF_TIMEOUT_MS } : {}) };
  const structured = structuredPatch(path, path, before, after, undefined, undefined, options);
  if (!structured) return { patch: '', patchTruncated: true };
  let linesAdded = 0;
  let linesRemoved = 0;
  const out: string[] = [];
  for (const hunk of structured.hunks) {
    // As in `diff -u`: an empty side is numbered from the line before it (-0,0).
    const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
    const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
    out.push(`@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`);
    for (const line of hunk.lines) {
      if (line.startsWith('+')) linesAdded++;
      else if (line.startsWith('-')) linesRemoved++;
      out.push(line);
    }
  }
  const patch = out.join('\n');
  if (patch.length <= MAX_PATCH_CHARS) return { patch, linesAdded, linesRemoved, patchTruncated: false };
  return { patch: patch.slice(0, patch.lastIndexOf('\n', MAX_PATCH_CHARS)), linesAdded, linesRemoved, patchTruncated: true };
}
