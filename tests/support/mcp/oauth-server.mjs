/**
 * A test MCP server behind OAuth, built with the official SDK's server auth helpers:
 * `mcpAuthRouter` (RFC 8414 metadata, RFC 9728 protected resource metadata, dynamic
 * client registration, /authorize with PKCE, /token, /revoke) over an in-memory
 * `OAuthServerProvider`, and `requireBearerAuth` in front of a Streamable HTTP endpoint
 * at /mcp. It is its own authorization server (issuer http://127.0.0.1:PORT/).
 *
 * /authorize shows a page with one button, "Approve" (data-testid oauth-approve), which
 * sends the browser back with a code: the user's consent, automated as far as a test
 * needs. Express is the SDK's own dependency; serve() (node http) is not used here
 * because the SDK's routers are express routers.
 *
 *   node oauth-server.mjs --http PORT
 * Env: OAUTH_ACCESS_TTL_S (default 3600): how long an access token lives. POST /test/expire-access-tokens
 * expires every access token issued so far, so a test sees a refresh without waiting.
 * record(): register, authorize, token (code | refresh), revoke, call (tool calls, with the client id).
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { InvalidGrantError, InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { z } from 'zod';
import { record } from './serve.mjs';

const port = Number(process.argv[process.argv.indexOf('--http') + 1]);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: --http PORT');
const accessTtlSeconds = Number(process.env.OAUTH_ACCESS_TTL_S ?? 3600);
const issuer = new URL(`http://127.0.0.1:${port}/`);
const mcpUrl = new URL('/mcp', issuer);

/** @type {Map<string, import('@modelcontextprotocol/sdk/shared/auth.js').OAuthClientInformationFull>} */
const clients = new Map();
/** Authorizations shown to the user, waiting for "Approve". */
const pendingApprovals = new Map();
const codes = new Map();
const accessTokens = new Map();
const refreshTokens = new Map();

function issueTokens(clientId, scopes) {
  const access = `at-${randomUUID()}`;
  const refresh = `rt-${randomUUID()}`;
  accessTokens.set(access, { clientId, scopes, expiresAt: Math.floor(Date.now() / 1000) + accessTtlSeconds });
  refreshTokens.set(refresh, { clientId, scopes });
  return { access_token: access, token_type: 'bearer', expires_in: accessTtlSeconds, refresh_token: refresh, scope: scopes.join(' ') };
}

/** @type {import('@modelcontextprotocol/sdk/server/auth/provider.js').OAuthServerProvider} */
const provider = {
  clientsStore: {
    getClient: async (clientId) => clients.get(clientId),
    registerClient: async (client) => {
      clients.set(client.client_id, client);
      record({ type: 'register', clientId: client.client_id, redirectUris: client.redirect_uris, authMethod: client.token_endpoint_auth_method });
      return client;
    },
  },
  async authorize(client, params, res) {
    const id = randomUUID();
    pendingApprovals.set(id, { client, params });
    record({ type: 'authorize', clientId: client.client_id, redirectUri: params.redirectUri, hasState: Boolean(params.state), resource: params.resource?.href });
    res
      .status(200)
      .type('html')
      .send(
        `<!doctype html><html><head><title>Authorize Agent Playground</title></head><body style="font-family:sans-serif;padding:2rem">` +
          `<h1>Test authorization server</h1><p>${client.client_name ?? client.client_id} asks for access to the OAuth test MCP server.</p>` +
          `<form method="post" action="/approve"><input type="hidden" name="id" value="${id}">` +
          `<button type="submit" data-testid="oauth-approve" style="font-size:1.2rem;padding:.5rem 1rem">Approve</button></form></body></html>`,
      );
  },
  async challengeForAuthorizationCode(_client, code) {
    const entry = codes.get(code);
    if (!entry) throw new InvalidGrantError('unknown authorization code');
    return entry.params.codeChallenge;
  },
  async exchangeAuthorizationCode(client, code, _verifier, redirectUri) {
    const entry = codes.get(code);
    if (!entry || entry.client.client_id !== client.client_id) throw new InvalidGrantError('unknown authorization code');
    if (redirectUri && redirectUri !== entry.params.redirectUri) throw new InvalidGrantError('redirect_uri does not match');
    codes.delete(code);
    record({ type: 'token', grant: 'code', clientId: client.client_id });
    return issueTokens(client.client_id, entry.params.scopes ?? []);
  },
  async exchangeRefreshToken(client, refreshToken) {
    const entry = refreshTokens.get(refreshToken);
    if (!entry || entry.clientId !== client.client_id) throw new InvalidGrantError('unknown refresh token');
    // Rotated: a refresh token works once.
    refreshTokens.delete(refreshToken);
    record({ type: 'token', grant: 'refresh', clientId: client.client_id });
    return issueTokens(client.client_id, entry.scopes);
  },
  async verifyAccessToken(token) {
    const entry = accessTokens.get(token);
    if (!entry) throw new InvalidTokenError('unknown access token');
    return { token, clientId: entry.clientId, scopes: entry.scopes, expiresAt: entry.expiresAt };
  },
  async revokeToken(client, request) {
    accessTokens.delete(request.token);
    refreshTokens.delete(request.token);
    record({ type: 'revoke', clientId: client.client_id, hint: request.token_type_hint });
  },
};

