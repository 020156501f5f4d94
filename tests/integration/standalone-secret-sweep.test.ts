/**
 * The secret sweep (issue 13, "Keys and secrets"): the built server process (the standalone
 * folder, started as the container starts it) with accounts and tracing on, the scripted model
 * server, server-everything behind a recording proxy, and a local OTLP/HTTP receiver. Known,
 * unique secrets are planted everywhere a secret lives: AUTH_SECRET, the environment's provider
 * keys, a credential-named variable, the approval and collector secrets, a server-wide key set
 * by the admin, a user's own key, an MCP header value, both users' passwords (the user's twice:
 * before and after a reset), every session cookie, and the invite and reset tokens.
 *
 * Then a realistic session: the admin signs up and invites a user; runs on every key, each
 * with a provider error that quotes the key it was sent (scripted `quoteKey=1`); tool calls (a
 * file write, an MCP tool, a shell that prints its environment, an approval with a grant); a
 * manual compaction; an MCP test call; a session where the admin pastes the server-wide key
 * and the model writes it to a file and quotes it; exports (JSON, Markdown), shares (preview,
 * snapshot, live) and their pages, a fork from a share; a password reset and sign-ins.
 *
 * Collected: every response (status line, headers but Set-Cookie, body) of those steps, of
 * every GET handler of every app/api route file (walked, so a new route is swept the day it
 * is added) and of every page, as the admin, as the user and signed out; the server's stdout
 * and stderr; every OTLP body it exported; what it sent the model provider and the MCP server.
 * None may hold any planted secret: raw, URL- or form-encoded, JSON- or HTML-escaped, or in
 * base64 (standard and URL-safe, at each of the three byte alignments).
 *
 * The exceptions, each with its reason (docs/secret-sweep.md):
 * - A secret goes out where it must: a session cookie in the Set-Cookie header that sets it;
 *   a provider key in the Authorization header of the request to its provider; an MCP header
 *   value in the requests to its MCP server. (Headers of those requests are not swept; their
 *   bodies are.)
 * - An invite or reset link's token is in the one response that makes the link (the admin
 *   passes it on: no mail server), and in the page that link opens, whose form sends it back.
 * - What the owner wrote stays theirs: the admin pastes the server-wide key into one session,
 *   and that session's own views for its owner (transcript, run traces, workspace file, page)
 *   show it back, as do the model requests of that conversation. Its exports, shares, share
 *   pages, forks, the logs and the traces must not.
 * Nothing else: keys, the MCP header value, passwords and AUTH_SECRET never come back to
 * anyone, their owner included (keys are shown as ••••abcd: the last four characters only).
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer } from '../scripted-server/index.mjs';
import { startEverythingServer, type EverythingServer } from '../support/mcp-everything';
import { startOtlpReceiver, type OtlpReceiver } from '../support/otlp-receiver';
import { freePort, installStandalone, removeTempFolders, standaloneBuild, startServerProcess, type ServerProcess } from '../support/standalone-app';

// ─── The planted secrets ─────────────────────────────────────────────────────────────────────

const unique = (label: string) => `${label}${randomBytes(12).toString('hex')}`;

/** Known before the server starts. The shapes vary on purpose: only one looks like an `sk-` key, so the sweep tests value-based scrubbing, not the key-shape regex. */
const ENV = {
  AUTH_SECRET: `planted+auth/secret=${randomBytes(18).toString('base64')}`,
  OPENAI_API_KEY: unique('sk-proj-plantedEnvOpenai'),
  OPENAI_COMPATIBLE_API_KEY: unique('fw_plantedEnvCompat'),
  EXAMPLE_SERVICE_TOKEN: unique('planted-service-token-'),
  TOOL_APPROVAL_SECRET: unique('planted-approval-secret-'),
  OTLP_COLLECTOR_KEY: unique('planted-collector-key-'),
};
const ADMIN_KEY = unique('plantedAdminServerWideKey');
const USER_KEY = unique('plantedUserOwnKey');
const MCP_HEADER_VALUE = unique('planted-mcp-header-');
const ADMIN_PASSWORD = `planted admin pass+word/${randomBytes(6).toString('hex')}`;
const USER_PASSWORD = `planted user pass&word ${randomBytes(6).toString('hex')}`;
const USER_NEW_PASSWORD = `planted new pass=word? ${randomBytes(6).toString('hex')}`;
const ADMIN_EMAIL = 'admin@sweep.example';
const USER_EMAIL = 'user@sweep.example';

