/**
 * The in-process app for integration tests: the scripted model server, a fresh
 * SQLite file, the provider env pointed at the scripted server, and the real
 * route handlers, imported only after the env is set (vitest runs each test
 * file in its own process, so every file gets its own database and modules).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { AgentUIMessage, AgentUIMessageChunk } from '@/lib/agent/messages';
import { startScriptedServer, type ScriptedServer } from '../scripted-server/index.mjs';

const routeModules = {
  chat: () => import('@/app/api/chat/route'),
  stream: () => import('@/app/api/chat/[id]/stream/route'),
  sessions: () => import('@/app/api/sessions/route'),
  session: () => import('@/app/api/sessions/[id]/route'),
  stop: () => import('@/app/api/sessions/[id]/stop/route'),
  queue: () => import('@/app/api/sessions/[id]/queue/route'),
  queueItem: () => import('@/app/api/sessions/[id]/queue/[itemId]/route'),
  queueDispatch: () => import('@/app/api/sessions/[id]/queue/dispatch/route'),
  runs: () => import('@/app/api/sessions/[id]/runs/route'),
  steps: () => import('@/app/api/runs/[runId]/steps/route'),
  grants: () => import('@/app/api/sessions/[id]/grants/route'),
  grant: () => import('@/app/api/sessions/[id]/grants/[grantId]/route'),
  approvalCheck: () => import('@/app/api/sessions/[id]/approvals/[approvalId]/check/route'),
  elicitation: () => import('@/app/api/sessions/[id]/elicitations/[elicitationId]/route'),
  context: () => import('@/app/api/sessions/[id]/context/route'),
  compact: () => import('@/app/api/sessions/[id]/compact/route'),
  undo: () => import('@/app/api/sessions/[id]/compactions/[compactionId]/undo/route'),
  message: () => import('@/app/api/sessions/[id]/messages/[messageId]/route'),
  files: () => import('@/app/api/sessions/[id]/files/route'),
  content: () => import('@/app/api/sessions/[id]/files/content/route'),
  servers: () => import('@/app/api/mcp-servers/route'),
  server: () => import('@/app/api/mcp-servers/[id]/route'),
  test: () => import('@/app/api/mcp-servers/[id]/test/route'),
  confirm: () => import('@/app/api/mcp-servers/[id]/confirm/route'),
  oauth: () => import('@/app/api/mcp-servers/[id]/oauth/route'),
  oauthStart: () => import('@/app/api/mcp-servers/[id]/oauth/start/route'),
  oauthCallback: () => import('@/app/api/mcp-servers/[id]/oauth/callback/route'),
  oauthDisconnect: () => import('@/app/api/mcp-servers/[id]/oauth/disconnect/route'),
  exportSession: () => import('@/app/api/sessions/[id]/export/route'),
  importSession: () => import('@/app/api/sessions/import/route'),
  shares: () => import('@/app/api/sessions/[id]/shares/route'),
  sharePreview: () => import('@/app/api/sessions/[id]/shares/preview/route'),
  share: () => import('@/app/api/shares/[shareId]/route'),
  shareFork: () => import('@/app/api/share/[token]/fork/route'),
  branch: () => import('@/app/api/sessions/[id]/branch/route'),
  history: () => import('@/app/api/sessions/[id]/history/route'),
  search: () => import('@/app/api/sessions/[id]/search/route'),
  fork: () => import('@/app/api/sessions/[id]/fork/route'),
  clear: () => import('@/app/api/sessions/[id]/clear/route'),
  health: () => import('@/app/api/health/route'),
  auth: () => import('@/app/api/auth/[...all]/route'),
  account: () => import('@/app/api/account/route'),
  signUp: () => import('@/app/api/account/sign-up/route'),
  adminUsers: () => import('@/app/api/admin/users/route'),
  adminUser: () => import('@/app/api/admin/users/[id]/route'),
  resetLink: () => import('@/app/api/admin/users/[id]/reset-link/route'),
  invites: () => import('@/app/api/admin/invites/route'),
  invite: () => import('@/app/api/admin/invites/[id]/route'),
  adminSettings: () => import('@/app/api/admin/settings/route'),
  mcpResources: () => import('@/app/api/mcp/resources/route'),
  mcpResourceRead: () => import('@/app/api/mcp/resources/read/route'),
  mcpPrompts: () => import('@/app/api/mcp/prompts/route'),
  sessionMcpTools: () => import('@/app/api/sessions/[id]/mcp-tools/route'),
  transcribe: () => import('@/app/api/transcribe/route'),
  pausedRequest: () => import('@/app/api/sessions/[id]/paused-request/route'),
};

type RouteName = keyof typeof routeModules;
type Routes = { [K in RouteName]: Awaited<ReturnType<(typeof routeModules)[K]>> };
/** The routes every harness loads: creating sessions, reading them, and chatting. */
type BaseRoute = 'chat' | 'sessions' | 'session';

