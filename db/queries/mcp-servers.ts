import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { mcpServers, type McpServerRow } from '../schema';
import { checkpointFreedSecrets } from './freed-pages';
import type { McpServerStatus } from '@/lib/mcp/types';

/**
 * Header values are stored sealed (lib/server/secret-box.ts): these queries move them as
 * they are stored, and lib/server seals and opens them.
 */
export type McpServerFields = Pick<McpServerRow, 'name' | 'transport' | 'url' | 'headers' | 'command' | 'args' | 'enabled'> & Partial<Pick<McpServerRow, 'confirmedCommand' | 'toolTimeoutMs' | 'disabledTools' | 'allowSampling'>>;

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
  if (row && patch.headers) await checkpointFreedSecrets(db);
  return row;
}

/** Records how a run found the server (lib/mcp/connection.ts reports changes only); its dates stay as they are. */
export async function setMcpServerStatus(db: Db, ownerId: string, id: string, status: McpServerStatus): Promise<void> {
  await db.update(mcpServers).set({ status }).where(and(eq(mcpServers.ownerId, ownerId), eq(mcpServers.id, id)));
}

/** Every server's stored headers, for the startup upgrade that seals plaintext values. */
export async function listAllMcpServerHeaders(db: Db): Promise<Array<Pick<McpServerRow, 'id' | 'headers'>>> {
  return db.select({ id: mcpServers.id, headers: mcpServers.headers }).from(mcpServers);
}

/** Writes a server's headers again (re-encrypted), keeping its dates; the old bytes are checkpointed away by the caller. */
export async function replaceMcpServerHeaders(db: Db, id: string, headers: McpServerRow['headers']): Promise<void> {
  await db.update(mcpServers).set({ headers }).where(eq(mcpServers.id, id));
}

export async function deleteMcpServer(db: Db, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(mcpServers)
    .where(and(eq(mcpServers.ownerId, ownerId), eq(mcpServers.id, id)))
    .returning({ id: mcpServers.id });
  if (rows.length > 0) await checkpointFreedSecrets(db);
  return rows.length > 0;
}
