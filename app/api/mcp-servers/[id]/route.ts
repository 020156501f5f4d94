import { NextResponse } from 'next/server';
import { deleteMcpServer, findMcpServerByName, getMcpServer, updateMcpServer } from '@/db/queries/mcp-servers';
import { patchMcpServerSchema } from '@/lib/mcp/config';
import { fieldsForPatch } from '@/lib/mcp/server-config';
import { toMcpServerView } from '@/lib/mcp/view';
import { getAppDb } from '@/lib/server/db';
import { HttpError, readJsonBody, withErrors } from '@/lib/server/http';
import { currentOwnerId } from '@/lib/server/owner';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

export const PATCH = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const body = await readJsonBody(request, patchMcpServerSchema, 100_000);
  const ownerId = currentOwnerId(request);
  const db = await getAppDb();
  const row = await getMcpServer(db, ownerId, id);
  if (!row) throw new HttpError(404, 'MCP server not found.', 'not_found');
  const fields = fieldsForPatch(row, body);
  if (fields.name && fields.name !== row.name) {
    const clash = await findMcpServerByName(db, ownerId, fields.name);
    if (clash) throw new HttpError(409, `An MCP server named "${fields.name}" already exists.`, 'name_taken');
  }
  const updated = await updateMcpServer(db, ownerId, id, fields);
  if (!updated) throw new HttpError(404, 'MCP server not found.', 'not_found');
  return NextResponse.json({ server: toMcpServerView(updated) });
});

export const DELETE = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const deleted = await deleteMcpServer(await getAppDb(), currentOwnerId(request), id);
  if (!deleted) throw new HttpError(404, 'MCP server not found.', 'not_found');
  return NextResponse.json({ ok: true });
});
