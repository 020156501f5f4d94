import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@libsql/client';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '@/db/open.mjs';
import { mcpServers } from '@/db/schema';
import { params, send, setupAppHarness } from '../support/app-harness';

/**
 * MCP header values and provider keys at rest (issue 13): a database written before
 * encryption existed (plaintext header values, and a deleted server's values left in
 * the file) is upgraded at startup without losing anything; from then on a deleted
 * secret is gone from the bytes of the database file and its write-ahead log, as
 * plaintext and as ciphertext.
 */
const app = setupAppHarness({ name: 'secrets-at-rest', routes: ['servers', 'server', 'test'] });
const adminKeys = () => import('@/app/api/admin/provider-keys/[provider]/route');

const LIVE_VALUE = 'Bearer live-plaintext-header-7f3a9c';
const OTHER_VALUE = 'team-plaintext-value-51b2';
const DELETED_VALUE = 'Bearer deleted-long-ago-value-c0ffee';

let seen: http.IncomingHttpHeaders[] = [];
const recorder = http.createServer((request, response) => {
  seen.push(request.headers);
  response.writeHead(500).end();
});
let recorderUrl = '';

const databaseFile = () => process.env.DATABASE_URL!.replace(/^file:/, '');
/** The bytes of the database file and of its write-ahead log, as SQLite left them. */
function fileBytes(): Buffer {
  const wal = `${databaseFile()}-wal`;
  return Buffer.concat([readFileSync(databaseFile()), existsSync(wal) ? readFileSync(wal) : Buffer.alloc(0)]);
}
const onDisk = (text: string) => fileBytes().includes(Buffer.from(text, 'utf8'));