export interface AppHarnessOptions<K extends RouteName> {
  /** Names the temp directory and database file. */
  name: string;
  /** Route modules to load besides chat, sessions and session. */
  routes?: K[];
  /** Env over the defaults; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
}

export interface AppHarness<K extends RouteName> {
  /** The route modules; filled in before the file's tests run. */
  readonly api: Pick<Routes, K | BaseRoute>;
  readonly scripted: ScriptedServer;
  /** Creates a session and answers its id. */
  newSession(modelKey?: string): Promise<string>;
  /** POSTs a new user message to /api/chat (with any extra body fields). */
  chat(sessionId: string, text: string, extra?: Record<string, unknown>): Promise<Response>;
  /** The session's saved messages. */
  sessionMessages(id: string): Promise<AgentUIMessage[]>;
}

/**
 * Registers beforeAll/afterAll that start the scripted server, point the env at
 * it and a temp database, and import the route modules.
 */
export function setupAppHarness<K extends RouteName = never>({ name, routes = [], env = {} }: AppHarnessOptions<K>): AppHarness<K> {
  const api = {} as Pick<Routes, K | BaseRoute>;
  let scripted: ScriptedServer | undefined;

  beforeAll(async () => {
    scripted = await startScriptedServer();
    const dir = mkdtempSync(path.join(tmpdir(), `ap-${name}-`));
    const merged: Record<string, string | undefined> = {
      DATABASE_URL: `file:${path.join(dir, `${name}.db`)}`,
      OLLAMA_DISCOVERY: 'off',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: scripted.url,
      OPENAI_MODELS: 'scripted-responses',
      OPENAI_COMPATIBLE_BASE_URL: scripted.url,
      OPENAI_COMPATIBLE_MODELS: 'scripted-chat',
      ...env,
    };
    for (const [key, value] of Object.entries(merged)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    const names: RouteName[] = ['chat', 'sessions', 'session', ...routes];
    for (const route of names) Object.assign(api, { [route]: await routeModules[route]() });
  });
  afterAll(() => scripted?.close());

  return {
    api,
    get scripted() {
      if (!scripted) throw new Error('the scripted server starts in beforeAll');
      return scripted;
    },
    async newSession(modelKey = 'compat:scripted-chat') {
      const response = await api.sessions.POST(new Request('http://app/api/sessions', post({ modelKey })));
      return (await response.json()).session.id as string;
    },
    chat(sessionId, text, extra = {}) {
      return api.chat.POST(new Request('http://app/api/chat', post({ sessionId, message: userMessage(text), ...extra })));
    },
    async sessionMessages(id) {
      const response = await api.session.GET(new Request(`http://app/api/sessions/${id}`), params({ id }));
      return (await response.json()).session.messages;
    },
  };
}

/** The second argument of a dynamic route handler. */
export const params = <T extends Record<string, string>>(value: T) => ({ params: Promise.resolve(value) });

/** A JSON request init. */
export const send = (method: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
export const post = (body: unknown) => send('POST', body);
export const patch = (body: unknown) => send('PATCH', body);

let counter = 0;
/** A new user message with a unique id. */
/** The scripted model's `sequence` scenario: one tool step per call, in order, then an answer (tests/scripted-server/README.md). */
export const sequenceMarker = (calls: ReadonlyArray<{ tool: string; args: unknown }>, extra = '') =>
  `[[scenario:sequence?calls=${encodeURIComponent(JSON.stringify(calls))}${extra}]]`;

export const userMessage = (text: string) => ({ id: `u-${++counter}-${Date.now()}`, role: 'user', parts: [{ type: 'text', text }] });

/** The UI message chunks of an SSE body. */
export function parseChunks(text: string): AgentUIMessageChunk[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)));
}

/** Reads a streamed response to its end and answers its chunks. */
export async function readChunks(response: Response): Promise<AgentUIMessageChunk[]> {
  return parseChunks(await response.text());
}

/** The better-auth session cookie a response set (sign-up, sign-in), as a Cookie header value. */
export function cookieFrom(response: Response): string {
  const session = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((cookie) => cookie.startsWith('better-auth.session_token='));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  return session;
}

/** A request init with this session cookie added (none: unchanged). */
export function withCookie(init: RequestInit, cookie?: string): RequestInit {
  const headers = new Headers(init.headers);
  if (cookie) headers.set('cookie', cookie);
  return { ...init, headers };
}
