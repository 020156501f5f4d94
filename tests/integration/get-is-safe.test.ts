/**
 * No GET changes state. Against a seeded database (accounts on, an admin with a
 * session that ran tools and wrote a file, a live and a snapshot share, an MCP server
 * with a secret header, an invite), the test calls every GET handler of every
 * app/api/**\/route.ts and every page and layout (their server-side code: the page
 * function and generateMetadata, with next/headers answering the request's headers),
 * signed in and anonymously, then compares every table row for row.
 *
 * The one documented exception: the share page counts views (shares.view_count and
 * last_viewed_at, docs/hardening.md). The test leaves out those two columns only,
 * and checks they did change, so it knows it reached the share page.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/server/http';
import { cookieFrom, post, readChunks, send, setupAppHarness } from '../support/app-harness';

/** What next/headers answers inside a page call: the headers of the request being simulated. */
const scope = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock('next/headers', () => ({
  headers: async () => scope.headers,
  cookies: async () => ({ get: (name: string) => scope.headers.get('cookie')?.match(new RegExp(`${name}=([^;]+)`))?.[1] }),
}));

const app = setupAppHarness({
  name: 'get-is-safe',
  routes: ['signUp', 'shares', 'servers', 'invites'],
  env: { AUTH_SECRET: 'get-is-safe-secret-0123456789-abcdefghij' },
});
const { api } = app;

const BASE = 'http://localhost:3000';
const ROOT = path.resolve(__dirname, '../..');
/** Columns a GET may change, by table: the share page's view counter (analytics, see the file comment). */
const EXCEPTIONS: Record<string, string[]> = { shares: ['view_count', 'last_viewed_at'] };

const seeded = { cookie: '', groupId: '', sessionId: '', runId: '', messageId: '', shareId: '', shareToken: '', liveToken: '', serverId: '', inviteToken: '' };

function files(dir: string, names: string[]): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, names);
    return names.includes(entry.name) ? [full] : [];
  });
}

/** A value for every dynamic segment, from the seed; a new segment name fails here until it is added. */
function paramValue(name: string): string | string[] {
  const values: Record<string, string | string[]> = {
    id: seeded.sessionId,
    groupId: seeded.groupId,
    runId: seeded.runId,
    messageId: seeded.messageId,
    shareId: seeded.shareId,
    token: seeded.shareToken,
    path: ['no', 'such', 'endpoint'],
    all: ['get-session'],
    // Ids of rows the seed does not make: a GET of a missing one must not write either.
    itemId: 'no-such-item',
    grantId: 'no-such-grant',
    approvalId: 'no-such-approval',
    elicitationId: 'no-such-elicitation',
    compactionId: 'no-such-compaction',
    provider: 'openai',
  };
  if (!(name in values)) throw new Error(`get-is-safe: no seeded value for the route segment [${name}]; add one to paramValue().`);
  return values[name];
}

/** `app/api/sessions/[id]/export` → the URL and params with the seeded ids. */
function fill(dir: string): { url: string; params: Record<string, string | string[]> } {
  const params: Record<string, string | string[]> = {};
  const segments = path
    .relative(path.join(ROOT, 'app'), dir)
    .split(path.sep)
    .filter((segment) => segment && !/^\(.+\)$/.test(segment))
    .map((segment) => {
      const dynamic = /^\[(?:\.\.\.)?(\w+)\]$/.exec(segment);
      if (!dynamic) return segment;
      const value = paramValue(dynamic[1]);
      params[dynamic[1]] = value;
      return Array.isArray(value) ? value.join('/') : value;
    });
  return { url: `${BASE}/${segments.join('/')}`, params };
}

/** Query strings worth asking for, by route; every GET is also called without one. */
const QUERIES: Record<string, string[]> = {
  '/api/sessions/[id]/export': ['?format=json', '?format=markdown'],
  '/api/sessions/[id]/files/content': ['?path=%2Fworkspace%2Fnotes.txt'],
  '/api/chat/[id]/stream': ['?after=0'],
};

const withCookie = (headers: Record<string, string> = {}) => ({ ...headers, cookie: seeded.cookie });