beforeAll(async () => {
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  recorderUrl = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/mcp`;
  // The database as a version before encryption left it: written by a plain connection
  // (no secure_delete), header values in plaintext, one server deleted.
  const client = createClient({ url: process.env.DATABASE_URL! });
  await applyMigrations(client);
  const db = drizzle(client);
  const row = { ownerId: 'local', transport: 'http' as const, args: [], enabled: true, createdAt: 1, updatedAt: 1 };
  await db.insert(mcpServers).values([
    { ...row, id: 'mcp-old-live', name: 'old-live', url: recorderUrl, headers: { Authorization: LIVE_VALUE, 'X-Team': OTHER_VALUE } },
    // Long enough to spill into overflow pages, which the delete puts on the free list as they are.
    { ...row, id: 'mcp-old-gone', name: 'old-gone', url: recorderUrl, headers: { 'X-Padding': 'p'.repeat(6000), Authorization: DELETED_VALUE } },
  ]);
  await db.delete(mcpServers).where(eq(mcpServers.id, 'mcp-old-gone'));
  await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  client.close();
});
afterAll(() => recorder.close());

describe('secrets at rest', () => {
  it('starts from a database that still holds a deleted server’s header value (the old behaviour)', () => {
    expect(onDisk(DELETED_VALUE)).toBe(true);
    expect(onDisk(LIVE_VALUE)).toBe(true);
  });

  it('seals plaintext header values at startup, keeping every server and header', async () => {
    const listed = await (await app.api.servers.GET(new Request('http://app/api/mcp-servers'))).json();
    expect(listed.servers).toEqual([expect.objectContaining({ id: 'mcp-old-live', headers: [{ name: 'Authorization', masked: '••••••••' }, { name: 'X-Team', masked: '••••••••' }] })]);

    const { getDb } = await import('@/db/client');
    const { getMcpServer } = await import('@/db/queries/mcp-servers');
    const { openSecret } = await import('@/lib/server/secret-box');
    const stored = (await getMcpServer(await getDb(), 'local', 'mcp-old-live'))!;
    expect(Object.values(stored.headers).every((value) => value.startsWith('enc:v1:'))).toBe(true);
    expect({ Authorization: openSecret(stored.headers.Authorization), 'X-Team': openSecret(stored.headers['X-Team']) }).toEqual({ Authorization: LIVE_VALUE, 'X-Team': OTHER_VALUE });
  });

  it('leaves no plaintext in the file after the upgrade: neither the sealed values nor the long-deleted one', () => {
    expect(onDisk(LIVE_VALUE)).toBe(false);
    expect(onDisk(OTHER_VALUE)).toBe(false);
    expect(onDisk(DELETED_VALUE)).toBe(false);
  });

  it('is idempotent: a second upgrade changes nothing', async () => {
    const { getDb } = await import('@/db/client');
    const { listAllMcpServerHeaders } = await import('@/db/queries/mcp-servers');
    const { upgradeStoredSecrets } = await import('@/lib/server/stored-secrets');
    const db = await getDb();
    const before = await listAllMcpServerHeaders(db);
    expect(await upgradeStoredSecrets(db)).toEqual({ headersSealed: 0, keysResealed: 0, unreadable: 0, compacted: false });
    expect(await listAllMcpServerHeaders(db)).toEqual(before);
  });

  it('sends the decrypted values to the MCP server', async () => {
    seen = [];
    const result = await (await app.api.test.POST(new Request('http://app', { method: 'POST' }), params({ id: 'mcp-old-live' }))).json();
    expect(result.ok).toBe(false); // the recorder answers 500
    expect(seen.some((headers) => headers.authorization === LIVE_VALUE && headers['x-team'] === OTHER_VALUE)).toBe(true);
  });

  it('removes a deleted MCP header value and provider key from the database file and its log, as plaintext and as ciphertext', async () => {
    const headerValue = 'header-value-to-delete-8d1e55';
    const providerKey = 'provider-key-to-delete-4b7c22';
    const created = await app.api.servers.POST(new Request('http://app/api/mcp-servers', send('POST', { name: 'doomed', url: recorderUrl, headers: [{ name: 'X-Api-Key', value: headerValue }] })));
    expect(created.status).toBe(201);
    const serverId = (await created.json()).server.id;
    const keyRoute = await adminKeys();
    const setKey = await keyRoute.PUT(new Request('http://app/api/admin/provider-keys/openai', send('PUT', { key: providerKey })), params({ provider: 'openai' }));
    expect(setKey.status).toBe(200);

    const { getDb } = await import('@/db/client');
    const { getMcpServer } = await import('@/db/queries/mcp-servers');
    const { listAllProviderKeys } = await import('@/db/queries/provider-keys');
    const db = await getDb();
    const headerCiphertext = (await getMcpServer(db, 'local', serverId))!.headers['X-Api-Key'];
    const keyCiphertext = (await listAllProviderKeys(db)).find((row) => row.provider === 'openai')!.secret;
    // The search finds them while they exist, and never finds the plaintext.
    expect(onDisk(headerCiphertext)).toBe(true);
    expect(onDisk(keyCiphertext)).toBe(true);
    expect(onDisk(headerValue)).toBe(false);
    expect(onDisk(providerKey)).toBe(false);

    expect((await app.api.server.DELETE(new Request('http://app', { method: 'DELETE' }), params({ id: serverId }))).status).toBe(200);
    expect((await keyRoute.DELETE(new Request('http://app/api/admin/provider-keys/openai', { method: 'DELETE' }), params({ provider: 'openai' }))).status).toBe(200);
    const gone = () => [headerValue, providerKey, headerCiphertext, keyCiphertext].filter(onDisk);
    // The deletes checkpointed the log themselves…
    expect(gone()).toEqual([]);
    // …and stay gone after an explicit checkpoint.
    await db.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`);
    expect(gone()).toEqual([]);
  });

  it('leaves out a server whose header values no key opens, saying why', async () => {
    const { getDb } = await import('@/db/client');
    const { createMcpServer } = await import('@/db/queries/mcp-servers');
    const { deriveSecretKey, sealWith } = await import('@/lib/server/secret-box');
    // Sealed with another key, as after AUTH_SECRET changed.
    const foreign = sealWith(deriveSecretKey('a key this server does not have'), 'some value');
    await createMcpServer(await getDb(), { id: 'mcp-foreign', ownerId: 'local', name: 'foreign', transport: 'http', url: recorderUrl, headers: { Authorization: foreign }, command: null, args: [], enabled: true });
    seen = [];
    const result = await (await app.api.test.POST(new Request('http://app', { method: 'POST' }), params({ id: 'mcp-foreign' }))).json();
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^MCP server "foreign": .*AUTH_SECRET changed or was removed.*enter its header values again\.$/) });
    expect(seen).toEqual([]); // never contacted
  });

  it('runs the local connection with secure_delete on', async () => {
    const { getDb } = await import('@/db/client');
    expect(await (await getDb()).all(sql`PRAGMA secure_delete`)).toEqual([{ secure_delete: 1 }]);
  });
});
