import 'server-only';
import { and, eq, inArray, notInArray, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../client';
import { toolApprovals, type ToolApprovalRow } from '../schema';

/** The approvals the server asked for. Every query filters by owner and session. */

/**
 * Registers an approval request. Providers may reuse a tool call id after an
 * earlier call with that id was settled (denied, executed, expired): the row is
 * then replaced. A call id that is still pending or approved is never replaced.
 */
export async function insertPendingApproval(
  db: Db,
  input: { id: string; ownerId: string; sessionId: string; runId: string; messageId: string; toolCallId: string; toolName: string; input: string },
): Promise<void> {
  const row = { ...input, status: 'pending' as const, reason: null, createdAt: Date.now(), decidedAt: null, executedAt: null };
  const inserted = await db
    .insert(toolApprovals)
    .values(row)
    .onConflictDoUpdate({ target: [toolApprovals.sessionId, toolApprovals.toolCallId], set: row, setWhere: notInArray(toolApprovals.status, ['pending', 'approved']) })
    .returning({ id: toolApprovals.id });
  if (inserted.length !== 1) throw new Error(`tool call ${input.toolCallId} already waits for an answer`);
}

export async function getApprovals(db: Db, ownerId: string, sessionId: string, ids: readonly string[]): Promise<ToolApprovalRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(toolApprovals)
    .where(and(eq(toolApprovals.ownerId, ownerId), eq(toolApprovals.sessionId, sessionId), inArray(toolApprovals.id, [...ids])));
}

export async function pendingApprovalsForMessage(db: Db, ownerId: string, sessionId: string, messageId: string): Promise<ToolApprovalRow[]> {
  return db
    .select()
    .from(toolApprovals)
    .where(
      and(eq(toolApprovals.ownerId, ownerId), eq(toolApprovals.sessionId, sessionId), eq(toolApprovals.messageId, messageId), eq(toolApprovals.status, 'pending')),
    );
}

/**
 * Records the user's answers, all or none: each row must still be pending
 * (a conditional update), so two racing requests cannot both decide it.
 * Returns false (and changes nothing) when any row was already decided.
 */
export async function decideApprovals(
  db: Db,
  ownerId: string,
  sessionId: string,
  decisions: ReadonlyArray<{ id: string; approved: boolean; reason?: string }>,
  now = Date.now(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    for (const decision of decisions) {
      const updated = await tx
        .update(toolApprovals)
        .set({ status: decision.approved ? 'approved' : 'denied', reason: decision.reason ?? null, decidedAt: now })
        .where(
          and(eq(toolApprovals.id, decision.id), eq(toolApprovals.ownerId, ownerId), eq(toolApprovals.sessionId, sessionId), eq(toolApprovals.status, 'pending')),
        )
        .returning({ id: toolApprovals.id });
      if (updated.length !== 1) tx.rollback();
    }
    return true;
  }).catch((error: unknown) => {
    if (error instanceof TransactionRollbackError) return false;
    throw error;
  });
}

/**
 * Marks an approved call as executed just before it runs. Only one caller can
 * win (approved → executed is a conditional update), so a call never runs twice.
 */
export async function claimApprovedCall(db: Db, ownerId: string, sessionId: string, toolCallId: string, now = Date.now()): Promise<boolean> {
  const updated = await db
    .update(toolApprovals)
    .set({ status: 'executed', executedAt: now })
    .where(
      and(eq(toolApprovals.ownerId, ownerId), eq(toolApprovals.sessionId, sessionId), eq(toolApprovals.toolCallId, toolCallId), eq(toolApprovals.status, 'approved')),
    )
    .returning({ id: toolApprovals.id });
  return updated.length === 1;
}

/** Pending approvals nobody answered before a new message: they can no longer be answered. */
export async function expirePendingApprovals(db: Db, ownerId: string, sessionId: string, now = Date.now()): Promise<void> {
  await db
    .update(toolApprovals)
    .set({ status: 'denied', reason: 'not answered before the next message', decidedAt: now })
    .where(and(eq(toolApprovals.ownerId, ownerId), eq(toolApprovals.sessionId, sessionId), eq(toolApprovals.status, 'pending')));
}
