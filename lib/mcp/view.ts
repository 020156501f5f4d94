import type { McpServerRecord } from './types';
import type { McpServerView } from '@/lib/api-types';
import { commandLine, isCommandConfirmed } from './stdio-command';

/** Shown instead of a header's value. Reveals nothing, not even its length. */
const MASKED_SECRET = '••••••••';

/** The only shape of an MCP server that may reach the browser. */
export function toMcpServerView(row: McpServerRecord): McpServerView {
  return {
    id: row.id,
    name: row.name,
    transport: row.transport,
    url: row.url,
    headers: Object.keys(row.headers ?? {}).map((name) => ({ name, masked: MASKED_SECRET })),
    command: row.command,
    args: row.args ?? [],
    commandLine: row.transport === 'stdio' ? commandLine(row) : null,
    commandConfirmed: isCommandConfirmed(row),
    toolTimeoutMs: row.toolTimeoutMs ?? null,
    enabled: row.enabled,
    allowSampling: row.allowSampling ?? false,
    disabledTools: row.disabledTools ?? [],
    status: row.status ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
