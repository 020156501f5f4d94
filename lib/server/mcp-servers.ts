import 'server-only';
import { createIdGenerator } from 'ai';
import { createMcpServer, deleteMcpServer, findMcpServerByName, getMcpServer, listMcpServers, updateMcpServer } from '@/db/queries/mcp-servers';
import type { McpServerRow } from '@/db/schema';
import type { McpServerView, McpTestResult } from '@/lib/api-types';
import type { ConfirmStdioCommandInput, CreateMcpServerInput, PatchMcpServerInput } from '@/lib/mcp/config';
import { testMcpServer as connectAndList } from '@/lib/mcp/mcp-tools';
import { assertTransportAllowed, fieldsForCreate, fieldsForPatch } from './mcp-server-config';
import { commandFingerprint, isCommandConfirmed, UNCONFIRMED_COMMAND_MESSAGE } from '@/lib/mcp/stdio-command';
import { toMcpServerView } from '@/lib/mcp/view';
import { getAppDb } from './db';
import { withOpenHeaders } from './mcp-header-secrets';
import { withOAuthProviders } from './mcp-oauth';
import { ApiError } from './http';
import { requireHostCommandOperator } from './local-peer';
import { currentOwnerId } from './owner';
import { limitRequest } from './rate-limit';

/**
 * MCP server settings, as the routes ask for them. stdio servers run a command on this
 * host, so everything that creates, changes, confirms or starts one must come from this
 * machine (requireHostCommandOperator), on top of the request guard every write passes.
 */

const generateServerId = createIdGenerator({ prefix: 'mcp', size: 16 });

export async function listServerViews(request: Request): Promise<McpServerView[]> {
  const rows = await listMcpServers(await getAppDb(), (await currentOwnerId(request)));
  return rows.map(toMcpServerView);
}

export async function createServer(request: Request, body: CreateMcpServerInput): Promise<McpServerView> {
  if (body.transport === 'stdio') await requireHostCommandOperator(request, 'Adding a stdio MCP server');
  const ownerId = await currentOwnerId(request);
  const db = await getAppDb();
  const fields = fieldsForCreate(body);
  await assertNameFree(ownerId, fields.name);
  return toMcpServerView(await createMcpServer(db, { id: generateServerId(), ownerId, ...fields }));
}

export async function patchServer(request: Request, id: string, body: PatchMcpServerInput): Promise<McpServerView> {
  const ownerId = await currentOwnerId(request);
  const db = await getAppDb();
  const row = await requireServer(ownerId, id);
  if (row.transport === 'stdio' || body.transport === 'stdio') await requireHostCommandOperator(request, 'Changing a stdio MCP server');
  const fields = fieldsForPatch(row, body);
  if (fields.name && fields.name !== row.name) await assertNameFree(ownerId, fields.name);
  const updated = await updateMcpServer(db, ownerId, id, fields);
  if (!updated) throw notFound();
  return toMcpServerView(updated);
}

export async function removeServer(request: Request, id: string): Promise<void> {
  const deleted = await deleteMcpServer(await getAppDb(), (await currentOwnerId(request)), id);
  if (!deleted) throw notFound();
}

/** Connects and lists the tools. A stdio server whose command was not confirmed never starts. */
export async function testServer(request: Request, id: string): Promise<McpTestResult> {
  await limitRequest('tool', request);
  const ownerId = await currentOwnerId(request);
  const row = await requireServer(ownerId, id);
  assertTransportAllowed(row.transport);
  if (row.transport === 'stdio') {
    await requireHostCommandOperator(request, 'Running a stdio MCP server');
    if (!isCommandConfirmed(row)) throw new ApiError('command_unconfirmed', UNCONFIRMED_COMMAND_MESSAGE);
  }
  const [server] = await withOAuthProviders(await getAppDb(), ownerId, [withOpenHeaders(row)]);
  return connectAndList(server);
}

export async function confirmStdioCommand(request: Request, id: string, body: ConfirmStdioCommandInput): Promise<McpServerView> {
  await limitRequest('tool', request);
  const ownerId = await currentOwnerId(request);
  const row = await requireServer(ownerId, id);
  if (row.transport !== 'stdio') throw new ApiError('bad_request', 'Only stdio servers run a command to confirm.');
  assertTransportAllowed(row.transport);
  await requireHostCommandOperator(request, 'Confirming a stdio command');
  const fingerprint = commandFingerprint(row);
  if (commandFingerprint(body) !== fingerprint) {
    throw new ApiError('command_changed', 'The command changed since you looked at it. Reload the page and review it again.');
  }
  const updated = await updateMcpServer(await getAppDb(), ownerId, id, { confirmedCommand: fingerprint });
  if (!updated) throw notFound();
  return toMcpServerView(updated);
}

async function requireServer(ownerId: string, id: string): Promise<McpServerRow> {
  const row = await getMcpServer(await getAppDb(), ownerId, id);
  if (!row) throw notFound();
  return row;
}

async function assertNameFree(ownerId: string, name: string): Promise<void> {
  if (await findMcpServerByName(await getAppDb(), ownerId, name)) {
    throw new ApiError('name_taken', `An MCP server named "${name}" already exists.`);
  }
}

const notFound = () => new ApiError('not_found', 'MCP server not found.');
