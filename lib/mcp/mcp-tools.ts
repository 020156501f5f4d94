import { jsonSchema, type JSONSchema7 } from 'ai';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool as McpToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import type { AgentTool } from '@/lib/agent/types';
import type { McpToolSummary } from '@/lib/api-types';
import { connectMcpServer, describeMcpError, McpConnectionError, MCP_CONNECT_TIMEOUT_MS, type McpClientHandlers, type McpServerConfig } from './connect';
import { mcpToolName, withHashSuffix } from './names';
import { McpConnection, type McpNotice } from './connection';
import { mcpResultToOutput } from './output';
import type { McpServerStatus } from './types';

/**
 * A server offering more than this is cut off (a bound on what one listing may hold). Which tools a request
 * carries is the tool cap's decision (lib/agent/tool-cap.ts): past it, tools are left out and searchable.
 */
const MAX_TOOLS_PER_SERVER = 1_000;
const MAX_LIST_PAGES = 10;
const MAX_DESCRIPTION_CHARS = 1_000;

/** Lists every tool of a connected server (all pages), bounded in time. */
async function listMcpTools(client: Client, timeoutMs = MCP_CONNECT_TIMEOUT_MS): Promise<McpToolDefinition[]> {
  // A server that offers only resources or prompts has no tools to list (tools/list would be "method not found").
  if (!client.getServerCapabilities()?.tools) return [];
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
 * One server's tools as AgentTools. Calls go through the live connection (which
 * reconnects when the server went away); the loop owns timeout and cancellation,
 * with the server's own tool timeout when it has one (else the session's).
 */
function mcpAgentTools(connection: McpConnection, tools: McpToolDefinition[]): AgentTool[] {
  const serverName = connection.name;
  const names = namespacedNames(serverName, tools);
  const toolTimeoutMs = connection.server.toolTimeoutMs;
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
      async execute(input, { toolCallId, signal, emit, addUsage, pauseTimeout }) {
        const result = await connection.callTool(tool.name, input ?? {}, { toolCallId, signal, emit, addUsage, pauseTimeout });
        return mcpResultToOutput(result, { outputSchema: tool.outputSchema });
      },
    };
  });
}

export interface McpToolSet {
  tools: AgentTool[];
  /** Servers left out of the run, each with why. */
  notices: McpNotice[];
  /**
   * Called before each model step. null when nothing changed since the last call; else the
   * whole MCP tool list (servers that sent `notifications/tools/list_changed`, or came back
   * after a reconnect, re-listed) and what to tell the user: a notice per changed server
   * ("… changed its tools: added x, removed y") and the connection notices no call could
   * show yet (reconnected, gave up).
   */
  refresh(): Promise<{ tools: AgentTool[]; notices: McpNotice[] } | null>;
  close(): Promise<void>;
}

interface LoadMcpToolsOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  handlers?: McpClientHandlers;
  /** Backoff between reconnect attempts (tests shorten it). */
  reconnectDelaysMs?: readonly number[];
  /** A server's connection state changed: lib/server stores it for the settings page. */
  onStatus?(server: McpServerConfig, status: McpServerStatus): void;
}

/** One server's part of the set: its connection and the tools it offers now. */
interface ServerTools {
  connection: McpConnection;
  definitions: McpToolDefinition[];
  tools: AgentTool[];
}

/**
 * Connects to every server at once and collects their tools. A server that is
 * down, slow or broken is left out with a notice; it never fails the run.
 */
export async function loadMcpTools(servers: McpServerConfig[], options: LoadMcpToolsOptions = {}): Promise<McpToolSet> {
  const listTimeoutMs = options.timeoutMs ?? MCP_CONNECT_TIMEOUT_MS;
  const connections: McpConnection[] = [];
  /** Connection notices no call in flight could write: the next refresh() hands them to the loop. */
  const pending: McpNotice[] = [];
  let closed = false;
  const settled = await Promise.allSettled(
    servers.map(async (server): Promise<ServerTools> => {
      const connection = await McpConnection.open(server, {
        timeoutMs: options.timeoutMs,
        handlers: options.handlers,
        reconnectDelaysMs: options.reconnectDelaysMs,
        onStatus: (status) => options.onStatus?.(server, status),
        onNotice: (notice, emit) => {
          if (closed) return;
          if (emit) emit(noticeChunk(notice));
          else pending.push(notice);
        },
      });
      connections.push(connection);
      try {
        const definitions = await listMcpTools(await connection.ready(), listTimeoutMs);
        connection.takeToolsChanged();
        return { connection, definitions, tools: mcpAgentTools(connection, definitions) };
      } catch (error) {
        throw new Error(describeMcpError(error, server.name));
      }
    }),
  );
  const live: ServerTools[] = [];
  const notices: McpNotice[] = [];
  settled.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') live.push(outcome.value);
    else {
      const reason = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      notices.push({ server: servers[index].name, message: `${reason} Its tools are not available in this run.` });
    }
  });
  return {
    tools: live.flatMap((entry) => entry.tools),
    notices,
    refresh: async () => {
      const changed: McpNotice[] = [];
      await Promise.all(
        live.map(async (entry) => {
          if (!entry.connection.takeToolsChanged()) return;
          try {
            const definitions = await listMcpTools(await entry.connection.ready(), listTimeoutMs);
            const change = toolListChange(entry.definitions, definitions);
            entry.definitions = definitions;
            entry.tools = mcpAgentTools(entry.connection, definitions);
            if (change) changed.push({ server: entry.connection.name, message: `MCP server "${entry.connection.name}" changed its tools: ${change}.` });
          } catch {
            // Not reachable right now: its tools stay as they were, and a call says why it fails.
          }
        }),
      );
      if (changed.length === 0 && pending.length === 0) return null;
      return { tools: live.flatMap((entry) => entry.tools), notices: [...pending.splice(0), ...changed] };
    },
    close: async () => {
      closed = true;
      await Promise.allSettled(connections.map((connection) => connection.close()));
    },
  };
}

let noticeSequence = 0;
/** The `data-tool-notice` chunk a call in flight writes for a connection notice (ids unique within the message). */
function noticeChunk(notice: McpNotice) {
  return {
    type: 'data-tool-notice' as const,
    id: `tool-notice-mcp-${Date.now().toString(36)}-${++noticeSequence}`,
    data: { source: `MCP · ${notice.server}`, message: notice.message },
  };
}

/** "added x, removed y" (the server's own names), or null when nothing a user would notice changed. */
function toolListChange(before: McpToolDefinition[], after: McpToolDefinition[]): string | null {
  const old = new Set(before.map((tool) => tool.name));
  const now = new Set(after.map((tool) => tool.name));
  const added = [...now].filter((name) => !old.has(name));
  const removed = [...old].filter((name) => !now.has(name));
  const parts = [...(added.length ? [`added ${listNames(added)}`] : []), ...(removed.length ? [`removed ${listNames(removed)}`] : [])];
  if (parts.length) return parts.join(', ');
  return JSON.stringify(before) === JSON.stringify(after) ? null : 'updated their descriptions or arguments';
}

function listNames(names: string[], max = 10): string {
  return names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
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
