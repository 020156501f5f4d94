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

function disabledToolsFor(server: SwitchableServer, overrides: McpSessionOverrides | undefined): string[] {
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
