import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { auth, type OAuthClientProvider, type OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Db } from '@/db/client';
import { getMcpServer } from '@/db/queries/mcp-servers';
import { clearMcpOAuthTokensIf, deleteMcpOAuth, getMcpOAuth, listMcpOAuth, takePendingMcpOAuth, upsertMcpOAuth, type McpOAuthFields } from '@/db/queries/mcp-oauth';
import type { McpOAuthRow, McpServerRow } from '@/db/schema';
import { McpOAuthProvider, type McpOAuthInvalidation, type McpOAuthMode, type McpOAuthSnapshot, type McpOAuthStatusView, type McpOAuthStore } from '@/lib/mcp/oauth-provider';
import { getAppDb } from './db';
import { ApiError } from './http';
import { currentOwnerId, requestOrigin } from './owner';
import { limitRequest } from './rate-limit';
import { isSealed, openSecret, SecretDecryptError, sealSecret } from './secret-box';

/**
 * OAuth for remote MCP servers (authorization code + PKCE + dynamic client registration,
 * through the official SDK's `auth()`), as the routes and the runs need it.
 *
 * - "Connect" (startOAuth, a POST) registers us with the server's authorization server if
 *   needed and answers the URL to send the browser to. The state goes there; its hash,
 *   the sealed PKCE verifier and a deadline stay in the owner's row for that server.
 * - The callback (finishOAuth, a GET) changes nothing unless the state is the one pending
 *   for this signed-in owner and server, unexpired; it is then used up at once, and the
 *   code is exchanged for tokens, stored sealed.
 * - Runs and "Test connection" get a provider in `run` mode (withOAuthProvider): stored
 *   tokens, refreshed by the SDK on a 401; never a new registration or authorization.
 *
 * Tokens never leave the server: not to the browser (the status says only whether, when and
 * which scope), not to a log (sealing registers them with the log scrubber), not to an
 * export or a share (secretValuesToScrub lists them).
 */

/** How long an authorization may take from "Connect" to the callback. */
const MCP_OAUTH_STATE_TTL_MS = 10 * 60_000;
/** A revocation request is a courtesy: it must not hold up "Disconnect". */
const REVOKE_TIMEOUT_MS = 3_000;

type RemoteServer = Pick<McpServerRow, 'id' | 'name' | 'url' | 'transport'>;

/** Discovery, registration and token requests: redirects refused, as for the MCP transports. */
const oauthFetch = (url: string | URL, init?: RequestInit) => fetch(url, { ...init, redirect: 'error' });

function sealJson(value: unknown): string {
  return sealSecret(JSON.stringify(value));
}

