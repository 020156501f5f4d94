import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type Db } from '@/db/client';
import { createSession, deleteSession } from '@/db/queries/sessions';
import { databaseWorkspaceStore, getWorkspaceFile, listWorkspaceFiles } from '@/db/queries/workspace';
import { MAX_FILE_BYTES, MAX_WORKSPACE_BYTES, MAX_WORKSPACE_FILES } from '@/lib/workspace/limits';
import { resolveWorkspacePath, WorkspacePathError } from '@/lib/workspace/paths';
import { memoryWorkspaceStore, type WorkspaceChanges } from '@/lib/workspace/store';
import { Workspace, WorkspaceLimitError } from '@/lib/workspace/workspace';

const text = (value: string) => new TextEncoder().encode(value);
const decode = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder().decode(bytes) : undefined);

describe('workspace in a real SQLite database', () => {
  let db: Db;
  beforeEach(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ap-ws-'));
    db = await openTestDatabase(`file:${path.join(dir, 'test.db')}`);
    await createSession(db, { id: 's1', ownerId: 'me', modelKey: 'demo:demo-agent' });
    await createSession(db, { id: 's2', ownerId: 'me', modelKey: 'demo:demo-agent' });
  });

  it('saves what a command writes, and a new sandbox built from the database reads it back', async () => {
    const first = await Workspace.open(databaseWorkspaceStore(db, 'me', 's1'));
    const { result, changes } = await first.exec('mkdir -p src && printf "hello\\nworld\\n" > src/a.txt && echo data > b.csv');
    expect(result.exitCode).toBe(0);
    expect(changes).toEqual({ written: ['/workspace/b.csv', '/workspace/src/a.txt'], deleted: [] });

    const rows = await listWorkspaceFiles(db, 'me', 's1');
    expect(rows.map((row) => [row.path, row.size])).toEqual([
      ['/workspace/b.csv', 5],
      ['/workspace/src/a.txt', 12],
    ]);

    // A fresh workspace (as after a server restart) sees the same files.
    const second = await Workspace.open(databaseWorkspaceStore(db, 'me', 's1'));
    const read = await second.exec('cat src/a.txt; wc -l < src/a.txt');
    expect(read.result.stdout).toBe('hello\nworld\n2\n');
    expect(read.changes).toEqual({ written: [], deleted: [] });
    // Other sessions do not see them.
    expect(await listWorkspaceFiles(db, 'me', 's2')).toEqual([]);
    expect(await listWorkspaceFiles(db, 'someone-else', 's1')).toEqual([]);
  });

  it('persists deletions and renames', async () => {
    const ws = await Workspace.open(databaseWorkspaceStore(db, 'me', 's1'));
    await ws.exec('echo 1 > keep.txt; echo 2 > gone.txt; echo 3 > old.txt');
    const { changes } = await ws.exec('rm gone.txt && mv old.txt new.txt');
    expect(changes).toEqual({ written: ['/workspace/new.txt'], deleted: ['/workspace/gone.txt', '/workspace/old.txt'] });
    expect((await listWorkspaceFiles(db, 'me', 's1')).map((row) => row.path)).toEqual(['/workspace/keep.txt', '/workspace/new.txt']);
    const reopened = await Workspace.open(databaseWorkspaceStore(db, 'me', 's1'));
    expect((await reopened.exec('ls')).result.stdout).toBe('keep.txt\nnew.txt\n');
  });

  it('keeps binary content byte for byte', async () => {
    const ws = await Workspace.open(databaseWorkspaceStore(db, 'me', 's1'));
    await ws.mutate((fs) => fs.writeFile('/workspace/bin.dat', new Uint8Array([0x61, 0x00, 0x62, 0xff])));
    const row = await getWorkspaceFile(db, 'me', 's1', '/workspace/bin.dat');
    expect([...row!.content]).toEqual([0x61, 0x00, 0x62, 0xff]);
    const reopened = await Workspace.open(databaseWorkspaceStore(db, 'me', 's1'));
    expect((await reopened.exec('base64 bin.dat')).result.stdout.trim()).toBe(Buffer.from([0x61, 0x00, 0x62, 0xff]).toString('base64'));
  });

  it('removes the files with their session', async () => {
    const ws = await Workspace.open(databaseWorkspaceStore(db, 'me', 's1'));
    await ws.exec('echo hi > a.txt');
    await deleteSession(db, 'me', 's1');
    expect(await listWorkspaceFiles(db, 'me', 's1')).toEqual([]);
  });
});

