import { describe, expect, it } from 'vitest';
import type { AgentTool } from '@/lib/agent/types';
import { bashTool, MAX_BASH_STREAM_CHARS } from '@/lib/tools/workspace/bash';
import { applyEdit, editFileTool } from '@/lib/tools/workspace/edit-file';
import { grepTool, MAX_GREP_MATCHES } from '@/lib/tools/workspace/grep';
import { workspaceTools } from '@/lib/tools/workspace';
import { listFilesTool } from '@/lib/tools/workspace/list-files';
import { DEFAULT_READ_LINES, readFileTool } from '@/lib/tools/workspace/read-file';
import { writeFileTool } from '@/lib/tools/workspace/write-file';
import { MAX_FILE_BYTES } from '@/lib/workspace/limits';
import { memoryWorkspaceStore, type StoredWorkspaceFile } from '@/lib/workspace/store';
import { Workspace } from '@/lib/workspace/workspace';

const ctx = () => ({ toolCallId: 'call-1', signal: new AbortController().signal, emit: () => {} });
const file = (path: string, content: string): StoredWorkspaceFile => ({ path, content: new TextEncoder().encode(content) });

async function setup(files: StoredWorkspaceFile[] = []) {
  const store = memoryWorkspaceStore(files);
  const workspace = await Workspace.open(store);
  const handle = async () => workspace;
  const stored = (path: string) => {
    const bytes = store.files.get(path);
    return bytes ? new TextDecoder().decode(bytes) : undefined;
  };
  return { store, workspace, handle, stored };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const run = <I, O>(tool: AgentTool<I, O>, input: any) => tool.execute(input as I, ctx());

describe('workspace tool declarations', () => {
  it('declares the permission class and read-only flag the permission modes rely on', async () => {
    const { handle } = await setup();
    const declared = Object.fromEntries(workspaceTools(handle).map((tool) => [tool.name, [tool.permission, tool.readOnly]]));
    expect(declared).toEqual({
      bash: ['write', false],
      read_file: ['read', true],
      write_file: ['write', false],
      edit_file: ['write', false],
      list_files: ['read', true],
      grep: ['read', true],
    });
  });
});

describe('bash tool', () => {
  it('runs in /workspace and reports stdout, stderr, exit code and the files it changed (already saved)', async () => {
    const { handle, stored } = await setup([file('/workspace/old.txt', 'x')]);
    const output = await run(bashTool(handle), { command: 'pwd; echo note > note.md; rm old.txt; echo oops >&2; exit 3' });
    expect(output).toEqual({
      command: 'pwd; echo note > note.md; rm old.txt; echo oops >&2; exit 3',
      exitCode: 3,
      stdout: '/workspace\n',
      stderr: 'oops\n',
      written: ['/workspace/note.md'],
      deleted: ['/workspace/old.txt'],
    });
    expect(stored('/workspace/note.md')).toBe('note\n');
    expect(stored('/workspace/old.txt')).toBeUndefined();
  });

  it('cannot read the host file system or reach the network', async () => {
    const { handle } = await setup();
    const output = await run(bashTool(handle), { command: 'cat /etc/passwd; curl -s https://example.com' });
    expect(output.stdout).toBe('');
    expect(output.stderr).toContain('/etc/passwd: No such file or directory');
    expect(output.stderr).toContain('curl: command not found');
  });

  it('cuts very long output', async () => {
    const { handle } = await setup();
    const output = await run(bashTool(handle), { command: `printf '%0${MAX_BASH_STREAM_CHARS + 500}d' 0` });
    expect(output.stdout.length).toBeLessThan(MAX_BASH_STREAM_CHARS + 100);
    expect(output.stdout).toContain('[… 500 more characters cut]');
  });
});

describe('read_file', () => {
  const lines = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

  it('reads a whole file, or a range of lines', async () => {
    const { handle } = await setup([file('/workspace/a.txt', lines)]);
    const whole = await run(readFileTool(handle), { path: 'a.txt' });
    expect(whole).toMatchObject({ path: '/workspace/a.txt', startLine: 1, endLine: 10, totalLines: 10, truncated: false });
    expect(whole.content).toBe(lines.trimEnd());
    const range = await run(readFileTool(handle), { path: '/workspace/a.txt', start_line: 3, end_line: 4 });
    expect(range).toMatchObject({ content: 'line 3\nline 4', startLine: 3, endLine: 4, totalLines: 10, truncated: false });
  });

  it('stops at the default line count and says more follows', async () => {
    const big = Array.from({ length: DEFAULT_READ_LINES + 5 }, (_, i) => String(i + 1)).join('\n');
    const { handle } = await setup([file('/workspace/big.txt', big)]);
    const output = await run(readFileTool(handle), { path: 'big.txt' });
    expect(output).toMatchObject({ endLine: DEFAULT_READ_LINES, totalLines: DEFAULT_READ_LINES + 5, truncated: true });
  });

  it('fails clearly for a missing file, a directory, a binary file, a bad range and a path outside the workspace', async () => {
    const { handle, workspace } = await setup([file('/workspace/a.txt', lines), file('/workspace/dir/b.txt', 'b')]);
    await workspace.mutate((fs) => fs.writeFile('/workspace/img.bin', new Uint8Array([0, 1, 2, 255])));
    const tool = readFileTool(handle);
    await expect(run(tool, { path: 'nope.txt' })).rejects.toThrow('/workspace/nope.txt does not exist');
    await expect(run(tool, { path: 'dir' })).rejects.toThrow('is a directory');
    await expect(run(tool, { path: 'img.bin' })).rejects.toThrow('binary file (4 bytes)');
    await expect(run(tool, { path: 'a.txt', start_line: 50 })).rejects.toThrow('has 10 lines');
    await expect(run(tool, { path: 'a.txt', start_line: 5, end_line: 2 })).rejects.toThrow('before start_line');
    await expect(run(tool, { path: '../etc/passwd' })).rejects.toThrow('outside the workspace');
  });
});

describe('write_file', () => {
  it('creates a file with its parent directories and returns a diff', async () => {
    const { handle, stored } = await setup();
    const output = await run(writeFileTool(handle), { path: 'src/hello.ts', content: 'export const a = 1;\n' });
    expect(output).toMatchObject({ path: '/workspace/src/hello.ts', created: true, size: 20, linesAdded: 1, linesRemoved: 0, patchTruncated: false });
    expect(output.patch).toBe('@@ -0,0 +1,1 @@\n+export const a = 1;');
    expect(stored('/workspace/src/hello.ts')).toBe('export const a = 1;\n');
  });

  it('replaces a file and diffs against what was there', async () => {
    const { handle, stored } = await setup([file('/workspace/a.txt', 'one\ntwo\nthree\n')]);
    const output = await run(writeFileTool(handle), { path: 'a.txt', content: 'one\n2\nthree\nfour\n' });
    expect(output).toMatchObject({ created: false, linesAdded: 2, linesRemoved: 1 });
    expect(output.patch.split('\n')).toEqual(['@@ -1,3 +1,4 @@', ' one', '-two', '+2', ' three', '+four']);
    expect(stored('/workspace/a.txt')).toBe('one\n2\nthree\nfour\n');
  });

  it('refuses a file over the size limit and writes nothing', async () => {
    const { handle, store } = await setup();
    await expect(run(writeFileTool(handle), { path: 'big.txt', content: 'x'.repeat(MAX_FILE_BYTES + 1) })).rejects.toThrow(/at most 1,048,576 bytes.*Nothing was written/);
    expect(store.files.size).toBe(0);
  });

  it('refuses paths outside the workspace and directories', async () => {
    const { handle } = await setup([file('/workspace/dir/a', 'a')]);
    await expect(run(writeFileTool(handle), { path: '/etc/hosts', content: 'x' })).rejects.toThrow('outside the workspace');
    await expect(run(writeFileTool(handle), { path: '/workspace', content: 'x' })).rejects.toThrow('is a directory');
    await expect(run(writeFileTool(handle), { path: 'dir', content: 'x' })).rejects.toThrow('is a directory');
  });
});

describe('edit_file', () => {
  const source = 'const a = 1;\nconst b = 2;\nconst c = 1;\n';

  it('replaces one exact occurrence and returns a diff', async () => {
    const { handle, stored } = await setup([file('/workspace/x.ts', source)]);
    const output = await run(editFileTool(handle), { path: 'x.ts', old_string: 'const b = 2;', new_string: 'const b = 3;' });
    expect(output).toMatchObject({ path: '/workspace/x.ts', replacements: 1, created: false, linesAdded: 1, linesRemoved: 1 });
    expect(output.patch).toContain('-const b = 2;\n+const b = 3;');
    expect(stored('/workspace/x.ts')).toBe('const a = 1;\nconst b = 3;\nconst c = 1;\n');
  });

  it('fails when old_string is absent, and changes nothing', async () => {
    const { handle, stored } = await setup([file('/workspace/x.ts', source)]);
    await expect(run(editFileTool(handle), { path: 'x.ts', old_string: 'const d', new_string: 'const e' })).rejects.toThrow(
      'old_string was not found in /workspace/x.ts. Read the file and copy the exact text, including whitespace and indentation.',
    );
    expect(stored('/workspace/x.ts')).toBe(source);
  });

  it('fails when old_string is ambiguous, unless replace_all is set', async () => {
    const { handle, stored } = await setup([file('/workspace/x.ts', source)]);
    await expect(run(editFileTool(handle), { path: 'x.ts', old_string: '= 1;', new_string: '= 9;' })).rejects.toThrow(
      'old_string occurs 2 times in /workspace/x.ts. Include more surrounding lines to make it unique, or set replace_all to true to change every occurrence.',
    );
    expect(stored('/workspace/x.ts')).toBe(source);
    const output = await run(editFileTool(handle), { path: 'x.ts', old_string: '= 1;', new_string: '= 9;', replace_all: true });
    expect(output.replacements).toBe(2);
    expect(stored('/workspace/x.ts')).toBe('const a = 9;\nconst b = 2;\nconst c = 9;\n');
  });

  it('fails when old_string and new_string are identical', async () => {
    const { handle } = await setup([file('/workspace/x.ts', source)]);
    await expect(run(editFileTool(handle), { path: 'x.ts', old_string: 'const a', new_string: 'const a' })).rejects.toThrow('identical');
  });

  it('fails for a file that does not exist', async () => {
    const { handle } = await setup();
    await expect(run(editFileTool(handle), { path: 'x.ts', old_string: 'a', new_string: 'b' })).rejects.toThrow('does not exist. Use write_file to create it.');
  });

  it('keeps $ patterns in new_string literal', () => {
    expect(applyEdit('/f', 'price: X', 'X', "$& $1 $'", false).text).toBe("price: $& $1 $'");
    expect(applyEdit('/f', 'aXbX', 'X', '$&', true).text).toBe('a$&b$&');
  });
});

describe('list_files', () => {
  it('lists files recursively with sizes, for the workspace or one directory', async () => {
    const { handle } = await setup([file('/workspace/b.txt', 'bb'), file('/workspace/src/a.ts', 'aaa'), file('/workspace/src/lib/c.ts', 'c')]);
    const all = await run(listFilesTool(handle), {});
    expect(all).toEqual({
      path: '/workspace',
      files: [
        { path: '/workspace/b.txt', size: 2 },
        { path: '/workspace/src/a.ts', size: 3 },
        { path: '/workspace/src/lib/c.ts', size: 1 },
      ],
      totalFiles: 3,
      totalBytes: 6,
    });
    const src = await run(listFilesTool(handle), { path: 'src' });
    expect(src.files.map((f) => f.path)).toEqual(['/workspace/src/a.ts', '/workspace/src/lib/c.ts']);
    await expect(run(listFilesTool(handle), { path: 'nowhere' })).rejects.toThrow('holds no files');
  });

  it('answers an empty list for an empty workspace', async () => {
    const { handle } = await setup();
    expect(await run(listFilesTool(handle), {})).toEqual({ path: '/workspace', files: [], totalFiles: 0, totalBytes: 0 });
  });
});

describe('grep', () => {
  it('finds matching lines as path:line: text', async () => {
    const { handle } = await setup([file('/workspace/a.ts', 'const foo = 1;\nbar\nFOO()\n'), file('/workspace/src/b.ts', 'nothing\nfoo bar\n')]);
    const output = await run(grepTool(handle), { pattern: 'foo\\b' });
    expect(output).toEqual({ pattern: 'foo\\b', matches: ['/workspace/a.ts:1: const foo = 1;', '/workspace/src/b.ts:2: foo bar'], filesSearched: 2, truncated: false });
    const insensitive = await run(grepTool(handle), { pattern: '^foo', ignore_case: true, path: 'a.ts' });
    expect(insensitive.matches).toEqual(['/workspace/a.ts:3: FOO()']);
  });

  it('stops at the match limit and says so', async () => {
    const { handle } = await setup([file('/workspace/many.txt', 'hit\n'.repeat(MAX_GREP_MATCHES + 10))]);
    const output = await run(grepTool(handle), { pattern: 'hit' });
    expect(output.matches).toHaveLength(MAX_GREP_MATCHES);
    expect(output.truncated).toBe(true);
  });

  it('rejects invalid patterns and runs catastrophic ones in linear time', async () => {
    const { handle } = await setup([file('/workspace/a.txt', `${'a'.repeat(30_000)}b\n`)]);
    await expect(run(grepTool(handle), { pattern: '(' })).rejects.toThrow('Invalid pattern');
    const started = Date.now();
    const output = await run(grepTool(handle), { pattern: '^(a+)+$' });
    expect(output.matches).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
