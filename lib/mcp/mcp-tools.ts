import { jsonSchema, type JSONSchema7 } from 'ai';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool as McpToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import type { AgentTool } from '@/lib/agent/types';
import type { McpToolSummary } from '@/lib/api-types';
import { connectMcpServer, describeMcpError, McpConnectionError, MCP_CONNECT_TIMEOUT_MS, type McpClientHandlers, type McpServerConfig } from './connect';
import { mcpToolName, withHashSuffix } from './names';
import { mcpResultToOutput, McpToolResultError } from './output';

/**
 * A server offering more than this is cut off (a bound on what one listing may hold). Which tools a request
 * carries is the tool cap's decision (lib/agent/tool-cap.ts): past it, tools are left out and searchable.
 */
const MAX_TOOLS_PER_SERVER = 1_000;
const MAX_LIST_PAGES = 10;
const MAX_DESCRIPTION_CHARS = 1_000;
/**
 * The SDK's own per-request timeout (60 s by default) would end a long call the
 * loop allows; the loop's tool timeout (which aborts the signal) is the one that counts.
 */
const MCP_CALL_REQUEST_TIMEOUT_MS = 24 * 60 * 60 * 1000;

/** Lists every tool of a connected server (all pages), bounded in time. */
async function listMcpTools(client: Client, timeoutMs = MCP_CONNECT_TIMEOUT_MS): Promise<McpToolDefinition[]> {
  const tools: McpToolDefinition[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES && tools.length < MAX_TOOLS_PER_SERVER; page++) {
    const result = await client.listTools(cursor ? { cursor } : undefined, { timeout: timeoutMs });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return tools.slice(0, MAX_TOOLS_PER_SERVER);
}

/**
 * The permission class. `readOnlyHint` is the server's own claim and only a
 * hint; it is trusted as far as the user trusts the server they added.
 */
function mcpPermissionOf(tool: Pick<McpToolDefinition, 'annotations'>): 'read' | 'external' {
  return tool.annotations?.readOnlyHint === true ? 'read' : 'external';
}

/** The model-facing names of a server's tools, unique even when sanitizing makes two alike. */
function namespacedNames(serverName: string, tools: McpToolDefinition[]): string[] {
  const used = new Set<string>();
  return tools.map((tool) => {
    let name = mcpToolName(serverName, tool.name);
    if (used.has(name)) name = withHashSuffix(name, tool.name);
    used.add(name);
    return name;
  });
}

function summarizeMcpTools(serverName: string, tools: McpToolDefinition[]): McpToolSummary[] {
  const names = namespacedNames(serverName, tools);
  return tools.map((tool, index) => ({
    name: names[index],
    toolName: tool.name,
    ...(tool.title ?? tool.annotations?.title ? { title: tool.title ?? tool.annotations?.title } : {}),
    ...(tool.description ? { description: tool.description } : {}),
    permission: mcpPermissionOf(tool),
  }));
}

/** MCP input schemas are JSON Schema objects; providers want `type: "object"` and no `$schema`. */
function inputSchemaOf(tool: McpToolDefinition) {
  const { $schema: _ignored, ...schema } = tool.inputSchema as JSONSchema7;
  return jsonSchema<Record<string, unknown>>({ ...schema, type: 'object', properties: schema.properties ?? {} });
}

/**
 * One server's tools as AgentTools. Calls go through `client`; the loop owns timeout and
 * cancellation, with the server's own tool timeout when it has one (else the session's).
 */
function mcpAgentTools(serverName: string, client: Client, tools: McpToolDefinition[], toolTimeoutMs?: number | null): AgentTool[] {
  const names = namespacedNames(serverName, tools);
  return tools.map((tool, index): AgentTool<Record<string, unknown>> => {
    const permission = mcpPermissionOf(tool);
    const description = `${tool.description ?? tool.title ?? tool.name}`.slice(0, MAX_DESCRIPTION_CHARS);
    return {
      name: names[index],
      title: tool.title ?? tool.annotations?.title ?? tool.name,
      description: `${description} (MCP server "${serverName}")`,
      inputSchema: inputSchemaOf(tool),
      readOnly: permission === 'read',
      permission,
      ...(toolTimeoutMs ? { timeoutMs: toolTimeoutMs } : {}),
      async execute(input, { signal }) {
        try {
          const result = await client.callTool({ name: tool.name, arguments: input ?? {} }, undefined, { signal, timeout: MCP_CALL_REQUEST_TIMEOUT_MS });
          return mcpResultToOutput(result);
        } catch (error) {
          if (error instanceof McpToolResultError || signal.aborted) throw error;
          throw new Error(describeMcpError(error, serverName));
        }
      },
    };
  });
}

/** A line the run shows when a server's tools are missing from it. */
interface McpNotice {
  server: string;
  message: string;
}

export interface McpToolSet {
  tools: AgentTool[];
  notices: McpNotice[];
  close(): Promise<void>;
}

/**
 * Connects to every server at once and collects their tools. A server that is
 * down, slow or broken is left out with a notice; it never fails the run.
 */
export async function loadMcpTools(servers: McpServerConfig[], options: { timeoutMs?: number; signal?: AbortSignal; handlers?: McpClientHandlers } = {}): Promise<McpToolSet> {
  const clients: Client[] = [];
  const settled = await Promise.allSettled(
    servers.map(async (server) => {
      const client = await connectMcpServer(server, options);
      clients.push(client);
      try {
        return mcpAgentTools(server.name, client, await listMcpTools(client, options.timeoutMs), server.toolTimeoutMs);
      } catch (error) {
        throw new Error(describeMcpError(error, server.name));
      }
    }),
  );
  const tools: AgentTool[] = [];
  const notices: McpNotice[] = [];
  settled.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') tools.push(...outcome.value);
    else {
      const reason = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      notices.push({ server: servers[index].name, message: `${reason} Its tools are not available in this run.` });
    }
  });
  return {
    tools,
    notices,
    close: async () => {
      await Promise.allSettled(clients.map((client) => client.close()));
    },
  };
}

/** Settings' "Test connection": connect, list, close. */
export async function testMcpServer(server: McpServerConfig, options: { timeoutMs?: number } = {}): Promise<{ ok: true; tools: McpToolSummary[] } | { ok: false; error: string }> {
  let client: Client | undefined;
  try {
    client = await connectMcpServer(server, options);
    return { ok: true, tools: summarizeMcpTools(server.name, await listMcpTools(client, options.timeoutMs)) };
  } catch (error) {
    return { ok: false, error: error instanceof McpConnectionError ? error.message : describeMcpError(error, server.name) };
  } finally {
    await client?.close().catch(() => {});
  }
}