describe('workspace sandbox', () => {
  it('cannot see the host file system', async () => {
    const ws = await Workspace.open(memoryWorkspaceStore());
    const { result } = await ws.exec('cat /etc/passwd; ls /home /root 2>&1; cat /work/wt-tools/package.json');
    expect(result.stdout).not.toMatch(/root:x?:0:0/);
    expect(result.stdout).not.toContain('agent-playground');
    expect(result.stderr).toMatch(/No such file/);
  });

  it('has no network access', async () => {
    const ws = await Workspace.open(memoryWorkspaceStore());
    const { result } = await ws.exec('curl -s http://127.0.0.1/ ; wget http://127.0.0.1/');
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/curl: command not found/);
  });

  it('keeps files, not shell state, between commands', async () => {
    const ws = await Workspace.open(memoryWorkspaceStore());
    await ws.exec('export NAME=x; mkdir d; cd d; echo hi > f');
    const { result } = await ws.exec('echo "[$NAME]"; pwd; cat d/f');
    expect(result.stdout).toBe('[]\n/workspace\nhi\n');
  });

  it('does not keep /tmp or files outside /workspace', async () => {
    const store = memoryWorkspaceStore();
    const ws = await Workspace.open(store);
    const { changes } = await ws.exec('echo scratch > /tmp/t; echo kept > k');
    expect(changes.written).toEqual(['/workspace/k']);
    expect([...store.files.keys()]).toEqual(['/workspace/k']);
  });

  it('saves only what changed', async () => {
    const saves: WorkspaceChanges[] = [];
    const store = memoryWorkspaceStore([{ path: '/workspace/a', content: text('a') }, { path: '/workspace/b', content: text('b') }]);
    const ws = await Workspace.open({ load: store.load, save: async (changes) => void saves.push(changes) });
    await ws.exec('echo changed > a; cat b');
    expect(saves).toHaveLength(1);
    expect(saves[0].upserts.map((file) => file.path)).toEqual(['/workspace/a']);
    expect(saves[0].deletions).toEqual([]);
    await ws.exec('cat a b');
    expect(saves).toHaveLength(1); // nothing changed, nothing saved
  });
});

describe('workspace limits', () => {
  it('undoes a command that leaves a file over the per-file limit, and says why', async () => {
    const store = memoryWorkspaceStore([{ path: '/workspace/keep.txt', content: text('keep') }]);
    const ws = await Workspace.open(store);
    const overLimit = MAX_FILE_BYTES + 1;
    const error = await ws.exec(`echo changed > keep.txt; printf "%0${overLimit}d" 0 > big.txt`).catch((e: Error) => e);
    expect(error).toBeInstanceOf(WorkspaceLimitError);
    expect((error as Error).message).toBe('/workspace/big.txt would be 1,048,577 bytes; a file may be at most 1,048,576 bytes (1.0 MB). The change was undone; the workspace is as it was before this call.');
    await expect(ws.exec('true')).resolves.toBeDefined();
    // Rolled back to the last saved state, in memory and in the store.
    expect((await ws.exec('ls; cat keep.txt')).result.stdout).toBe('keep.txt\nkeep');
    expect([...store.files.keys()]).toEqual(['/workspace/keep.txt']);
    expect(decode(store.files.get('/workspace/keep.txt'))).toBe('keep');
  });

  it('refuses more than the workspace total', async () => {
    const ws = await Workspace.open(memoryWorkspaceStore());
    const files = Math.ceil(MAX_WORKSPACE_BYTES / (MAX_FILE_BYTES / 2)) + 1;
    const half = 'x'.repeat(MAX_FILE_BYTES / 2);
    const error = await ws
      .mutate(async (fs) => {
        for (let i = 0; i < files; i++) await fs.writeFile(`/workspace/f${i}`, half);
      })
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(WorkspaceLimitError);
    expect((error as Error).message).toMatch(/at most 10\.0 MB.*undone/);
    expect(await ws.list()).toEqual([]);
  });

  it('refuses more files than the limit', async () => {
    const ws = await Workspace.open(memoryWorkspaceStore());
    const error = await ws.exec(`for i in $(seq 1 ${MAX_WORKSPACE_FILES + 1}); do echo > f$i; done`).catch((e: Error) => e);
    expect(error).toBeInstanceOf(WorkspaceLimitError);
    expect((error as Error).message).toContain(`at most ${MAX_WORKSPACE_FILES}`);
  });
});

describe('workspace paths', () => {
  it('resolves relative paths from /workspace and refuses escapes', () => {
    expect(resolveWorkspacePath('notes.md')).toBe('/workspace/notes.md');
    expect(resolveWorkspacePath('/workspace/a/../b.txt')).toBe('/workspace/b.txt');
    expect(resolveWorkspacePath('./src/')).toBe('/workspace/src');
    for (const bad of ['../etc/passwd', '/etc/passwd', '/workspace/../tmp/x', '/workspacex/a', '', 'a\0b']) {
      expect(() => resolveWorkspacePath(bad), bad).toThrow(WorkspacePathError);
    }
  });
});
