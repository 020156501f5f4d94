import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { describe, expect, it, vi } from 'vitest';
import { McpOAuthProvider, type McpOAuthSnapshot, type McpOAuthStore } from '@/lib/mcp/oauth-provider';

/** An in-memory store whose calls a test can count. */
function memoryStore(initial: McpOAuthSnapshot = {}) {
  let stored: McpOAuthSnapshot = { ...initial };
  const store = {
    load: vi.fn(async () => ({ ...stored })),
    saveClientInformation: vi.fn(async (clientInformation) => void (stored = { ...stored, clientInformation })),
    saveTokens: vi.fn(async (tokens) => void (stored = { ...stored, tokens })),
    saveDiscoveryState: vi.fn(async (discoveryState) => void (stored = { ...stored, discoveryState })),
    invalidate: vi.fn(async () => {}),
    markRequired: vi.fn(async () => {}),
  } satisfies McpOAuthStore;
  return { store, set: (next: McpOAuthSnapshot) => void (stored = next) };
}

const REDIRECT = 'http://localhost:3000/api/mcp-servers/mcp1/oauth/callback';
const tokens = (access: string) => ({ access_token: access, token_type: 'bearer', refresh_token: `r-${access}` });

describe('McpOAuthProvider', () => {
  it('in a run, never registers or starts an authorization: it fails with the Connect hint and marks the server', async () => {
    const { store } = memoryStore();
    const provider = new McpOAuthProvider('secured', { kind: 'run', redirectUrl: null }, store);
    await expect(provider.clientInformation()).rejects.toThrow(UnauthorizedError);
    await expect(provider.clientInformation()).rejects.toThrow(/"secured" needs you to connect: Settings → MCP servers → Connect/);
    await expect(provider.redirectToAuthorization(new URL('https://auth.example/authorize'))).rejects.toThrow(UnauthorizedError);
    await expect(provider.state()).rejects.toThrow(UnauthorizedError);
    provider.saveCodeVerifier('verifier');
    expect(() => provider.codeVerifier()).toThrow(UnauthorizedError);
    expect(store.markRequired).toHaveBeenCalledTimes(4);
    expect(store.saveClientInformation).not.toHaveBeenCalled();
  });

  it('in a run, a 401 from a server with no authorization server is a credentials problem, not a reason to offer Connect', async () => {
    const { store } = memoryStore();
    const provider = new McpOAuthProvider('plain', { kind: 'run', redirectUrl: null }, store);
    await provider.saveDiscoveryState({ authorizationServerUrl: 'http://127.0.0.1:9/' });
    const failure = await provider.clientInformation().catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(UnauthorizedError);
    expect(failure).toMatchObject({ statusCode: 401 });
    expect(store.markRequired).not.toHaveBeenCalled();
    expect(store.saveDiscoveryState).not.toHaveBeenCalled();
  });

  it('reads the store once per connection, and again after an invalidation', async () => {
    const { store, set } = memoryStore({ clientInformation: { client_id: 'c1' }, tokens: tokens('a1') });
    const provider = new McpOAuthProvider('secured', { kind: 'run', redirectUrl: REDIRECT }, store);
    expect((await provider.tokens())?.access_token).toBe('a1');
    expect((await provider.tokens())?.access_token).toBe('a1');
    expect(store.load).toHaveBeenCalledTimes(1);
    // Another run refreshed meanwhile; this connection's refresh was refused.
    set({ clientInformation: { client_id: 'c1' }, tokens: tokens('a2') });
    await provider.invalidateCredentials('tokens');
    expect(store.invalidate).toHaveBeenCalledWith('tokens');
    expect((await provider.tokens())?.access_token).toBe('a2');
  });

  it('on Connect, hands the authorization URL and the PKCE verifier to the caller and registers a public client', async () => {
    const { store } = memoryStore();
    const provider = new McpOAuthProvider('secured', { kind: 'connect', redirectUrl: REDIRECT, state: 's-123' }, store);
    expect(await provider.clientInformation()).toBeUndefined();
    expect(provider.clientMetadata).toMatchObject({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] });
    expect(await provider.state()).toBe('s-123');
    provider.saveCodeVerifier('v-1');
    await provider.redirectToAuthorization(new URL('https://auth.example/authorize?x=1'));
    expect(provider.authorizationUrl?.href).toBe('https://auth.example/authorize?x=1');
    expect(provider.createdCodeVerifier).toBe('v-1');
    expect(store.markRequired).not.toHaveBeenCalled();
  });

  it('at the callback, answers the verifier its state kept and stores the tokens', async () => {
    const { store } = memoryStore({ clientInformation: { client_id: 'c1' } });
    const provider = new McpOAuthProvider('secured', { kind: 'callback', redirectUrl: REDIRECT, codeVerifier: 'v-kept' }, store);
    expect(provider.codeVerifier()).toBe('v-kept');
    await provider.saveTokens(tokens('a1'));
    expect(store.saveTokens).toHaveBeenCalledWith(tokens('a1'));
    expect((await provider.tokens())?.access_token).toBe('a1');
  });
});
