import { UnauthorizedError, type OAuthClientProvider, type OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/**
 * The official SDK's OAuth client (`auth()` in @modelcontextprotocol/sdk/client/auth.js:
 * RFC 9728 and RFC 8414 discovery, dynamic client registration, PKCE, refresh) asks an
 * `OAuthClientProvider` for what it keeps between requests. This one keeps it in an
 * injected store (lib/server: sealed rows per owner and server), and behaves by mode:
 *
 * - `connect`: the user pressed "Connect". The authorization URL and the PKCE verifier are
 *   captured for the caller, which keeps the verifier with the state and sends the browser on.
 * - `callback`: the authorization server sent the browser back with a code; the verifier
 *   comes from the authorization that state named.
 * - `run`: a run or "Test connection" talks to the server. Stored tokens are used and
 *   refreshed; when the user must authorize (no registration, no usable tokens), the
 *   connection fails with McpAuthorizationRequiredError instead of starting a flow nobody
 *   would see, and nothing is registered on the user's behalf.
 */

/** What the browser may know of a server's OAuth state: whether, since when and which scope; never a token. */
export interface McpOAuthStatusView {
  /** none: never asked for authorization; required: the server refused us for want of it; connected: tokens stored. */
  status: 'none' | 'required' | 'connected';
  /** The authorization server's origin, e.g. https://auth.example.com. */
  authorizationServer: string | null;
  scope: string | null;
  connectedAt: number | null;
}

/** What the store holds for one server, opened. */
export interface McpOAuthSnapshot {
  clientInformation?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  discoveryState?: OAuthDiscoveryState;
}

export type McpOAuthInvalidation = 'all' | 'client' | 'tokens' | 'verifier' | 'discovery';

export interface McpOAuthStore {
  /** The stored state; read again after an invalidation. */
  load(): Promise<McpOAuthSnapshot>;
  saveClientInformation(information: OAuthClientInformationMixed): Promise<void>;
  saveTokens(tokens: OAuthTokens): Promise<void>;
  saveDiscoveryState(state: OAuthDiscoveryState): Promise<void>;
  /** 'tokens' clears only the tokens this connection used, never newer ones another run stored. */
  invalidate(scope: McpOAuthInvalidation): Promise<void>;
  /** A connection was refused for want of authorization: settings offer "Connect". */
  markRequired(): Promise<void>;
}

export type McpOAuthMode =
  | { kind: 'connect'; redirectUrl: string; state: string }
  | { kind: 'callback'; redirectUrl: string; codeVerifier: string }
  | { kind: 'run'; redirectUrl: string | null };

/** The one message a run and settings show when a server waits for the user to authorize. */
function connectNeededMessage(serverName: string): string {
  return `MCP server "${serverName}" needs you to connect: Settings → MCP servers → Connect.`;
}

/** A connection that needs the user to authorize first (an UnauthorizedError, as the SDK's own). */
class McpAuthorizationRequiredError extends UnauthorizedError {
  constructor(serverName: string) {
    super(connectNeededMessage(serverName));
    this.name = 'McpAuthorizationRequiredError';
  }
}

/**
 * A 401 from a server that names no authorization server: its credentials (headers) are
 * wrong or missing, and OAuth cannot help. `statusCode` makes lib/mcp/connect.ts say so.
 */
class McpCredentialsRefusedError extends Error {
  readonly statusCode = 401;
  constructor(serverName: string) {
    super(`MCP server "${serverName}" refused our credentials (HTTP 401) and offers no OAuth authorization server.`);
    this.name = 'McpCredentialsRefusedError';
  }
}

const CLIENT_NAME = 'Agent Playground';

export class McpOAuthProvider implements OAuthClientProvider {
  /** connect: where to send the browser, once auth() returned 'REDIRECT'. */
  authorizationUrl: URL | undefined;
  /** connect: the PKCE verifier of that authorization, for the caller to keep with its state. */
  createdCodeVerifier: string | undefined;
  private snapshot: Promise<McpOAuthSnapshot> | undefined;
  /** What discovery found during this connection (auth() reports it before it asks for a registration). */
  private discovered: OAuthDiscoveryState | undefined;

  constructor(
    private readonly serverName: string,
    private readonly mode: McpOAuthMode,
    private readonly store: McpOAuthStore,
  ) {}

  get redirectUrl(): string | undefined {
    return this.mode.redirectUrl ?? undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: CLIENT_NAME,
      redirect_uris: this.mode.redirectUrl ? [this.mode.redirectUrl] : [],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // A public client: PKCE protects the code, and no client secret sits in a browser or a log.
      token_endpoint_auth_method: 'none',
    };
  }

  async state(): Promise<string> {
    if (this.mode.kind !== 'connect') return this.authorizationRequired();
    return this.mode.state;
  }

  /** Only the user can authorize: say so in settings, and fail this connection with the message that sends them there. */
  private async authorizationRequired(): Promise<never> {
    await this.store.markRequired();
    throw new McpAuthorizationRequiredError(this.serverName);
  }

  /** Read once per provider (one connection): every request asks for the tokens. */
  private load(): Promise<McpOAuthSnapshot> {
    this.snapshot ??= this.store.load();
    return this.snapshot;
  }

  private async update(patch: Partial<McpOAuthSnapshot>): Promise<void> {
    const current = await this.load();
    this.snapshot = Promise.resolve({ ...current, ...patch });
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const { clientInformation } = await this.load();
    // A run never registers on the user's behalf: without a registration, the user connects first.
    if (this.mode.kind === 'run' && (!clientInformation || !this.mode.redirectUrl)) {
      // No authorization server behind the 401: a header problem, not a reason to offer Connect.
      if (this.discovered && !this.discovered.authorizationServerMetadata) throw new McpCredentialsRefusedError(this.serverName);
      return this.authorizationRequired();
    }
    return clientInformation;
  }

  async saveClientInformation(information: OAuthClientInformationMixed): Promise<void> {
    await this.store.saveClientInformation(information);
    await this.update({ clientInformation: information });
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    return (await this.load()).tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.store.saveTokens(tokens);
    await this.update({ tokens });
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    if (this.mode.kind === 'connect') {
      this.authorizationUrl = authorizationUrl;
      return;
    }
    // Refresh was impossible or refused: only the user can authorize again.
    return this.authorizationRequired();
  }

  saveCodeVerifier(codeVerifier: string): void {
    // Only an authorization the user started keeps one (with its state); a run's would be orphaned.
    if (this.mode.kind === 'connect') this.createdCodeVerifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.mode.kind === 'callback') return this.mode.codeVerifier;
    if (this.createdCodeVerifier) return this.createdCodeVerifier;
    throw new McpAuthorizationRequiredError(this.serverName);
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    this.discovered = state;
    // A run keeps what it found only for a server that really has an authorization server.
    if (this.mode.kind !== 'run' || state.authorizationServerMetadata) await this.store.saveDiscoveryState(state);
    await this.update({ discoveryState: state });
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.load()).discoveryState;
  }

  async invalidateCredentials(scope: McpOAuthInvalidation): Promise<void> {
    await this.store.invalidate(scope);
    // Read again: another connection may have stored newer tokens meanwhile (a refresh token works once).
    this.snapshot = undefined;
  }
}
