import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { mcpServers, type McpServerRow } from '../schema';

export type McpServerFields = Pick<McpServerRow, 'name' | 'transport' | 'url' | 'headers' | 'command' | 'args' | 'enabled'> & Partial<Pick<McpServerRow, 'confirmedCommand' | 'toolTimeoutMs'>>;

export async function listMcpServers(db: Db, ownerId: string): Promise<McpServerRow[]> {
  return db.select().from(mcpServers).where(eq(mcpServers.ownerId, ownerId)).orderBy(asc(mcpServers.createdAt), asc(mcpServers.name));
}

export async function listEnabledMcpServers(db: Db, ownerId: string): Promise<McpServerRow[]> {
  return db
    .select()
    .from(mcpServers)
    .where(and(eq(mcpServers.ownerId, ownerId), eq(mcpServers.enabled, true)))
    .orderBy(asc(mcpServers.createdAt), asc(mcpServers.name));
}

export async function getMcpServer(db: Db, ownerId: string, id: string): Promise<McpServerRow | undefined> {
  const [row] = await db
    .select()
    .from(mcpServers)
    .where(and(eq(mcpServers.ownerId, ownerId), eq(mcpServers.id, id)));
  return row;
}

export async function findMcpServerByName(db: Db, ownerId: string, name: string): Promise<McpServerRow | undefined> {
  const [row] = await db
    .select()
    .from(mcpServers)
    .where(and(eq(mcpServers.ownerId, ownerId), eq(mcpServers.name, name)));
  return row;
}

export async function createMcpServer(db: Db, input: McpServerFields & { id: string; ownerId: string; now?: number }): Promise<McpServerRow> {
  const { now = Date.now(), ...fields } = input;
  const [row] = await db
    .insert(mcpServers)
    .values({ ...fields, createdAt: now, updatedAt: now })
    .returning();
  return row;
}

export async function updateMcpServer(db: Db, ownerId: string, id: string, patch: Partial<McpServerFields>): Promise<McpServerRow | undefined> {
  const [row] = await db
    .update(mcpServers)
    .set({ ...patch, updatedAt: Date.now() })
    .where(and(eq(mcpServers.ownerId, ownerId), eq(mcpServers.id, id)))
    .returning();
  return row;
}

export async function deleteMcpServer(db: Db, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(mcpServers)
    .where(and(eq(mcpServers.ownerId, ownerId), eq(mcpServers.id, id)))
    .returning({ id: mcpServers.id });
  return rows.length > 0;
}
