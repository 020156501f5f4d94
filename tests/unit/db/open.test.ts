import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

describe('openClient', () => {
  it('creates the file and its folder, with WAL and a busy timeout, and migrates idempotently', async () => {
    const { applyMigrations, openClient, BUSY_TIMEOUT_MS } = await import('@/db/open.mjs');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'ap-open-')), 'nested', 'dir', 'app.db');
    const client = await openClient(`file:${file}`);
    expect(existsSync(file)).toBe(true);
    expect((await client.execute('PRAGMA journal_mode')).rows[0][0]).toBe('wal');
    expect((await client.execute('PRAGMA busy_timeout')).rows[0][0]).toBe(BUSY_TIMEOUT_MS);
    await applyMigrations(client);
    await applyMigrations(client);
    const tables = (await client.execute("select name from sqlite_master where type='table' order by name")).rows.map((r) => r[0]);
    expect(tables).toEqual(expect.arrayContaining(['sessions', 'messages', 'runs', 'run_steps']));
    client.close();
  });

  it('passes the auth token to a remote libSQL URL through the same code, and skips file pragmas', async () => {
    vi.resetModules();
    const execute = vi.fn(async () => ({ rows: [] }));
    const createClient = vi.fn(() => ({ execute }));
    vi.doMock('@libsql/client', () => ({ createClient }));
    const { openClient } = await import('@/db/open.mjs');
    await openClient('libsql://example.turso.io', 'secret-token');
    expect(createClient).toHaveBeenCalledWith({ url: 'libsql://example.turso.io', authToken: 'secret-token' });
    expect(execute.mock.calls.map((c) => String((c as unknown[])[0]))).toEqual(['PRAGMA foreign_keys = ON']);
    vi.doUnmock('@libsql/client');
  });
});