/** Every table, row for row: a count and a hash of the rows in primary-key order (the excepted columns left out). */
async function snapshotTables(): Promise<Record<string, { rows: number; hash: string }>> {
  const { getAppDb } = await import('@/lib/server/db');
  const db = await getAppDb();
  const tables = await db.all<{ name: string }>(sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`);
  const result: Record<string, { rows: number; hash: string }> = {};
  for (const { name } of tables) {
    const rows = await db.all<Record<string, unknown>>(sql.raw(`SELECT * FROM "${name}" ORDER BY rowid`));
    const kept = rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !EXCEPTIONS[name]?.includes(column))));
    result[name] = { rows: rows.length, hash: createHash('sha256').update(JSON.stringify(kept)).digest('hex') };
  }
  return result;
}

async function viewCounts(): Promise<number> {
  const { getAppDb } = await import('@/lib/server/db');
  const [row] = await (await getAppDb()).all<{ views: number }>(sql`SELECT sum(view_count) AS views FROM shares`);
  return row?.views ?? 0;
}

/** Waits until nothing the seed started is still writing: no running run and two equal snapshots in a row. */
async function settled(): Promise<Record<string, { rows: number; hash: string }>> {
  let previous = await snapshotTables();
  for (let attempt = 0; attempt < 50; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await snapshotTables();
    if (JSON.stringify(next) === JSON.stringify(previous)) return next;
    previous = next;
  }
  throw new Error('the seeded database never settled');
}

beforeAll(async () => {
  const signUp = await api.signUp.POST(new Request(`${BASE}/api/account/sign-up`, post({ name: 'Owner', email: 'owner@example.com', password: 'owner passphrase 1' })));
  expect(signUp.status).toBe(201);
  seeded.cookie = cookieFrom(signUp);

  const as = (init: RequestInit) => ({ ...init, headers: withCookie(init.headers as Record<string, string>) });
  const created = await api.sessions.POST(new Request(`${BASE}/api/sessions`, as(post({ modelKey: 'compat:scripted-chat', title: 'Seeded' }))));
  seeded.sessionId = (await created.json()).session.id;
  const id = seeded.sessionId;
  const context = { params: Promise.resolve({ id }) };
  await api.session.PATCH(new Request(`${BASE}/api/sessions/${id}`, as(send('PATCH', { permissionMode: 'auto' }))), context);
  const args = encodeURIComponent(JSON.stringify({ path: 'notes.txt', content: 'seeded file' }));
  const chat = (text: string) =>
    api.chat.POST(new Request(`${BASE}/api/chat`, as(post({ sessionId: id, message: { id: `u-${text.length}-${Math.random()}`, role: 'user', parts: [{ type: 'text', text }] } }))));
  await readChunks(await chat(`Write it [[scenario:tool?tool=write_file&args=${args}]]`));
  await readChunks(await chat('And say hello'));

  const share = await api.shares.POST(new Request(`${BASE}/api/sessions/${id}/shares`, as(post({}))), context);
  const shareView = (await share.json()).share;
  seeded.shareId = shareView.id;
  seeded.shareToken = shareView.url.replace('/share/', '');
  const live = await api.shares.POST(new Request(`${BASE}/api/sessions/${id}/shares`, as(post({ mode: 'live' }))), context);
  seeded.liveToken = (await live.json()).share.url.replace('/share/', '');

  const server = await api.servers.POST(
    new Request(`${BASE}/api/mcp-servers`, as(post({ name: 'seeded', url: 'http://127.0.0.1:9/mcp', headers: [{ name: 'Authorization', value: 'Bearer seeded-secret' }] }))),
  );
  expect(server.status).toBe(201);
  const invite = await api.invites.POST(new Request(`${BASE}/api/admin/invites`, as(post({}))));
  seeded.inviteToken = new URL((await invite.json()).invite.url).searchParams.get('invite') ?? '';

  // A comparison of two columns, so its page and list are read with a real group.
  const { createCompareGroup } = await import('@/lib/server/compare');
  const group = await createCompareGroup(new Request(`${BASE}/api/compare`, as(post({}))), {
    columns: [{ modelKey: 'compat:scripted-chat', settings: {} }, { modelKey: 'compat:scripted-chat', settings: {} }],
  });
  seeded.groupId = group.id;

  const { getAppDb } = await import('@/lib/server/db');
  const [run] = await (await getAppDb()).all<{ id: string; message_id: string }>(sql`SELECT id, message_id FROM runs ORDER BY started_at LIMIT 1`);
  seeded.runId = run.id;
  seeded.messageId = run.message_id;
});

const routeFiles = files(path.join(ROOT, 'app/api'), ['route.ts']).sort();
const pageFiles = files(path.join(ROOT, 'app'), ['page.tsx', 'layout.tsx']).sort();

type Handler = ((request: Request, context: { params: Promise<unknown> }) => Promise<Response>) & { methodNotAllowed?: boolean };
type PageModule = {
  default: (props: Record<string, unknown>) => unknown;
  generateMetadata?: (props: Record<string, unknown>) => Promise<unknown>;
};

/** Calls a page's server code; notFound() and redirect() end it as they end a render. */
async function renderServerSide(page: PageModule, props: Record<string, unknown>): Promise<string> {
  try {
    await page.generateMetadata?.(props);
    await page.default(props);
    return 'rendered';
  } catch (error) {
    const digest = (error as { digest?: unknown }).digest;
    if (typeof digest === 'string' && digest.startsWith('NEXT_')) return digest.split(';')[0] ?? digest;
    // Signed out, a page below the app layout throws 401 (the layout has redirected to /sign-in before it renders).
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

describe('no GET changes state', () => {
  it('finds the GET routes and the pages', () => {
    expect(routeFiles.length).toBeGreaterThan(30);
    expect(pageFiles.some((file) => file.includes(path.join('share', '[token]')))).toBe(true);
  });

  it('every GET route and every page leaves the database as it was (the share view counter aside)', async () => {
    const before = await settled();
    const viewsBefore = await viewCounts();
    const called: string[] = [];

    for (const file of routeFiles) {
      const handler = ((await import(/* @vite-ignore */ file)) as Record<string, Handler | undefined>).GET;
      if (typeof handler !== 'function' || handler.methodNotAllowed) continue;
      const route = '/' + path.relative(path.join(ROOT, 'app'), path.dirname(file)).split(path.sep).join('/');
      const { url, params } = fill(path.dirname(file));
      for (const query of ['', ...(QUERIES[route] ?? [])]) {
        for (const signedIn of [true, false]) {
          const response = await handler(new Request(`${url}${query}`, { headers: signedIn ? withCookie() : {} }), { params: Promise.resolve(params) });
          await response.text();
          called.push(`GET ${route}${query} ${signedIn ? 'signed in' : 'anonymous'} → ${response.status}`);
        }
      }
    }

    for (const file of pageFiles) {
      const page = (await import(/* @vite-ignore */ file)) as PageModule;
      const { params } = fill(path.dirname(file));
      const name = path.relative(ROOT, file);
      const searches = name.includes('sign-up') ? [{}, { invite: seeded.inviteToken }] : [{}];
      for (const searchParams of searches) {
        for (const signedIn of [true, false]) {
          scope.headers = new Headers(signedIn ? withCookie() : {});
          const outcome = await renderServerSide(page, { params: Promise.resolve(params), searchParams: Promise.resolve(searchParams), children: null });
          called.push(`${name} ${signedIn ? 'signed in' : 'anonymous'} → ${outcome}`);
        }
      }
    }
    // The live share too: it is rebuilt from the session at every read.
    const sharePage = await import('@/app/share/[token]/page');
    const live = { params: Promise.resolve({ token: seeded.liveToken }) };
    scope.headers = new Headers();
    called.push(`live share → ${await renderServerSide({ default: () => sharePage.default(live), generateMetadata: () => sharePage.generateMetadata(live) }, {})}`);

    // The seeded reads really read: the owner's session, its export and file, the share page.
    expect(called).toEqual(
      expect.arrayContaining([
        'GET /api/sessions/[id] signed in → 200',
        'GET /api/sessions/[id]/export?format=json signed in → 200',
        'GET /api/sessions/[id]/files/content?path=%2Fworkspace%2Fnotes.txt signed in → 200',
        'GET /api/admin/users signed in → 200',
        'GET /api/sessions anonymous → 401',
        `${path.join('app', 'share', '[token]', 'page.tsx')} anonymous → rendered`,
        `${path.join('app', '(app)', 's', '[id]', 'page.tsx')} signed in → rendered`,
        'live share → rendered',
      ]),
    );

    const after = await snapshotTables();
    for (const table of Object.keys(before)) expect(after[table], `table ${table} after ${called.length} GETs and page renders`).toEqual(before[table]);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    // The exception is real and narrow: the share page counted its views, nothing else moved.
    expect(await viewCounts()).toBeGreaterThan(viewsBefore);
  });
});
