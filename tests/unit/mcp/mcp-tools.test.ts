/** Against a real MCP server: @modelcontextprotocol/server-everything over Streamable HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMcpTools, testMcpServer } from '@/lib/mcp/mcp-tools';
import type { McpServerConfig } from '@/lib/mcp/connect';
import { freePort, startEverythingServer, startSilentServer, type EverythingServer } from '../../support/mcp-everything';

let everything: EverythingServer;
beforeAll(async () => {
  everything = await startEverythingServer();
});
afterAll(() => everything?.stop());

const server = (fields: Partial<McpServerConfig> = {}): McpServerConfig => ({
  name: 'everything',
  transport: 'http',
  url: everything.url,
  headers: {},
  command: null,
  args: [],
  confirmedCommand: null,
  ...fields,
});
const signal = () => new AbortController().signal;

describe('MCP tools from a live server', () => {
  it('lists the tools namespaced as server__tool', async () => {
    const set = await loadMcpTools([server()]);
    try {
      const names = set.tools.map((tool) => tool.name);
      expect(names).toContain('everything__echo');
      expect(names).toContain('everything__get-sum');
      expect(names.every((name) => /^everything__[a-zA-Z0-9_-]+$/.test(name))).toBe(true);
      expect(set.notices).toEqual([]);
    } finally {
      await set.close();
    }
  });

  it('makes readOnlyHint tools class read and every other tool class external', async () => {
    const set = await loadMcpTools([server()]);
    try {
      const echo = set.tools.find((tool) => tool.name === 'everything__echo')!;
      const toggle = set.tools.find((tool) => tool.name === 'everything__toggle-simulated-logging')!;
      expect(echo).toMatchObject({ permission: 'read', readOnly: true });
      expect(toggle).toMatchObject({ permission: 'external', readOnly: false });
    } finally {
      await set.close();
    }
  });

  it('calls a tool and returns its text', async () => {
    const set = await loadMcpTools([server()]);
    try {
      const echo = set.tools.find((tool) => tool.name === 'everything__echo')!;
      expect(await echo.execute({ message: 'hello' }, { toolCallId: 'c1', signal: signal(), emit: () => {} })).toBe('Echo: hello');
      const sum = set.tools.find((tool) => tool.name === 'everything__get-sum')!;
      expect(await sum.execute({ a: 2, b: 40 }, { toolCallId: 'c2', signal: signal(), emit: () => {} })).toContain('is 42');
    } finally {
      await set.close();
    }
  });

  it("turns the server's error result into a thrown error the loop reports", async () => {
    const set = await loadMcpTools([server()]);
    try {
      const sum = set.tools.find((tool) => tool.name === 'everything__get-sum')!;
      await expect(sum.execute({ a: 'x' }, { toolCallId: 'c3', signal: signal(), emit: () => {} })).rejects.toThrow(/Invalid arguments for tool get-sum/);
    } finally {
      await set.close();
    }
  });

  it('gives a readable error when the server goes away after listing', async () => {
    const own = await startEverythingServer();
    const set = await loadMcpTools([server({ name: 'gone', url: own.url })]);
    await own.stop();
    try {
      const echo = set.tools.find((tool) => tool.name === 'gone__echo')!;
      await expect(echo.execute({ message: 'x' }, { toolCallId: 'c4', signal: signal(), emit: () => {} })).rejects.toThrow(/MCP server "gone"/);
    } finally {
      await set.close();
    }
  });

  it('leaves out a server that is down, with a notice, and keeps the others', async () => {
    const closedPort = await freePort();
    const set = await loadMcpTools([server(), server({ name: 'down', url: `http://127.0.0.1:${closedPort}/mcp` })]);
    try {
      expect(set.tools.some((tool) => tool.name === 'everything__echo')).toBe(true);
      expect(set.tools.some((tool) => tool.name.startsWith('down__'))).toBe(false);
      expect(set.notices).toEqual([{ server: 'down', message: expect.stringMatching(/refused the connection.*not available in this run/) }]);
    } finally {
      await set.close();
    }
  });

  it('gives up on a server that never answers within the connect timeout', async () => {
    const silent = await startSilentServer();
    const started = Date.now();
    try {
      const set = await loadMcpTools([server({ name: 'stalled', url: silent.url })], { timeoutMs: 300 });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(set.tools).toEqual([]);
      expect(set.notices[0].message).toMatch(/"stalled" did not answer within 0.3 s/);
      await set.close();
    } finally {
      await silent.stop();
    }
  });

  it('refuses stdio servers unless the operator allows them', async () => {
    const previous = process.env.MCP_ALLOW_STDIO;
    delete process.env.MCP_ALLOW_STDIO;
    try {
      const set = await loadMcpTools([server({ name: 'local', transport: 'stdio', url: null, command: 'node', args: ['-e', ''] })]);
      expect(set.tools).toEqual([]);
      expect(set.notices[0].message).toMatch(/stdio MCP servers are disabled.*MCP_ALLOW_STDIO=1/);
    } finally {
      if (previous !== undefined) process.env.MCP_ALLOW_STDIO = previous;
    }
  });

  it('reports the tools or a readable error for "Test connection"', async () => {
    const ok = await testMcpServer(server());
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(ok.tools.find((tool) => tool.toolName === 'echo')).toMatchObject({ name: 'everything__echo', permission: 'read' });
    const wrongPath = await testMcpServer(server({ url: everything.url.replace('/mcp', '/nope') }));
    expect(wrongPath).toEqual({ ok: false, error: expect.stringMatching(/answered HTTP 404: check the URL/) });
  });
});
