import { describe, expect, it } from 'vitest';
import { createMcpServerSchema, isStdioAllowed, mergeHeaders, McpConfigError, patchMcpServerSchema } from '@/lib/mcp/config';

const valid = { name: 'everything', url: 'http://127.0.0.1:3001/mcp' };

describe('MCP server validation', () => {
  it('accepts an http server with headers, defaulting to the http transport', () => {
    const parsed = createMcpServerSchema.parse({ ...valid, headers: [{ name: 'Authorization', value: 'Bearer s3cret' }] });
    expect(parsed.transport).toBe('http');
    expect(parsed.headers).toEqual([{ name: 'Authorization', value: 'Bearer s3cret' }]);
  });

  it('allows loopback URLs: a local MCP server is a normal self-hosted setup', () => {
    expect(createMcpServerSchema.safeParse({ ...valid, url: 'http://localhost:9000/mcp' }).success).toBe(true);
  });

  it.each([
    ['a name with underscores (it would break the namespace)', { ...valid, name: 'my_server' }],
    ['an upper-case name', { ...valid, name: 'Everything' }],
    ['a file: URL', { ...valid, url: 'file:///etc/passwd' }],
    ['a javascript: URL', { ...valid, url: 'javascript:alert(1)' }],
    ['credentials in the URL', { ...valid, url: 'http://user:pw@127.0.0.1/mcp' }],
    ['a missing URL', { name: 'x' }],
    ['a header value with a line break', { ...valid, headers: [{ name: 'X-Key', value: 'a\r\nInjected: 1' }] }],
    ['a header the transport sets itself', { ...valid, headers: [{ name: 'Mcp-Session-Id', value: 'x' }] }],
    ['the same header twice', { ...valid, headers: [{ name: 'X-Key', value: 'a' }, { name: 'x-key', value: 'b' }] }],
    ['a stdio server without a command', { name: 'local', transport: 'stdio' }],
    ['unknown fields', { ...valid, ownerId: 'someone-else' }],
  ])('rejects %s', (_label, body) => {
    expect(createMcpServerSchema.safeParse(body).success).toBe(false);
  });

  it('rejects an empty PATCH', () => {
    expect(patchMcpServerSchema.safeParse({}).success).toBe(false);
  });

  it('enables stdio only when the operator sets MCP_ALLOW_STDIO', () => {
    expect(isStdioAllowed({})).toBe(false);
    expect(isStdioAllowed({ MCP_ALLOW_STDIO: '0' })).toBe(false);
    expect(isStdioAllowed({ MCP_ALLOW_STDIO: '1' })).toBe(true);
    expect(isStdioAllowed({ MCP_ALLOW_STDIO: 'true' })).toBe(true);
  });
});

describe('mergeHeaders', () => {
  const stored = { Authorization: 'Bearer old-secret', 'X-Team': 'red' };

  it('keeps a stored secret when the header comes back without a value', () => {
    expect(mergeHeaders(stored, [{ name: 'Authorization' }, { name: 'X-Team', value: 'blue' }], false)).toEqual({
      Authorization: 'Bearer old-secret',
      'X-Team': 'blue',
    });
  });

  it('drops headers the patch no longer lists', () => {
    expect(mergeHeaders(stored, [{ name: 'x-team' }], false)).toEqual({ 'x-team': 'red' });
  });

  it('refuses a header without a value it never had', () => {
    expect(() => mergeHeaders(stored, [{ name: 'X-New' }], false)).toThrow(McpConfigError);
  });

  it('refuses to carry a secret over to a different origin', () => {
    expect(() => mergeHeaders(stored, [{ name: 'Authorization' }], true)).toThrow(/enter the value of Authorization again/);
    expect(mergeHeaders(stored, [{ name: 'Authorization', value: 'Bearer new' }], true)).toEqual({ Authorization: 'Bearer new' });
  });
});
