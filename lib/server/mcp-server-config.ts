import 'server-only';
import { ApiError } from './http';
import type { McpServerRow } from '@/db/schema';
import type { McpServerFields } from '@/db/queries/mcp-servers';
import { commandFingerprint } from '@/lib/mcp/stdio-command';
import { isStdioAllowed, mergeHeaders, originOf, STDIO_ENV_FLAG, type CreateMcpServerInput, type PatchMcpServerInput } from '@/lib/mcp/config';
import { sealHeaderValues } from './mcp-header-secrets';
import { sealSecret } from './secret-box';

/** The stdio gate, as the routes answer it: a clear 400 while the operator has not opted in. */
export function assertTransportAllowed(transport: McpServerRow['transport']): void {
  if (transport === 'stdio' && !isStdioAllowed()) {
    throw new ApiError('stdio_disabled', `stdio MCP servers are disabled. The operator can allow them by setting ${STDIO_ENV_FLAG}=1.`);
  }
}

/** The stored fields of a new server; header values sealed (secret-box). */
export function fieldsForCreate(body: CreateMcpServerInput): McpServerFields {
  assertTransportAllowed(body.transport);
  const stdio = body.transport === 'stdio';
  return {
    name: body.name,
    transport: body.transport,
    url: stdio ? null : (body.url ?? null),
    headers: stdio ? {} : sealHeaderValues(Object.fromEntries((body.headers ?? []).map((header) => [header.name, header.value]))),
    command: stdio ? (body.command ?? null) : null,
    args: stdio ? (body.args ?? []) : [],
    // A new stdio command has not been confirmed by anyone yet.
    confirmedCommand: null,
    toolTimeoutMs: body.toolTimeoutMs ?? null,
    enabled: body.enabled ?? true,
    disabledTools: [...new Set(body.disabledTools ?? [])],
  };
}

/** The stored fields after a PATCH, keeping secrets the browser did not resend (see mergeHeaders). */
export function fieldsForPatch(row: McpServerRow, body: PatchMcpServerInput): Partial<McpServerFields> {
  const transport = body.transport ?? row.transport;
  if (body.transport || (body.enabled && transport === 'stdio')) assertTransportAllowed(transport);
  if (transport === 'stdio') {
    const command = body.command ?? row.command;
    if (!command) throw new ApiError('bad_request', 'Command is required for stdio.');
    const args = body.args ?? row.args;
    // Keep a confirmation only while it still names this exact command line.
    const confirmedCommand = row.confirmedCommand === commandFingerprint({ command, args }) ? row.confirmedCommand : null;
    return { ...pick(body, ['name', 'enabled', 'toolTimeoutMs', 'allowSampling']), ...disabledToolsOf(body), transport, url: null, headers: {}, command, args, confirmedCommand };
  }
  const url = body.url ?? row.url;
  if (!url) throw new ApiError('bad_request', 'URL is required.');
  const originChanged = originOf(url) !== originOf(row.url);
  // New values are sealed before the merge; kept ones stay as stored.
  const requested = body.headers?.map((header) => (header.value === undefined ? header : { ...header, value: sealSecret(header.value) })) ?? Object.keys(row.headers ?? {}).map((name) => ({ name }));
  // A McpConfigError from here is a 400 (toApiError).
  const headers = mergeHeaders(row.headers ?? {}, requested, originChanged);
  return { ...pick(body, ['name', 'enabled', 'toolTimeoutMs', 'allowSampling']), ...disabledToolsOf(body), transport, url, headers, command: null, args: [], confirmedCommand: null };
}

/** The tool switches, deduplicated, when the PATCH sends them. */
function disabledToolsOf(body: PatchMcpServerInput): Pick<McpServerFields, 'disabledTools'> {
  return body.disabledTools ? { disabledTools: [...new Set(body.disabledTools)] } : {};
}

function pick<T extends object, K extends keyof T>(value: T, keys: K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.filter((key) => value[key] !== undefined).map((key) => [key, value[key]])) as Partial<Pick<T, K>>;
}
