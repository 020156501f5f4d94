/**
 * The remote database mode (DATABASE_URL=http://…, as for sqld or Turso) against a libSQL
 * server over the network: tests/support/libsql-server.mjs, a real HTTP server speaking
 * Hrana (the protocol @libsql/client uses for http://, https:// and libsql:// URLs) over a
 * SQLite file, since no real sqld can be installed from npm or Debian (docs/deploy.md).
 * First what the server does with the client's requests, then the app's own database layer
 * (db/open.mjs, the migrations, the queries and their transactions) through its route handlers.
 */
import { createClient, type Client } from '@libsql/client';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isToolUIPart } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations, openClient } from '@/db/open.mjs';
import { migrateDatabase } from '../../scripts/migrate-database.mjs';
import { params, patch, post, readChunks, setupAppHarness } from '../support/app-harness';
import { startLibsqlServer, TXN_TIMEOUT_MS } from '../support/libsql-server.mjs';

const TOKEN = 'libsql-test-token';
const dir = mkdtempSync(path.join(tmpdir(), 'ap-libsql-'));
const server = await startLibsqlServer({ file: path.join(dir, 'remote.db'), authToken: TOKEN });
const clients: Client[] = [];
const connect = (authToken: string = TOKEN) => {
  const client = createClient({ url: server.url, authToken });
  clients.push(client);
  return client;
};
afterAll(async () => {
  for (const client of clients) client.close();
  await server.close();
});

const app = setupAppHarness({
  name: 'libsql-remote',
  routes: ['files', 'content', 'exportSession', 'importSession', 'runs'],
  env: { DATABASE_URL: server.url, DATABASE_AUTH_TOKEN: TOKEN, TOOL_APPROVAL_SECRET: 'libsql-remote-approval-secret' },
});
const { api } = app;

describe('the libSQL test server answers what @libsql/client sends', () => {
  it('round-trips every value type, counts affected rows (RETURNING included) and the last rowid', async () => {
    const db = connect();
    await db.execute('CREATE TABLE kinds (id INTEGER PRIMARY KEY, big INTEGER, real REAL, text TEXT, blob BLOB, absent TEXT)');
    const inserted = await db.execute({ sql: 'INSERT INTO kinds (big, real, text, blob, absent) VALUES (?, ?, ?, ?, ?)', args: [2n ** 62n, 1.25, 'tëxt', new Uint8Array([0, 255, 7]), null] });
    expect(inserted.rowsAffected).toBe(1);
    expect(inserted.lastInsertRowid).toBe(1n);
    const wide = createClient({ url: server.url, authToken: TOKEN, intMode: 'bigint' });
    clients.push(wide);
    const read = await wide.execute('SELECT big, real, text, blob, absent FROM kinds');
    expect(read.columns).toEqual(['big', 'real', 'text', 'blob', 'absent']);
    expect(read.columnTypes).toEqual(['INTEGER', 'REAL', 'TEXT', 'BLOB', 'TEXT']);
    const row = read.rows[0]!;
    expect([row.big, row.real, row.text, row.absent]).toEqual([2n ** 62n, 1.25, 'tëxt', null]);
    expect([...new Uint8Array(row.blob as ArrayBuffer)]).toEqual([0, 255, 7]);
    const updated = await db.execute({ sql: 'UPDATE kinds SET text = :text RETURNING id', args: { text: 'new' } });
    expect(updated.rowsAffected).toBe(1);
    expect(updated.rows.map((r) => r.id)).toEqual([1]);
    expect((await db.execute('SELECT id, text FROM kinds')).rowsAffected).toBe(0);
  });

  it('runs a write batch atomically: a failing step rolls back the steps before it', async () => {
    const db = connect();
    await db.execute('CREATE TABLE once (id INTEGER PRIMARY KEY)');
    await expect(db.batch(['INSERT INTO once VALUES (1)', 'INSERT INTO once VALUES (1)'], 'write')).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT/) });
    expect((await db.execute('SELECT count(*) AS n FROM once')).rows[0]!.n).toBe(0);
  });

  it('keeps a transaction on its own connection: invisible to others until it commits, and a second writer waits for it', async () => {
    const db = connect();
    const other = connect();
    await db.execute('CREATE TABLE tx (v TEXT)');
    const tx = await db.transaction('write');
    await tx.execute("INSERT INTO tx VALUES ('inside')");
    expect((await other.execute('SELECT count(*) AS n FROM tx')).rows[0]!.n).toBe(0);
    const started = Date.now();
    const waiting = other.execute("INSERT INTO tx VALUES ('after')").then(() => Date.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await tx.commit();
    expect(await waiting).toBeGreaterThanOrEqual(250);
    expect((await other.execute('SELECT v FROM tx ORDER BY rowid')).rows.map((r) => r.v)).toEqual(['inside', 'after']);
  });

  it(`takes the lock from a transaction that held it past ${TXN_TIMEOUT_MS / 1000} s while a writer waited, as sqld does`, { timeout: 20_000 }, async () => {
    const db = connect();
    const other = connect();
    await db.execute('CREATE TABLE held (v TEXT)');
    const tx = await db.transaction('write');
    await tx.execute("INSERT INTO held VALUES ('slow')");
    const started = Date.now();
    await other.execute("INSERT INTO held VALUES ('waited')");
    expect(Date.now() - started).toBeGreaterThanOrEqual(TXN_TIMEOUT_MS - 1000);
    await expect(tx.execute("INSERT INTO held VALUES ('late')")).rejects.toThrow(/rolled back/);
    expect((await other.execute('SELECT v FROM held')).rows.map((r) => r.v)).toEqual(['waited']);
  });

  it('turns foreign keys on for every connection, as libsql-server is built', async () => {
    const db = connect();
    await db.execute('CREATE TABLE parent (id INTEGER PRIMARY KEY)');
    await db.execute('CREATE TABLE child (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES parent(id) ON DELETE CASCADE)');
    await expect(db.execute('INSERT INTO child VALUES (1, 42)')).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT/) });
  });

  it('refuses a client without the auth token', async () => {
    await expect(connect('wrong-token').execute('SELECT 1')).rejects.toThrow(/UNAUTHORIZED/);
  });
});

