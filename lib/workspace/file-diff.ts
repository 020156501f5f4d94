import { structuredPatch } from 'diff';

/** Patches longer than this are cut in the tool output (the file itself is complete). */
const MAX_PATCH_CHARS = 100_000;

/** Diffing is given this long; a file so changed that it takes longer is reported without a patch. */
const DIFF_TIMEOUT_MS = 2_000;

export interface FileDiff {
  /** Unified diff hunks (`@@ -1,3 +1,4 @@` …), without file headers. Empty when nothing changed. */
  patch: string;
  linesAdded: number;
  linesRemoved: number;
  /** The patch was cut at MAX_PATCH_CHARS, or could not be computed in time. */
  patchTruncated: boolean;
}

/** A line diff of one file's text before and after a change, for the tool card and the model. */
export function fileDiff(path: string, before: string, after: string): FileDiff {
  const structured = structuredPatch(path, path, before, after, undefined, undefined, { context: 3, timeout: DIFF_TIMEOUT_MS });
  if (!structured) return { patch: '', linesAdded: 0, linesRemoved: 0, patchTruncated: true };
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
