import { NextResponse } from 'next/server';
import { createIdGenerator } from 'ai';
import { createMcpServer, findMcpServerByName, listMcpServers } from '@/db/queries/mcp-servers';
import { createMcpServerSchema } from '@/lib/mcp/config';
import { fieldsForCreate } from '@/lib/mcp/server-config';
import { toMcpServerView } from '@/lib/mcp/view';
import { getAppDb } from '@/lib/server/db';
import { HttpError, readJsonBody, withErrors } from '@/lib/server/http';
import { currentOwnerId } from '@/lib/server/owner';

export const dynamic = 'force-dynamic';

const generateServerId = createIdGenerator({ prefix: 'mcp', size: 16 });

export const GET = withErrors(async (request: Request) => {
  const rows = await listMcpServers(await getAppDb(), currentOwnerId(request));
  return NextResponse.json({ servers: rows.map(toMcpServerView) });
});

export const POST = withErrors(async (request: Request) => {
  const body = await readJsonBody(request, createMcpServerSchema, 100_000);
  const ownerId = currentOwnerId(request);
  const db = await getAppDb();
  const fields = fieldsForCreate(body);
  if (await findMcpServerByName(db, ownerId, fields.name)) {
    throw new HttpError(409, `An MCP server named "${fields.name}" already exists.`, 'name_taken');
  }
  const row = await createMcpServer(db, { id: generateServerId(), ownerId, ...fields });
  return NextResponse.json({ server: toMcpServerView(row) }, { status: 201 });
});
