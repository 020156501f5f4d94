import 'server-only';
import { listMcpServers } from '@/db/queries/mcp-servers';
import { setSessionMcpOverrides } from '@/db/queries/session-mcp-overrides';
import type { SessionMcpSwitches } from '@/lib/api-types';
import type { SessionMcpSwitchesInput } from '@/lib/api/mcp-switches-request';
import type { McpSessionOverrides } from '@/lib/mcp/tool-switches';
import { ApiError } from './http';
import { requireSession } from './session-access';

/** At most this many switches per session: more than any settings page shows. */
const MAX_SWITCHES = 2_000;

/** The owner's MCP servers as the session settings show them, and the session's own switches over them. */
export async function getSessionMcpSwitches(request: Request, sessionId: string): Promise<SessionMcpSwitches> {
  const { db, ownerId, session } = await requireSession(request, sessionId);
  return switchesView(await listMcpServers(db, ownerId), session.mcpOverrides);
}

/** Saves the session's switches; the next request of the session applies them (lib/server/session-tool-stores.ts). */
export async function putSessionMcpSwitches(request: Request, sessionId: string, body: SessionMcpSwitchesInput): Promise<SessionMcpSwitches> {
  const { db, ownerId } = await requireSession(request, sessionId);
  const servers = await listMcpServers(db, ownerId);
  const overrides = knownSwitches(servers, body.overrides);
  await setSessionMcpOverrides(db, ownerId, sessionId, overrides);
  return switchesView(servers, overrides);
}

/**
 * A session's switches for the owner's servers only (switches for a server the owner does not have, e.g. in an
 * imported file from elsewhere, are dropped), at most MAX_SWITCHES of them. Used by PUT and by import.
 */
export function knownSwitches(servers: readonly { id: string }[], input: McpSessionOverrides): McpSessionOverrides {
  const known = new Set(servers.map((server) => server.id));
  const overrides: McpSessionOverrides = {};
  const serverSwitches = Object.entries(input.servers ?? {}).filter(([id]) => known.has(id));
  const toolSwitches = Object.entries(input.tools ?? {}).filter(([id, tools]) => known.has(id) && Object.keys(tools).length > 0);
  if (serverSwitches.length + toolSwitches.reduce((sum, [, tools]) => sum + Object.keys(tools).length, 0) > MAX_SWITCHES) {
    throw new ApiError('bad_request', `At most ${MAX_SWITCHES} MCP switches per session.`);
  }
  if (serverSwitches.length) overrides.servers = Object.fromEntries(serverSwitches);
  if (toolSwitches.length) overrides.tools = Object.fromEntries(toolSwitches);
  return overrides;
}

function switchesView(servers: Awaited<ReturnType<typeof listMcpServers>>, overrides: McpSessionOverrides): SessionMcpSwitches {
  return {
    servers: servers.map((server) => ({ id: server.id, name: server.name, enabled: server.enabled, disabledTools: server.disabledTools ?? [] })),
    overrides,
  };
}
