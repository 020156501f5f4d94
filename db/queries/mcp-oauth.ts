import 'server-only';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../client';
import { mcpOAuth, type McpOAuthRow } from '../schema';
import { checkpointFreedSecrets } from './freed-pages';

/**
 * OAuth state of the owner's remote MCP servers. Secret columns move sealed, as stored
 * (lib/server/mcp-oauth.ts seals and opens them).
 */
export type McpOAuthFields = Partial<Omit<McpOAuthRow, 'serverId' | 'ownerId' | 'updatedAt'>>;

export async function getMcpOAuth(db: Db, ownerId: string, serverId: string): Promise<McpOAuthRow | undefined> {
  const [row] = await db
    .select()
    .from(mcpOAuth)
    .where(and(eq(mcpOAuth.ownerId, ownerId), eq(mcpOAuth.serverId, serverId)));
  return row;
}

export async function listMcpOAuth(db: Db, ownerId: string): Promise<McpOAuthRow[]> {
  return db.select().from(mcpOAuth).where(eq(mcpOAuth.ownerId, ownerId));
}

/** Creates the row or updates the given fields; `serverUrl` is required for a new row. */
export async function upsertMcpOAuth(db: Db, ownerId: string, serverId: string, fields: McpOAuthFields & { serverUrl: string }): Promise<McpOAuthRow> {
  const now = Date.now();
  const [row] = await db
    .insert(mcpOAuth)
    .values({ ...fields, serverId, ownerId, updatedAt: now })
    .onConflictDoUpdate({ target: mcpOAuth.serverId, set: { ...fields, updatedAt: now }, setWhere: eq(mcpOAuth.ownerId, ownerId) })
    .returning();
  if (fields.tokens === null || fields.clientInformation === null) await checkpointFreedSecrets(db);
  return row;
}

/**
 * Takes the authorization in progress whose state hashes to `stateHash`, if it has not
 * expired: the pending columns are cleared in the same statement, so a state works once.
 * Undefined (and nothing written) for an unknown, used or expired state.
 */
export async function takePendingMcpOAuth(db: Db, ownerId: string, serverId: string, stateHash: string, now = Date.now()): Promise<McpOAuthRow | undefined> {
  const [before] = await db
    .select()
    .from(mcpOAuth)
    .where(and(eq(mcpOAuth.ownerId, ownerId), eq(mcpOAuth.serverId, serverId), eq(mcpOAuth.pendingStateHash, stateHash), gt(mcpOAuth.pendingExpiresAt, now)));
  if (!before) return undefined;
  const taken = await db
    .update(mcpOAuth)
    .set({ pendingStateHash: null, pendingVerifier: null, pendingExpiresAt: null, updatedAt: now })
    .where(and(eq(mcpOAuth.serverId, serverId), eq(mcpOAuth.pendingStateHash, stateHash)))
    .returning({ serverId: mcpOAuth.serverId });
  // Another request took it between the two statements: only one of them gets it.
  return taken.length > 0 ? before : undefined;
}

/**
 * Clears the tokens only while they are still `sealedTokens`: a connection whose refresh
 * was refused must not wipe the tokens another run has just refreshed.
 */
export async function clearMcpOAuthTokensIf(db: Db, ownerId: string, serverId: string, sealedTokens: string): Promise<void> {
  const rows = await db
    .update(mcpOAuth)
    .set({ tokens: null, tokensExpireAt: null, scope: null, connectedAt: null, updatedAt: Date.now() })
    .where(and(eq(mcpOAuth.ownerId, ownerId), eq(mcpOAuth.serverId, serverId), eq(mcpOAuth.tokens, sealedTokens)))
    .returning({ serverId: mcpOAuth.serverId });
  if (rows.length > 0) await checkpointFreedSecrets(db);
}

export async function deleteMcpOAuth(db: Db, ownerId: string, serverId: string): Promise<boolean> {
  const rows = await db
    .delete(mcpOAuth)
    .where(and(eq(mcpOAuth.ownerId, ownerId), eq(mcpOAuth.serverId, serverId)))
    .returning({ serverId: mcpOAuth.serverId });
  if (rows.length > 0) await checkpointFreedSecrets(db);
  return rows.length > 0;
}