function openJson<T>(value: string | null): T | undefined {
  if (!value) return undefined;
  try {
    return JSON.parse(isSealed(value) ? openSecret(value) : value) as T;
  } catch (error) {
    // A value no key opens is as good as none: the user connects again.
    if (error instanceof SecretDecryptError || error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/** The row when it belongs to this server's current URL; what was obtained for another address is never used. */
function currentRow(row: McpOAuthRow | undefined, server: RemoteServer): McpOAuthRow | undefined {
  return row && row.serverUrl === server.url ? row : undefined;
}

function snapshotOf(row: McpOAuthRow | undefined): McpOAuthSnapshot {
  if (!row) return {};
  return {
    clientInformation: openJson<OAuthClientInformationMixed>(row.clientInformation),
    tokens: openJson<OAuthTokens>(row.tokens),
    discoveryState: (row.discoveryState ?? undefined) as OAuthDiscoveryState | undefined,
  };
}

const CLEARED: Record<McpOAuthInvalidation, McpOAuthFields> = {
  all: { clientInformation: null, tokens: null, tokensExpireAt: null, scope: null, discoveryState: null, connectedAt: null, redirectUrl: null },
  client: { clientInformation: null, redirectUrl: null },
  tokens: { tokens: null, tokensExpireAt: null, scope: null, connectedAt: null },
  verifier: { pendingVerifier: null, pendingStateHash: null, pendingExpiresAt: null },
  discovery: { discoveryState: null },
};

/**
 * The store behind a provider: the owner's row for this server, sealed on the way in.
 * `initial` is the row as already read (undefined: there is none), so a connection to a
 * server without OAuth costs no query; later loads (after an invalidation) read again.
 */
function oauthStore(db: Db, ownerId: string, server: RemoteServer & { url: string }, initial: McpOAuthRow | undefined): McpOAuthStore {
  let preloaded: { row: McpOAuthRow | undefined } | undefined = { row: initial };
  /** The sealed tokens this connection last saw, so a refused refresh clears only those. */
  let seenTokens = currentRow(initial, server)?.tokens ?? null;
  const save = async (fields: McpOAuthFields) => {
    // A row left from another address starts over rather than mixing with this one.
    const existing = await getMcpOAuth(db, ownerId, server.id);
    if (existing && existing.serverUrl !== server.url) await deleteMcpOAuth(db, ownerId, server.id);
    await upsertMcpOAuth(db, ownerId, server.id, { ...fields, serverUrl: server.url });
  };
  return {
    load: async () => {
      const row = currentRow(preloaded ? preloaded.row : await getMcpOAuth(db, ownerId, server.id), server);
      preloaded = undefined;
      seenTokens = row?.tokens ?? null;
      return snapshotOf(row);
    },
    saveClientInformation: (information) => save({ clientInformation: sealJson(information) }),
    saveTokens: async (tokens) => {
      const sealed = sealJson(tokens);
      await save({
        tokens: sealed,
        tokensExpireAt: typeof tokens.expires_in === 'number' ? Date.now() + tokens.expires_in * 1000 : null,
        scope: tokens.scope ?? null,
        connectedAt: Date.now(),
        requiredAt: null,
      });
      seenTokens = sealed;
    },
    saveDiscoveryState: (state) => save({ discoveryState: JSON.parse(JSON.stringify(state)) as unknown }),
    invalidate: async (scope) => {
      // The verifier lives with its state and is used up by the callback; a connection never touches it.
      if (scope === 'verifier') return;
      if (scope !== 'tokens') return save(CLEARED[scope]);
      if (seenTokens) await clearMcpOAuthTokensIf(db, ownerId, server.id, seenTokens);
    },
    markRequired: () => save({ requiredAt: Date.now() }),
  };
}

/** A run's or a test's provider for each remote server (one query for all of them); stdio servers stay as they are. */
export async function withOAuthProviders<T extends RemoteServer>(db: Db, ownerId: string, servers: T[]): Promise<Array<T & { authProvider?: OAuthClientProvider }>> {
  if (!servers.some((server) => server.transport !== 'stdio' && server.url)) return servers;
  const rows = new Map((await listMcpOAuth(db, ownerId)).map((row) => [row.serverId, row]));
  return servers.map((server) => {
    if (server.transport === 'stdio' || !server.url) return server;
    const row = currentRow(rows.get(server.id), server);
    const mode: McpOAuthMode = { kind: 'run', redirectUrl: row?.redirectUrl ?? null };
    return { ...server, authProvider: new McpOAuthProvider(server.name, mode, oauthStore(db, ownerId, { ...server, url: server.url }, row)) };
  });
}

function statusOf(row: McpOAuthRow | undefined): McpOAuthStatusView {
  const discovery = row?.discoveryState as OAuthDiscoveryState | undefined;
  const authorizationServer = discovery?.authorizationServerUrl && URL.canParse(discovery.authorizationServerUrl) ? new URL(discovery.authorizationServerUrl).origin : null;
  if (row?.tokens) return { status: 'connected', authorizationServer, scope: row.scope, connectedAt: row.connectedAt };
  return { status: row?.requiredAt ? 'required' : 'none', authorizationServer, scope: null, connectedAt: null };
}

async function requireRemoteServer(db: Db, ownerId: string, id: string): Promise<RemoteServer & { url: string }> {
  const server = await getMcpServer(db, ownerId, id);
  if (!server) throw new ApiError('not_found', 'MCP server not found.');
  if (server.transport === 'stdio' || !server.url) throw new ApiError('bad_request', 'Only remote (HTTP or SSE) MCP servers use OAuth.');
  return { ...server, url: server.url };
}

export async function oauthStatus(request: Request, id: string): Promise<McpOAuthStatusView> {
  const ownerId = await currentOwnerId(request);
  const db = await getAppDb();
  const server = await requireRemoteServer(db, ownerId, id);
  return statusOf(currentRow(await getMcpOAuth(db, ownerId, id), server));
}

/** Where the authorization server sends the browser back: this server's own address (Host allowlist, or PUBLIC_URL). */
function callbackUrl(request: Request, serverId: string): string {
  return `${requestOrigin(request)}/api/mcp-servers/${encodeURIComponent(serverId)}/oauth/callback`;
}

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** One readable line for a failed OAuth step; never a token, never a page of HTML. */
function describeOAuthError(error: unknown, serverName: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const flat = message.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 300);
  return `Could not authorize with MCP server "${serverName}": ${flat}`;
}

/** "Connect": the authorization URL to send the browser to, or `connected` when stored tokens could be refreshed. */
export async function startOAuth(request: Request, id: string): Promise<{ authorizationUrl: string } | { status: McpOAuthStatusView }> {
  await limitRequest('tool', request);
  const ownerId = await currentOwnerId(request);
  const db = await getAppDb();
  const server = await requireRemoteServer(db, ownerId, id);
  const redirectUrl = callbackUrl(request, id);
  let row = currentRow(await getMcpOAuth(db, ownerId, id), server);
  // A registration made for another callback address (another host name) cannot come back here.
  if (row && row.redirectUrl !== redirectUrl) {
    row = await upsertMcpOAuth(db, ownerId, id, { ...CLEARED.all, serverUrl: server.url });
  }
  const state = randomBytes(32).toString('base64url');
  const provider = new McpOAuthProvider(server.name, { kind: 'connect', redirectUrl, state }, oauthStore(db, ownerId, server, row));
  let result: 'AUTHORIZED' | 'REDIRECT';
  try {
    result = await auth(provider, { serverUrl: server.url, fetchFn: oauthFetch });
  } catch (error) {
    throw new ApiError('mcp_unavailable', describeOAuthError(error, server.name));
  }
  if (result === 'AUTHORIZED') return { status: statusOf(await getMcpOAuth(db, ownerId, id)) };
  const authorizationUrl = provider.authorizationUrl;
  if (!authorizationUrl || !provider.createdCodeVerifier || (authorizationUrl.protocol !== 'https:' && authorizationUrl.protocol !== 'http:')) {
    throw new ApiError('mcp_unavailable', `MCP server "${server.name}" did not give a usable authorization address.`);
  }
  await upsertMcpOAuth(db, ownerId, id, {
    serverUrl: server.url,
    redirectUrl,
    pendingStateHash: hashState(state),
    pendingVerifier: sealSecret(provider.createdCodeVerifier),
    pendingExpiresAt: Date.now() + MCP_OAUTH_STATE_TTL_MS,
  });
  return { authorizationUrl: authorizationUrl.href };
}

/** Where the callback sends the browser: the settings page, saying how it went. */
function settingsUrl(request: Request, serverId: string, outcome: { connected: string } | { error: string }): string {
  const url = new URL('/settings/mcp-servers', requestOrigin(request));
  url.searchParams.set('oauth-server', serverId);
  if ('connected' in outcome) url.searchParams.set('oauth-connected', outcome.connected);
  else url.searchParams.set('oauth-error', outcome.error);
  return url.href;
}

/**
 * The authorization server sent the browser back. Nothing is written unless `state` is the
 * one pending for this owner and server and has not expired; then it is used up, and the
 * code exchanged. Answers the settings address to redirect to.
 */
export async function finishOAuth(request: Request, id: string): Promise<string> {
  const query = new URL(request.url).searchParams;
  const state = query.get('state');
  if (!state) throw new ApiError('bad_request', 'This address is where an authorization server sends you back; it needs the state it was given.');
  const ownerId = await currentOwnerId(request);
  const db = await getAppDb();
  const server = await requireRemoteServer(db, ownerId, id);
  const pending = currentRow(await takePendingMcpOAuth(db, ownerId, id, hashState(state)), server);
  if (!pending?.pendingVerifier || !pending.redirectUrl) {
    return settingsUrl(request, id, { error: `That authorization for "${server.name}" is unknown, already used or expired. Press Connect to start again.` });
  }
  const denied = query.get('error');
  const code = query.get('code');
  if (denied || !code) {
    const reason = (query.get('error_description') ?? denied ?? 'no authorization code came back').slice(0, 200);
    return settingsUrl(request, id, { error: `"${server.name}" was not connected: ${reason}` });
  }
  const codeVerifier = openSecret(pending.pendingVerifier);
  const provider = new McpOAuthProvider(server.name, { kind: 'callback', redirectUrl: pending.redirectUrl, codeVerifier }, oauthStore(db, ownerId, server, pending));
  try {
    await auth(provider, { serverUrl: server.url, authorizationCode: code, fetchFn: oauthFetch });
  } catch (error) {
    return settingsUrl(request, id, { error: describeOAuthError(error, server.name) });
  }
  return settingsUrl(request, id, { connected: server.name });
}

/** "Disconnect": forgets the tokens and the registration (and asks the server to revoke the tokens, when it can); "Connect" stays on offer. */
export async function disconnectOAuth(request: Request, id: string): Promise<McpOAuthStatusView> {
  const ownerId = await currentOwnerId(request);
  const db = await getAppDb();
  const server = await requireRemoteServer(db, ownerId, id);
  const row = await getMcpOAuth(db, ownerId, id);
  if (row && row.serverUrl !== server.url) await deleteMcpOAuth(db, ownerId, id);
  // Everything secret goes; the server still wants OAuth, so settings keep offering "Connect".
  const cleared = await upsertMcpOAuth(db, ownerId, id, { ...CLEARED.all, ...CLEARED.verifier, serverUrl: server.url, requiredAt: Date.now() });
  const current = currentRow(row, server);
  if (current) await revokeTokens(current).catch(() => {});
  return statusOf(cleared);
}

/** RFC 7009, best effort: the refresh token (which revokes its access tokens at most servers), else the access token. */
async function revokeTokens(row: McpOAuthRow): Promise<void> {
  const { tokens, clientInformation, discoveryState } = snapshotOf(row);
  const metadata = discoveryState?.authorizationServerMetadata;
  const endpoint = metadata && 'revocation_endpoint' in metadata ? metadata.revocation_endpoint : undefined;
  const token = tokens?.refresh_token ?? tokens?.access_token;
  if (!endpoint || !token || !clientInformation) return;
  const body = new URLSearchParams({ token, token_type_hint: tokens?.refresh_token ? 'refresh_token' : 'access_token', client_id: clientInformation.client_id });
  await oauthFetch(endpoint, { method: 'POST', body, signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS) });
}

/** Every OAuth secret stored for the owner, opened: exports and shares scrub them (secret-scrub.ts). */
export async function storedOAuthSecretValues(db: Db, ownerId: string): Promise<string[]> {
  return (await listMcpOAuth(db, ownerId)).flatMap((row) => {
    const { tokens, clientInformation } = snapshotOf(row);
    const secret = clientInformation && 'client_secret' in clientInformation ? clientInformation.client_secret : undefined;
    return [tokens?.access_token, tokens?.refresh_token, secret].filter((value): value is string => Boolean(value));
  });
}
