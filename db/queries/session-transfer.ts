import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { withBaseStepId } from './runs';
import { compactions, messages, runs, runSteps, sessions, workspaceFiles, type RunRow, type RunStepRow, type SessionRow } from '../schema';

/** Everything a session export holds, as stored. */
export interface SessionRecords {
  session: SessionRow;
  /** The stored message as its JSON text: the caller validates each row, like every load. */
  messages: Array<{ id: string; parentId: string | null; role: string; json: string; pinned: boolean; createdAt: number; updatedAt: number }>;
  workspace: Array<{ path: string; content: Buffer; updatedAt: number }>;
  compactions: Array<typeof compactions.$inferSelect>;
  runs: RunRow[];
  /** As stored: a trace's `request.bodyBase` refers to another of these steps (always one of the same session). */
  steps: RunStepRow[];
}

/**
 * `messages: false` leaves the message rows out, for callers that read the shown branch themselves;
 * `steps: false` the step traces, for callers that show no runs (a share).
 */
export async function readSessionRecords(
  db: Db,
  ownerId: string,
  sessionId: string,
  include: { messages: boolean; steps?: boolean } = { messages: true },
): Promise<SessionRecords | undefined> {
  const [session] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.ownerId, ownerId), eq(sessions.id, sessionId)));
  if (!session) return undefined;
  const [messageRows, files, compactionRows, runRows] = await Promise.all([
    include.messages
      ? db
          .select({ id: messages.id, parentId: messages.parentId, role: messages.role, json: sql<string>`${messages.message}`, pinned: messages.pinned, createdAt: messages.createdAt, updatedAt: messages.updatedAt })
          .from(messages)
          .where(and(eq(messages.ownerId, ownerId), eq(messages.sessionId, sessionId)))
          .orderBy(asc(messages.position))
      : Promise.resolve([]),
    db
      .select({ path: workspaceFiles.path, content: workspaceFiles.content, updatedAt: workspaceFiles.updatedAt })
      .from(workspaceFiles)
      .where(and(eq(workspaceFiles.ownerId, ownerId), eq(workspaceFiles.sessionId, sessionId)))
      .orderBy(asc(workspaceFiles.path)),
    db
      .select()
      .from(compactions)
      .where(and(eq(compactions.ownerId, ownerId), eq(compactions.sessionId, sessionId)))
      .orderBy(asc(compactions.createdAt)),
    db
      .select()
      .from(runs)
      .where(and(eq(runs.ownerId, ownerId), eq(runs.sessionId, sessionId)))
      .orderBy(asc(runs.startedAt)),
  ]);
  const steps = runRows.length && include.steps !== false
    ? await db
        .select()
        .from(runSteps)
        .where(inArray(runSteps.runId, runRows.map((run) => run.id)))
        .orderBy(asc(runSteps.runId), asc(runSteps.stepNumber))
    : [];
  return { session, messages: messageRows, workspace: files, compactions: compactionRows, runs: runRows, steps };
}

/** Rows of a session to insert as a whole: nothing is written unless everything is. */
export interface NewSessionRecords {
  session: typeof sessions.$inferInsert;
  messages: Array<typeof messages.$inferInsert>;
  workspace: Array<typeof workspaceFiles.$inferInsert>;
  compactions: Array<typeof compactions.$inferInsert>;
  runs: Array<typeof runs.$inferInsert>;
  steps: Array<typeof runSteps.$inferInsert>;
}

/** Rows per INSERT: stays under SQLite's bound-parameter limit for the widest table. */
const BATCH = 50;

export async function insertSessionRecords(db: Db, records: NewSessionRecords): Promise<SessionRow> {
  return db.transaction(async (tx) => {
    const [session] = await tx.insert(sessions).values(records.session).returning();
    const insertAll = async <T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) => {
      for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
    };
    await insertAll(records.messages, (batch) => tx.insert(messages).values(batch));
    await insertAll(records.workspace, (batch) => tx.insert(workspaceFiles).values(batch));
    await insertAll(records.runs, (batch) => tx.insert(runs).values(batch));
    await insertAll(records.steps, (batch) => tx.insert(runSteps).values(batch.map(withBaseStepId)));
    await insertAll(records.compactions, (batch) => tx.insert(compactions).values(batch));
    return session!;
  });
}