/** name → value; cookies and link tokens join as they are made. */
const secrets = new Map<string, string>([
  ['AUTH_SECRET', ENV.AUTH_SECRET],
  ['OPENAI_API_KEY (env)', ENV.OPENAI_API_KEY],
  ['OPENAI_COMPATIBLE_API_KEY (env)', ENV.OPENAI_COMPATIBLE_API_KEY],
  ['EXAMPLE_SERVICE_TOKEN (env)', ENV.EXAMPLE_SERVICE_TOKEN],
  ['TOOL_APPROVAL_SECRET (env)', ENV.TOOL_APPROVAL_SECRET],
  ['collector key (OTEL_EXPORTER_OTLP_HEADERS)', ENV.OTLP_COLLECTOR_KEY],
  ['server-wide key (admin, UI)', ADMIN_KEY],
  ["user's own key (UI)", USER_KEY],
  ['MCP header value', MCP_HEADER_VALUE],
  ["admin's password", ADMIN_PASSWORD],
  ["user's password", USER_PASSWORD],
  ["user's new password", USER_NEW_PASSWORD],
]);
const INVITE = 'invite token';
const RESET = 'reset token';
/** The secret the admin pastes into a session of theirs (see the file comment). */
const PASTED = 'server-wide key (admin, UI)';

/**
 * The forms a secret can take on the way out: raw, URL- and form-encoded, JSON-, HTML- and
 * script-escaped, and base64 (standard and URL-safe) at each of the three byte alignments a
 * secret inside a longer encoded text can have (whole 3-byte groups only, so the encoded
 * fragment does not depend on its neighbours).
 */