function buildMcpServer(clientId) {
  const server = new McpServer({ name: 'oauth-test', version: '1.0.0' });
  server.registerTool(
    'echo',
    { title: 'Echo (OAuth)', description: 'Echoes the text back; reachable only with a valid OAuth access token.', inputSchema: { text: z.string() }, annotations: { readOnlyHint: true } },
    async ({ text }) => {
      record({ type: 'call', tool: 'echo', clientId, text });
      return { content: [{ type: 'text', text: `oauth echo: ${text}` }] };
    },
  );
  return server;
}

const app = express();
const noLimit = { rateLimit: false };
app.use(
  mcpAuthRouter({
    provider,
    issuerUrl: issuer,
    resourceServerUrl: mcpUrl,
    scopesSupported: ['mcp:tools'],
    resourceName: 'OAuth test MCP server',
    authorizationOptions: noLimit,
    tokenOptions: noLimit,
    clientRegistrationOptions: noLimit,
    revocationOptions: noLimit,
  }),
);
app.post('/approve', express.urlencoded({ extended: false }), (req, res) => {
  const pending = pendingApprovals.get(req.body?.id);
  if (!pending) {
    res.status(400).type('text').send('unknown or used authorization');
    return;
  }
  pendingApprovals.delete(req.body.id);
  const code = `code-${randomUUID()}`;
  codes.set(code, pending);
  const target = new URL(pending.params.redirectUri);
  target.searchParams.set('code', code);
  if (pending.params.state !== undefined) target.searchParams.set('state', pending.params.state);
  res.redirect(302, target.href);
});

// Test control: every access token issued so far expires now (the refresh tokens stay valid).
app.post('/test/expire-access-tokens', (_req, res) => {
  for (const entry of accessTokens.values()) entry.expiresAt = Math.floor(Date.now() / 1000) - 1;
  record({ type: 'expire-access-tokens' });
  res.status(204).end();
});

const bearer = requireBearerAuth({ verifier: provider, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl) });
app.post('/mcp', bearer, express.json(), async (req, res) => {
  // Stateless: a fresh server and transport per request.
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => void transport.close());
  await buildMcpServer(req.auth?.clientId).connect(transport);
  await transport.handleRequest(req, res, req.body);
});
app.all('/mcp', bearer, (_req, res) => {
  res.status(405).set('allow', 'POST').json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
});

app.listen(port, '127.0.0.1', () => process.stderr.write(`listening on port ${port}\n`));
