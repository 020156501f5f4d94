import { mcpToolName } from './names';

/**
 * The enable switches: a server's tools switched off by the owner (Settings → MCP servers), and a
 * session's own choices over them (the session settings). The server applies them when it opens a
 * run's tools: a tool switched off is never offered, so a call to it is refused as unknown.
 */

/** One session's choices, by server id: a server on or off, and tools on or off by the server's tool name. Absent: as set. */
export interface McpSessionOverrides {
  servers?: Record<string, boolean>;
  tools?: Record<string, Record<string, boolean>>;
}

interface SwitchableServer {
  id: string;
  enabled: boolean;
  disabledTools: readonly string[];
}

/** The servers a session uses, each with the tools switched off for it (the owner's list with the session's choices applied). */
export function serversForSession<T extends SwitchableServer>(servers: readonly T[], overrides: McpSessionOverrides | undefined): T[] {
  return servers
    .filter((server) => overrides?.servers?.[server.id] ?? server.enabled)
    .map((server) => ({ ...server, disabledTools: disabledToolsFor(server, overrides) }));
}

/** The tools switched off on one server for a session: the owner's list with the session's choices applied. */
export function disabledToolsFor(server: SwitchableServer, overrides: McpSessionOverrides | undefined): string[] {
  const own = overrides?.tools?.[server.id];
  const disabled = new Set(server.disabledTools);
  for (const [tool, on] of Object.entries(own ?? {})) {
    if (on) disabled.delete(tool);
    else disabled.add(tool);
  }
  return [...disabled];
}

/** The model-facing names (`server__tool`) of the tools switched off on these servers. */
export function switchedOffToolNames(servers: readonly { name: string; disabledTools?: readonly string[] }[]): Set<string> {
  return new Set(servers.flatMap((server) => (server.disabledTools ?? []).map((tool) => mcpToolName(server.name, tool))));
}

/** Whether the session uses a server: its own switch, else the owner's. */
export function serverOnForSession(server: SwitchableServer, overrides: McpSessionOverrides | undefined): boolean {
  return overrides?.servers?.[server.id] ?? server.enabled;
}

/** The session's switches with a server switched on or off; a switch that says what the owner's does is dropped. */
export function withServerSwitch(overrides: McpSessionOverrides, server: SwitchableServer, on: boolean): McpSessionOverrides {
  const servers = { ...overrides.servers };
  if (on === server.enabled) delete servers[server.id];
  else servers[server.id] = on;
  return tidy({ ...overrides, servers });
}

/** The session's switches with one tool switched on or off; a switch that says what the owner's does is dropped. */
export function withToolSwitch(overrides: McpSessionOverrides, server: SwitchableServer, tool: string, on: boolean): McpSessionOverrides {
  const own = { ...overrides.tools?.[server.id] };
  if (on === !server.disabledTools.includes(tool)) delete own[tool];
  else own[tool] = on;
  return tidy({ ...overrides, tools: { ...overrides.tools, [server.id]: own } });
}

function tidy(overrides: McpSessionOverrides): McpSessionOverrides {
  const servers = overrides.servers && Object.keys(overrides.servers).length ? overrides.servers : undefined;
  const toolEntries = Object.entries(overrides.tools ?? {}).filter(([, tools]) => Object.keys(tools).length > 0);
  return { ...(servers ? { servers } : {}), ...(toolEntries.length ? { tools: Object.fromEntries(toolEntries) } : {}) };
}