function secretForms(value: string): Array<{ form: string; text: string }> {
  const forms = new Map<string, string>();
  const add = (form: string, text: string) => {
    if (text.length >= 12 && ![...forms.values()].includes(text)) forms.set(form, text);
  };
  add('raw', value);
  add('URL-encoded', encodeURIComponent(value));
  add('form-encoded', new URLSearchParams({ v: value }).toString().slice(2));
  add('JSON-escaped', JSON.stringify(value).slice(1, -1));
  add('HTML-escaped', value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;'));
  // JSON inside an inline <script> (the React Server Components payload): \u0026 for &, and so on; some writers also escape slashes.
  add('script-escaped', value.replace(/[&<>]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`));
  add('slash-escaped', value.replace(/\//g, '\\/'));
  for (let shift = 0; shift < 3; shift++) {
    const bytes = Buffer.from(value.slice(shift), 'utf8');
    const whole = bytes.subarray(0, Math.floor(bytes.length / 3) * 3);
    add(`base64 (offset ${shift})`, whole.toString('base64'));
    add(`base64url (offset ${shift})`, whole.toString('base64url'));
  }
  return [...forms].map(([form, text]) => ({ form, text }));
}

// ─── What the server sent out ────────────────────────────────────────────────────────────────

type Kind = 'api' | 'page' | 'export' | 'share' | 'log' | 'trace' | 'model request' | 'mcp request';
interface Output {
  kind: Kind;
  label: string;
  text: string;
  /** Secret names this output may hold, with the reason. */
  allowed: Map<string, string>;
}
const outputs: Output[] = [];

function record(kind: Kind, label: string, text: string, allowed: Array<[string, string]> = []): void {
  outputs.push({ kind, label, text, allowed: new Map(allowed) });
}

interface Leak {
  output: string;
  secret: string;
  form: string;
  context: string;
}

function leaksIn(kinds: Kind[]): Leak[] {
  const leaks: Leak[] = [];
  const searched = [...secrets].map(([name, value]) => ({ name, forms: secretForms(value) }));
  for (const output of outputs.filter((o) => kinds.includes(o.kind))) {
    for (const { name, forms } of searched) {
      if (output.allowed.has(name)) continue;
      for (const { form, text } of forms) {
        const at = output.text.indexOf(text);
        if (at < 0) continue;
        leaks.push({ output: `${output.kind}: ${output.label}`, secret: name, form, context: output.text.slice(Math.max(0, at - 80), at + text.length + 40) });
        break;
      }
    }
  }
  return leaks;
}

// ─── The processes ───────────────────────────────────────────────────────────────────────────

let server: ServerProcess;
let scripted: ScriptedServer;
let everything: EverythingServer;
let receiver: OtlpReceiver;
let mcpProxy: { url: string; seen: Array<{ headers: http.IncomingHttpHeaders; body: string }>; close: () => Promise<void> };
let origin = '';

/** A proxy in front of server-everything that keeps what the app sent it (headers included). */
async function startRecordingProxy(target: string): Promise<typeof mcpProxy> {
  const seen: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  const to = new URL(target);
  const proxy = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ headers: request.headers, body: body.toString('utf8') });
      const upstream = http.request({ host: to.hostname, port: to.port, path: request.url, method: request.method, headers: { ...request.headers, host: to.host } }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      upstream.on('error', () => response.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

const timings: Record<string, number> = {};

beforeAll(async () => {
  const started = Date.now();
  const build = standaloneBuild();
  timings.build = Date.now() - started;
  const app = installStandalone(build);
  [scripted, everything, receiver] = await Promise.all([startScriptedServer(), startEverythingServer(), startOtlpReceiver()]);
  mcpProxy = await startRecordingProxy(everything.url);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const booted = Date.now();
  server = await startServerProcess({
    command: [process.execPath, 'scripts/start.mjs'],
    cwd: app,
    port,
    env: {
      PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: path.join(app, 'data'),
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      DATABASE_URL: `file:${path.join(app, 'data', 'playground.db')}`,
      // Everything the server may log, it logs.
      LOG_LEVEL: 'debug',
      AUTH_SECRET: ENV.AUTH_SECRET,
      TOOL_APPROVAL_SECRET: ENV.TOOL_APPROVAL_SECRET,
      EXAMPLE_SERVICE_TOKEN: ENV.EXAMPLE_SERVICE_TOKEN,
      OLLAMA_DISCOVERY: 'off',
      OPENAI_API_KEY: ENV.OPENAI_API_KEY,
      OPENAI_BASE_URL: scripted.url,
      OPENAI_MODELS: 'scripted-responses',
      OPENAI_COMPATIBLE_API_KEY: ENV.OPENAI_COMPATIBLE_API_KEY,
      OPENAI_COMPATIBLE_BASE_URL: scripted.url,
      OPENAI_COMPATIBLE_NAME: 'Scripted',
      OPENAI_COMPATIBLE_MODELS: 'scripted-chat',
      // Tracing on (docs/observability.md), to a collector that wants a key.
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_HEADERS: `authorization=Bearer ${ENV.OTLP_COLLECTOR_KEY}`,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
    readyTimeoutMs: 60_000,
  });
  if (!server.stdout().includes('ready on')) throw new Error(`the server did not start:\n${server.stdout()}\n${server.stderr()}`);
  timings.start = Date.now() - booted;
}, 900_000);

afterAll(async () => {
  await server?.stop();
  await Promise.all([scripted?.close(), everything?.stop(), receiver?.close(), mcpProxy?.close()]);
  removeTempFolders();
}, 60_000);

// ─── Talking to it ───────────────────────────────────────────────────────────────────────────

interface Viewer {
  name: 'admin' | 'user' | 'signed out';
  cookie?: string;
}
const admin: Viewer = { name: 'admin' };
const user: Viewer = { name: 'user' };
const signedOut: Viewer = { name: 'signed out' };

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: () => any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the API's JSON, read by each step
}

/** Every Set-Cookie value this server sent becomes a planted secret (its Set-Cookie header is the one place it may be). */
function plantCookies(headers: Headers, owner: string): string | undefined {
  let session: string | undefined;
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq);
    const value = decodeURIComponent(pair!.slice(eq + 1));
    if (value.length < 16) continue; // a cleared cookie
    secrets.set(`${owner}'s cookie ${name} #${secrets.size}`, value);
    // The session token alone (the cookie is `<token>.<signature>`): what the database keeps.
    const token = value.split('.')[0]!;
    if (token.length >= 16 && token !== value) secrets.set(`${owner}'s session token #${secrets.size}`, token);
    if (name.endsWith('session_token')) session = `${name}=${pair!.slice(eq + 1)}`;
  }
  return session;
}

function headerText(headers: Headers): string {
  return [...headers].filter(([name]) => name !== 'set-cookie').map(([name, value]) => `${name}: ${value}`).join('\n');
}

/** Sends a request as a browser on this origin would (Origin on writes, the viewer's cookie) and records the answer. */
async function send(
  viewer: Viewer,
  method: string,
  url: string,
  body?: unknown,
  options: { kind?: Kind; allowed?: Array<[string, string]>; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (viewer.cookie) headers.cookie = viewer.cookie;
  if (method !== 'GET' && method !== 'HEAD') {
    headers.origin = origin;
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${origin}${url}`, { method, headers, body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body), redirect: 'manual' });
  const text = await response.text();
  const kind = options.kind ?? (url.startsWith('/api/') ? 'api' : 'page');
  const label = `${method} ${url} as ${viewer.name} → ${response.status}`;
  record(kind, label, `${response.status}\n${headerText(response.headers)}\n\n${text}`, [...(options.allowed ?? []), ...ownWords(viewer, url)]);
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

async function expectStatus(answer: Promise<Answer>, status: number): Promise<Answer> {
  const done = await answer;
  expect(done.status, `${done.text.slice(0, 500)}\n--- the server's last log lines ---\n${server.stdout().slice(-3000)}\n${server.stderr().slice(-3000)}`).toBe(status);
  return done;
}

let messageCounter = 0;
const message = (text: string) => ({ id: `u-sweep-${++messageCounter}`, role: 'user', parts: [{ type: 'text', text }] });
const marker = (name: string, params: Record<string, string>) => `[[scenario:${name}?${new URLSearchParams(params).toString().replace(/\+/g, '%20')}]]`;
const toolMarker = (tool: string, args: unknown, answer?: string) => marker('tool', { tool, args: JSON.stringify(args), ...(answer ? { answer } : {}) });

async function newSession(viewer: Viewer, modelKey: string): Promise<string> {
  return (await expectStatus(send(viewer, 'POST', '/api/sessions', { modelKey }), 201)).json().session.id;
}

/** One chat turn, read to its end (the run is over when the stream is). */
async function chat(viewer: Viewer, sessionId: string, text: string): Promise<string> {
  // The chat stream is the session's own view too: its URL does not name the session, its body does.
  const own = ownWords(viewer, `/api/chat?sessionId=${sessionId}`);
  return (await expectStatus(send(viewer, 'POST', '/api/chat', { sessionId, message: message(text) }, { allowed: own }), 200)).text;
}

// The session the admin pastes the server-wide key into, and the ids of its own views (see the file comment).
const pasted = { sessionId: '', ids: [] as string[] };
function ownWords(viewer: Viewer, url: string): Array<[string, string]> {
  if (viewer !== admin || !pasted.ids.some((id) => url.includes(id))) return [];
  return [[PASTED, 'the admin pasted this key into this session: its own views show it back to its owner']];
}

// ─── The realistic session ───────────────────────────────────────────────────────────────────

const ids = {
  userId: '',
  adminSessions: [] as string[],
  userSessions: [] as string[],
  shareIds: [] as string[],
  shareTokens: [] as string[],
  serverId: '',
  grantId: '',
  compactionId: '',
  groupId: '',
  notesSession: '',
  forkedSession: '',
};

async function runsOf(viewer: Viewer, sessionId: string): Promise<Array<{ id: string; messageId: string; status: string }>> {
  return (await expectStatus(send(viewer, 'GET', `/api/sessions/${sessionId}/runs`), 200)).json().runs;
}

async function messagesOf(viewer: Viewer, sessionId: string): Promise<Array<{ id: string; role: string; parts: Array<Record<string, unknown>>; metadata?: { runEnd?: { reason: string; message?: string } } }>> {
  return (await expectStatus(send(viewer, 'GET', `/api/sessions/${sessionId}`), 200)).json().session.messages;
}

const quoteKeyError = (status: number, extra: Record<string, string> = {}) => `Go ${marker('http-error', { status: String(status), quoteKey: '1', ...extra })}`;

async function driveSession(): Promise<void> {
  // Accounts: the first sign-up is the admin; the admin lets users bring keys and invites one.
  const signUp = await expectStatus(send(signedOut, 'POST', '/api/account/sign-up', { name: 'Ada Admin', email: ADMIN_EMAIL, password: ADMIN_PASSWORD }), 201);
  admin.cookie = plantCookies(signUp.headers, 'admin');
  await expectStatus(send(admin, 'PATCH', '/api/admin/settings', { allowUserKeys: true }), 200);
  const invite = await expectStatus(send(admin, 'POST', '/api/admin/invites', {}, { allowed: [[INVITE, 'the response that makes an invite link carries it, once']] }), 201);
  const inviteUrl = new URL(invite.json().invite.url);
  secrets.set(INVITE, inviteUrl.searchParams.get('invite')!);
  await send(signedOut, 'GET', `${inviteUrl.pathname}${inviteUrl.search}`, undefined, { allowed: [[INVITE, 'the page the invite link opens hands its token to its form']] });
  const joined = await expectStatus(send(signedOut, 'POST', '/api/account/sign-up', { name: 'Uma User', email: USER_EMAIL, password: USER_PASSWORD, invite: secrets.get(INVITE) }), 201);
  user.cookie = plantCookies(joined.headers, 'user');

  // Runs on each key in turn, each ending in a provider error that quotes the key it was sent.
  const userCompat = await newSession(user, 'compat:scripted-chat');
  const userOpenai = await newSession(user, 'openai:scripted-responses');
  ids.userSessions.push(userCompat, userOpenai);
  await chat(user, userCompat, quoteKeyError(401)); // the environment's compat key
  await chat(user, userOpenai, quoteKeyError(401)); // the environment's OpenAI key
  // A mistyped key and a header value with a control character are refused without being quoted back.
  await expectStatus(send(admin, 'PUT', '/api/admin/provider-keys/compat', { key: `${ADMIN_KEY} extra words` }), 400);
  await expectStatus(send(admin, 'POST', '/api/mcp-servers', { name: 'mistyped', url: mcpProxy.url, headers: [{ name: 'X-Api-Key', value: `${MCP_HEADER_VALUE}\u0007` }] }), 400);
  await expectStatus(send(admin, 'PUT', '/api/admin/provider-keys/compat', { key: ADMIN_KEY }), 200);
  await chat(user, userCompat, quoteKeyError(401)); // a user's run on the admin's key
  await expectStatus(send(user, 'PUT', '/api/account/provider-keys/compat', { key: USER_KEY }), 200);
  await chat(user, userCompat, quoteKeyError(401)); // the user's own key
  const adminErrors = await newSession(admin, 'compat:scripted-chat');
  ids.adminSessions.push(adminErrors);
  // A retryable failure quoting the key, then a recovered answer: the failed attempt's row and the retry notice.
  await chat(admin, adminErrors, quoteKeyError(500, { times: '1', text: 'Recovered answer' }));

  // MCP: a server whose header holds a secret, its test call, and a tool call through it.
  const created = await expectStatus(send(admin, 'POST', '/api/mcp-servers', { name: 'everything', url: mcpProxy.url, headers: [{ name: 'X-Api-Key', value: MCP_HEADER_VALUE }] }), 201);
  ids.serverId = created.json().server.id;
  const tested = await expectStatus(send(admin, 'POST', `/api/mcp-servers/${ids.serverId}/test`, {}), 200);
  expect(tested.json().ok, tested.text).toBe(true);

  // The admin's working session: auto mode, a file write, an MCP tool, a shell printing its environment, a compaction.
  const notes = await newSession(admin, 'compat:scripted-chat');
  ids.notesSession = notes;
  ids.adminSessions.push(notes);
  await expectStatus(send(admin, 'PATCH', `/api/sessions/${notes}`, { permissionMode: 'auto' }), 200);
  await chat(admin, notes, `Write the notes ${toolMarker('write_file', { path: 'notes.txt', content: 'Meeting notes: ship on Friday.' })}`);
  await chat(admin, notes, `Echo through MCP ${toolMarker('everything__echo', { message: 'hello from the sweep' })}`);
  await chat(admin, notes, `Show the environment ${toolMarker('bash', { command: 'env; printenv; cat /proc/self/environ; echo "$AUTH_SECRET $OPENAI_API_KEY $EXAMPLE_SERVICE_TOKEN"' })}`);
  const compacted = await expectStatus(send(admin, 'POST', `/api/sessions/${notes}/compact`, {}), 200);
  ids.compactionId = compacted.json().compaction?.id ?? '';

  // The user's working session: ask mode, a write that needs an approval, approved with "always allow".
  const userNotes = await newSession(user, 'compat:scripted-chat');
  ids.userSessions.push(userNotes);
  await chat(user, userNotes, `Write mine ${toolMarker('write_file', { path: 'todo.txt', content: 'buy milk' })}`);
  const pending = (await messagesOf(user, userNotes)).at(-1)!.parts.find((part) => part.type === 'tool-write_file') as { approval?: { id: string; signature: string } };
  expect(pending.approval?.signature).toBeTruthy();
  await expectStatus(send(user, 'POST', '/api/chat', { sessionId: userNotes, approvals: [{ approvalId: pending.approval!.id, approved: true, signature: pending.approval!.signature, alwaysAllow: true }] }), 200);
  ids.grantId = (await expectStatus(send(user, 'GET', `/api/sessions/${userNotes}/grants`), 200)).json().grants?.[0]?.id ?? '';
  // A comparison of the user's: its list, its page and its columns are swept too.
  const comparison = await expectStatus(
    send(user, 'POST', '/api/compare', { columns: [{ modelKey: 'compat:scripted-chat', settings: {} }, { modelKey: 'openai:scripted-responses', settings: {} }] }),
    201,
  );
  ids.groupId = comparison.json().group.id;

  // The admin pastes the server-wide key into a session; the model writes it to a file and quotes it.
  pasted.sessionId = await newSession(admin, 'compat:scripted-chat');
  ids.adminSessions.push(pasted.sessionId);
  pasted.ids.push(pasted.sessionId);
  await expectStatus(send(admin, 'PATCH', `/api/sessions/${pasted.sessionId}`, { permissionMode: 'auto' }), 200);
  await chat(admin, pasted.sessionId, 'Set up the deploy notes');
  await chat(
    admin,
    pasted.sessionId,
    `Our key is ${ADMIN_KEY}, keep it in deploy.env ${toolMarker('write_file', { path: 'deploy.env', content: `COMPAT_KEY=${ADMIN_KEY}\n` }, `Saved ${ADMIN_KEY} to deploy.env.`)}`,
  );
  for (const run of await runsOf(admin, pasted.sessionId)) pasted.ids.push(run.id, run.messageId);

  // Exports, shares (preview, snapshot, live) and their pages; the user forks from a share.
  for (const sessionId of [pasted.sessionId, adminErrors, notes]) {
    for (const format of ['json', 'markdown']) await expectStatus(send(admin, 'GET', `/api/sessions/${sessionId}/export?format=${format}`, undefined, { kind: 'export' }), 200);
  }
  for (const sessionId of [pasted.sessionId, adminErrors]) {
    await expectStatus(send(admin, 'POST', `/api/sessions/${sessionId}/shares/preview`, {}, { kind: 'share' }), 200);
    for (const mode of ['snapshot', 'live']) {
      const share = (await expectStatus(send(admin, 'POST', `/api/sessions/${sessionId}/shares`, { mode }, { kind: 'share' }), 201)).json().share;
      ids.shareIds.push(share.id);
      ids.shareTokens.push(share.url.replace('/share/', ''));
    }
  }
  for (const token of ids.shareTokens) {
    for (const viewer of [signedOut, user, admin]) await expectStatus(send(viewer, 'GET', `/share/${token}`, undefined, { kind: 'share' }), 200);
  }
  const fork = await expectStatus(send(user, 'POST', `/api/share/${ids.shareTokens[0]}/fork`, {}, { kind: 'share' }), 201);
  ids.forkedSession = fork.json().session.id;
  ids.userSessions.push(ids.forkedSession);

  // A password reset through an admin's link, then both sign in again; one failed attempt with the old password.
  const users = (await expectStatus(send(admin, 'GET', '/api/admin/users'), 200)).json().users as Array<{ id: string; email: string }>;
  ids.userId = users.find((u) => u.email === USER_EMAIL)!.id;
  const link = await expectStatus(send(admin, 'POST', `/api/admin/users/${ids.userId}/reset-link`, {}, { allowed: [[RESET, 'the response that makes a reset link carries it, once']] }), 201);
  const resetUrl = new URL(link.json().url);
  secrets.set(RESET, resetUrl.searchParams.get('token')!);
  await send(signedOut, 'GET', `${resetUrl.pathname}${resetUrl.search}`, undefined, { allowed: [[RESET, 'the page the reset link opens hands its token to its form']] });
  await expectStatus(send(signedOut, 'POST', '/api/auth/reset-password', { token: secrets.get(RESET), newPassword: USER_NEW_PASSWORD }), 200);
  await expectStatus(send(signedOut, 'POST', '/api/auth/sign-in/email', { email: USER_EMAIL, password: USER_PASSWORD }), 401);
  const userBack = await expectStatus(send(signedOut, 'POST', '/api/auth/sign-in/email', { email: USER_EMAIL, password: USER_NEW_PASSWORD }), 200);
  user.cookie = plantCookies(userBack.headers, 'user');
  await expectStatus(send(admin, 'POST', '/api/auth/sign-out', {}), 200);
  const adminBack = await expectStatus(send(signedOut, 'POST', '/api/auth/sign-in/email', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }), 200);
  admin.cookie = plantCookies(adminBack.headers, 'admin');
}

// ─── Every GET route and page ────────────────────────────────────────────────────────────────

const API_DIR = path.resolve('app/api');
const APP_DIR = path.resolve('app');

function filesNamed(dir: string, name: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesNamed(full, name);
    return entry.name === name ? [full] : [];
  });
}

/** The route's URL path (route groups dropped) with `values` in its dynamic segments. */
function fill(dir: string, values: Record<string, string>): string {
  return (
    '/' +
    path
      .relative(APP_DIR, dir)
      .split(path.sep)
      .filter((segment) => segment && !/^\(.+\)$/.test(segment))
      .map((segment) => {
        const dynamic = /^\[(?:\.\.\.)?(\w+)\]$/.exec(segment);
        if (!dynamic) return segment;
        const value = values[dynamic[1]!];
        if (value === undefined) throw new Error(`secret sweep: no value for the route segment [${dynamic[1]}]; add one to sweepValues().`);
        return value;
      })
      .join('/')
  );
}

/** better-auth's GET endpoints under /api/auth/[...all] that a browser or a script may call. */
const AUTH_GETS = ['get-session', 'list-sessions', 'list-accounts', 'ok', 'admin/list-users'];

interface SessionIds {
  id: string;
  runId: string;
  messageId: string;
}

async function sessionIds(viewer: Viewer, sessionId: string): Promise<SessionIds> {
  const runs = await runsOf(viewer, sessionId);
  return { id: sessionId, runId: runs.at(-1)?.id ?? 'no-such-run', messageId: runs.at(-1)?.messageId ?? 'no-such-message' };
}

function sweepValues(session: SessionIds, auth: string): Record<string, string> {
  return {
    id: session.id,
    runId: session.runId,
    messageId: session.messageId,
    shareId: ids.shareIds[0]!,
    token: ids.shareTokens[0]!,
    itemId: 'no-such-item',
    grantId: ids.grantId || 'no-such-grant',
    compactionId: ids.compactionId || 'no-such-compaction',
    groupId: ids.groupId || 'no-such-group',
    provider: 'compat',
    path: 'no/such/endpoint',
    all: auth,
  };
}

const routeDirs = () => filesNamed(API_DIR, 'route.ts').map(path.dirname);
const pageDirs = () => filesNamed(APP_DIR, 'page.tsx').map(path.dirname).filter((dir) => !dir.startsWith(API_DIR));
let routesSwept = 0;

async function sweepRoutes(viewer: Viewer, sessions: SessionIds[]): Promise<void> {
  for (const dir of routeDirs()) {
    // A route implements GET when it exports its own handler (the others answer 405 through otherMethods()).
    if (!/export\s+(const\s+GET\s*=|(async\s+)?function\s+GET\b)/.test(readFileSync(path.join(dir, 'route.ts'), 'utf8'))) continue;
    routesSwept++;
    const isAuth = dir.endsWith('[...all]');
    for (const session of sessions) {
      for (const auth of isAuth ? AUTH_GETS : ['get-session']) {
        const url = fill(dir, sweepValues(session, auth));
        const queries = url.endsWith('/export') ? ['?format=json', '?format=markdown'] : url.endsWith('/files/content') ? ['?path=%2Fworkspace%2Fnotes.txt', '?path=%2Fworkspace%2Fdeploy.env', '?path=%2Fworkspace%2Ftodo.txt'] : url.endsWith('/stream') ? ['?after=0'] : [''];
        for (const query of queries) await send(viewer, 'GET', `${url}${query}`);
      }
      // Routes without a session in their path answer the same whatever the session: once is enough.
      if (!/\[(id|runId|messageId)\]/.test(dir)) break;
    }
  }
}

async function sweepPages(viewer: Viewer, sessions: string[]): Promise<void> {
  for (const dir of pageDirs()) {
    const base = fill(dir, { id: '{id}', token: '{token}', groupId: ids.groupId || 'no-such-group' });
    const urls = base.includes('{id}') ? sessions.map((id) => base.replace('{id}', id)) : base.includes('{token}') ? ids.shareTokens.map((token) => base.replace('{token}', token)) : [base];
    for (const url of urls) await send(viewer, 'GET', url);
  }
}

/** Waits until the OTLP receiver got nothing new for a while (the batch processor exports every 100 ms). */
async function tracesSettled(): Promise<void> {
  let count = -1;
  for (let quiet = 0; quiet < 10; ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = receiver.bodies().length;
    quiet = now === count ? quiet + 1 : 0;
    count = now;
  }
}

beforeAll(async () => {
  const started = Date.now();
  await driveSession();
  timings.session = Date.now() - started;

  const swept = Date.now();
  const adminSessions = await Promise.all(ids.adminSessions.map((id) => sessionIds(admin, id)));
  const userSessions = await Promise.all(ids.userSessions.map((id) => sessionIds(user, id)));
  await sweepRoutes(admin, adminSessions);
  await sweepRoutes(user, [...userSessions, ...adminSessions]);
  await sweepRoutes(signedOut, adminSessions.filter((session) => session.id === pasted.sessionId));
  await sweepPages(admin, ids.adminSessions);
  await sweepPages(user, [...ids.userSessions, pasted.sessionId]);
  await sweepPages(signedOut, [pasted.sessionId]);
  timings.sweep = Date.now() - swept;

  await tracesSettled();
  const stopped = await server.stop();
  expect(stopped).toEqual({ code: 0, signal: null });
  record('log', 'stdout', server.stdout());
  record('log', 'stderr', server.stderr());
  receiver.bodies().forEach((body, index) => record('trace', `OTLP request ${index + 1}`, body));
  for (const [index, request] of scripted.requests().entries()) {
    const body = JSON.stringify(request.body);
    // The pasted conversation goes to the model as the admin wrote it.
    const own: Array<[string, string]> = body.includes(`Our key is ${ADMIN_KEY}`) ? [[PASTED, 'the conversation the admin pasted it into']] : [];
    record('model request', `model request ${index + 1} (${request.scenario})`, body, own);
  }
  mcpProxy.seen.forEach((request, index) => record('mcp request', `MCP request ${index + 1}`, request.body));
}, 240_000);

// ─── The verdicts ────────────────────────────────────────────────────────────────────────────

const report = (leaks: Leak[]) => leaks.map((leak) => `${leak.secret} (${leak.form}) in ${leak.output}:\n    …${leak.context}…`).join('\n');

describe('the secret sweep', () => {
  it('planted every secret where the server really uses it', () => {
    const sentKeys = new Set(scripted.requests().map((request) => String(request.headers.authorization ?? '').replace(/^Bearer /, '')));
    for (const key of [ENV.OPENAI_API_KEY, ENV.OPENAI_COMPATIBLE_API_KEY, ADMIN_KEY, USER_KEY]) expect(sentKeys, 'a planted key never reached the provider').toContain(key);
    expect(scripted.requests().filter((request) => request.params.quoteKey === '1').map((request) => request.outcome)).toEqual(['http-401', 'http-401', 'http-401', 'http-401', 'http-500', 'completed']);
    expect(mcpProxy.seen.some((request) => request.headers['x-api-key'] === MCP_HEADER_VALUE)).toBe(true);
    expect([...secrets.keys()].filter((name) => name.includes('cookie')).length).toBeGreaterThanOrEqual(4);
    expect(secrets.get(INVITE)).toBeTruthy();
    expect(secrets.get(RESET)).toBeTruthy();
    // The pasted key really is in that session, for its owner: the exports and shares had something to remove.
    const file = outputs.find((o) => o.label.startsWith(`GET /api/sessions/${pasted.sessionId}/files/content?path=%2Fworkspace%2Fdeploy.env as admin → 200`));
    expect(file?.text).toContain(ADMIN_KEY);
  });

  it('swept every GET route, every page, the logs and the traces', () => {
    expect(routesSwept).toBeGreaterThanOrEqual(20);
    const count = (kind: Kind) => outputs.filter((o) => o.kind === kind).length;
    expect(count('api')).toBeGreaterThan(150);
    expect(count('page')).toBeGreaterThanOrEqual(pageDirs().length * 2);
    expect(count('export')).toBe(6);
    expect(count('share')).toBeGreaterThanOrEqual(4 * 3 + 4);
    for (const line of ['ready on', 'account created', 'provider key set']) expect(server.stdout()).toContain(line);
    const traces = receiver.spans();
    expect(traces.filter((span) => span.name === 'playground.run').length).toBeGreaterThanOrEqual(8);
    expect(traces.some((span) => span.name.startsWith('execute_tool'))).toBe(true);
    expect(traces.length).toBeGreaterThan(50);
    console.log(`secret sweep: ${outputs.length} outputs, ${secrets.size} secrets × their forms; build ${timings.build} ms, start ${timings.start} ms, session ${timings.session} ms, sweep ${timings.sweep} ms`);
  });

  it('finds no secret in any API response', () => {
    expect(report(leaksIn(['api']))).toBe('');
  });

  it('finds no secret in any server-rendered page', () => {
    expect(report(leaksIn(['page']))).toBe('');
  });

  it('finds no secret in the exports', () => {
    expect(report(leaksIn(['export']))).toBe('');
  });

  it('finds no secret in the shares, their pages or a fork of one', () => {
    expect(report(leaksIn(['share']))).toBe('');
  });

  it('finds no secret in a log line', () => {
    expect(report(leaksIn(['log']))).toBe('');
  });

  it('finds no secret in a trace', () => {
    expect(report(leaksIn(['trace']))).toBe('');
  });

  it('sends the model and the MCP server no secret but the conversation’s own', () => {
    expect(report(leaksIn(['model request', 'mcp request']))).toBe('');
  });
});