describe('the app on a remote libSQL database', () => {
  const remote = () => connect();
  const count = async (sql: string, args: string[]) => Number((await remote().execute({ sql, args })).rows[0]!.n);

  it('applies every committed migration through db/open.mjs, once', async () => {
    const client = await openClient(server.url, TOKEN);
    await applyMigrations(client);
    await applyMigrations(client);
    client.close();
    const journal = JSON.parse(readFileSync(path.join('db', 'migrations', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(await count('SELECT count(*) AS n FROM __drizzle_migrations', [])).toBe(journal.entries.length);
    const tables = (await remote().execute("SELECT name FROM sqlite_master WHERE type = 'table'")).rows.map((r) => r.name);
    expect(tables).toEqual(expect.arrayContaining(['sessions', 'messages', 'runs', 'run_events', 'workspace_files', 'queued_messages', 'shares', 'rate_limits']));
  });

  it('migrates at start when several instances start together on one empty database (scripts/migrate-database.mjs)', async () => {
    const empty = await startLibsqlServer({ file: path.join(dir, 'empty.db') });
    try {
      const starts = await Promise.allSettled([migrateDatabase(empty.url), migrateDatabase(empty.url), migrateDatabase(empty.url)]);
      expect(starts.map((start) => start.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const db = createClient({ url: empty.url });
      clients.push(db);
      const journal = JSON.parse(readFileSync(path.join('db', 'migrations', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      expect(Number((await db.execute('SELECT count(*) AS n FROM __drizzle_migrations')).rows[0]!.n)).toBe(journal.entries.length);
    } finally {
      await empty.close();
    }
  });

  it('runs a turn whose tool writes the workspace: messages, run, run log and file are in the remote database', async () => {
    const id = await app.newSession();
    await api.session.PATCH(new Request(`http://app/api/sessions/${id}`, patch({ permissionMode: 'accept-edits' })), params({ id }));
    const args = encodeURIComponent(JSON.stringify({ path: '/workspace/remote.txt', content: 'stored over HTTP' }));
    const response = await app.chat(id, `Write it [[scenario:tool?tool=write_file&args=${args}]]`);
    expect(response.status).toBe(200);
    const chunks = await readChunks(response);
    expect(chunks.at(-1)).toMatchObject({ type: 'finish' });

    const messages = await app.sessionMessages(id);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1]!.parts.filter(isToolUIPart)[0]).toMatchObject({ type: 'tool-write_file', state: 'output-available' });
    const file = await api.content.GET(new Request(`http://app/api/sessions/${id}/files/content?path=${encodeURIComponent('/workspace/remote.txt')}`), params({ id }));
    expect((await file.json()).file.content).toBe('stored over HTTP');
    expect(await count("SELECT count(*) AS n FROM runs WHERE session_id = ? AND status = 'completed'", [id])).toBe(1);
    expect(await count('SELECT count(*) AS n FROM messages WHERE session_id = ?', [id])).toBe(2);
  });

  it('answers an approval in one transaction: the call runs once and the turn completes', async () => {
    const id = await app.newSession();
    const args = encodeURIComponent(JSON.stringify({ path: '/workspace/approved.txt', content: 'approved' }));
    await readChunks(await app.chat(id, `Write it [[scenario:tool?tool=write_file&args=${args}]]`));
    const pending = (await app.sessionMessages(id)).at(-1)!.parts.filter(isToolUIPart)[0] as { approval?: { id: string; signature?: string } };
    expect(pending.approval?.signature).toBeTruthy();
    const answer = () => api.chat.POST(new Request('http://app/api/chat', post({ sessionId: id, approvals: [{ approvalId: pending.approval!.id, approved: true, signature: pending.approval!.signature }] })));
    const response = await answer();
    expect(response.status).toBe(200);
    await readChunks(response);
    expect((await answer()).status).toBe(400);
    expect((await app.sessionMessages(id)).at(-1)?.metadata?.runEnd?.reason).toBe('completed');
    expect(await count("SELECT count(*) AS n FROM workspace_files WHERE session_id = ? AND path = '/workspace/approved.txt'", [id])).toBe(1);
  });

  it('exports and imports a session (one transaction), and deleting it cascades in the remote database', async () => {
    const source = await app.newSession();
    await readChunks(await app.chat(source, 'Remember this'));
    const exported = await (await api.exportSession.GET(new Request(`http://app/api/sessions/${source}/export?format=json`), params({ id: source }))).json();
    const imported = await api.importSession.POST(new Request('http://app/api/sessions/import', post(exported)));
    expect(imported.status).toBe(201);
    const copy = (await imported.json()).session.id as string;
    expect((await app.sessionMessages(copy)).map((m) => m.role)).toEqual(['user', 'assistant']);

    const deleted = await api.session.DELETE(new Request(`http://app/api/sessions/${copy}`, { method: 'DELETE' }), params({ id: copy }));
    expect(deleted.status).toBeLessThan(300);
    expect(await count('SELECT count(*) AS n FROM messages WHERE session_id = ?', [copy])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM messages WHERE session_id = ?', [source])).toBe(2);
  });
});
