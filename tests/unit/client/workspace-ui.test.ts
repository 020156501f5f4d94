import { describe, expect, it } from 'vitest';
import { parseUnifiedPatch } from '@/components/agent/diff-view';
import { treeRows } from '@/components/workspace/file-tree';
import { workspaceVersion } from '@/lib/client/workspace-version';
import { fileDiff } from '@/lib/workspace/file-diff';

describe('parseUnifiedPatch', () => {
  it('numbers old and new lines from the hunk headers', () => {
    const { patch } = fileDiff('/f', 'a\nb\nc\n', 'a\nB\nc\nd\n');
    expect(parseUnifiedPatch(patch)).toEqual([
      { kind: 'hunk', text: '@@ -1,3 +1,4 @@' },
      { kind: 'context', text: 'a', oldNumber: 1, newNumber: 1 },
      { kind: 'remove', text: 'b', oldNumber: 2 },
      { kind: 'add', text: 'B', newNumber: 2 },
      { kind: 'context', text: 'c', oldNumber: 3, newNumber: 3 },
      { kind: 'add', text: 'd', newNumber: 4 },
    ]);
  });

  it('numbers a new file from line 1 and keeps the no-newline note', () => {
    const { patch } = fileDiff('/f', '', 'x\ny');
    expect(parseUnifiedPatch(patch)).toEqual([
      { kind: 'hunk', text: '@@ -0,0 +1,2 @@' },
      { kind: 'add', text: 'x', newNumber: 1 },
      { kind: 'add', text: 'y', newNumber: 2 },
      { kind: 'note', text: 'No newline at end of file' },
    ]);
  });
});

describe('treeRows', () => {
  it('lists each directory once, before its files, with depth', () => {
    const rows = treeRows([
      { path: '/workspace/src/lib/b.ts', size: 2 },
      { path: '/workspace/notes.md', size: 1 },
      { path: '/workspace/src/a.ts', size: 3 },
    ]);
    expect(rows.map((row) => `${'  '.repeat(row.depth)}${row.kind === 'dir' ? `${row.name}/` : row.name}`)).toEqual([
      'notes.md',
      'src/',
      '  a.ts',
      '  lib/',
      '    b.ts',
    ]);
  });
});

describe('workspaceVersion', () => {
  const part = (tool: string, state: string, toolCallId: string) => ({ type: `tool-${tool}`, state, toolCallId });

  it('changes when a write-class tool call finishes, not for reads or calls still running', () => {
    const messages = [{ parts: [part('write_file', 'output-available', 'c1'), part('read_file', 'output-available', 'c2')] }];
    const before = workspaceVersion(messages);
    messages.push({ parts: [part('bash', 'input-available', 'c3')] });
    expect(workspaceVersion(messages)).toBe(before);
    messages[1].parts[0].state = 'output-available';
    expect(workspaceVersion(messages)).not.toBe(before);
    expect(workspaceVersion(messages)).toBe('2:c3');
  });
});
