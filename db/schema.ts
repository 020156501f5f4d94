import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { AgentUIMessage } from '@/lib/agent/messages';

/**
 * Every table carries `ownerId`, so per-user isolation (accounts arrive later)
 * needs no data migration: until then every row belongs to the local owner.
 */

export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    title: text('title').notNull(),
    /** 'auto' until the user renames the session; auto-titling never overwrites a user title. */
    titleSource: text('title_source', { enum: ['default', 'auto', 'user'] }).notNull().default('default'),
    modelKey: text('model_key').notNull(),
    /** Per-session loop settings (JSON object of overrides). */
    settings: text('settings', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('sessions_owner_updated_idx').on(t.ownerId, t.updatedAt)],
);

export const messages = sqliteTable(
  'messages',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    role: text('role', { enum: ['user', 'assistant', 'system'] }).notNull(),
    /** Order within the session. */
    position: integer('position').notNull(),
    /** The whole UI message as JSON: one row per message. */
    message: text('message', { mode: 'json' }).$type<AgentUIMessage>().notNull(),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('messages_session_position_idx').on(t.sessionId, t.position)],
);

export const runs = sqliteTable(
  'runs',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    /** The assistant message this run writes. */
    messageId: text('message_id').notNull(),
    modelKey: text('model_key').notNull(),
    status: text('status', { enum: ['running', 'completed', 'failed', 'cancelled'] }).notNull(),
    endReason: text('end_reason'),
    usage: text('usage', { mode: 'json' }).$type<Record<string, unknown>>(),
    startedAt: integer('started_at', { mode: 'number' }).notNull(),
    endedAt: integer('ended_at', { mode: 'number' }),
  },
  (t) => [index('runs_session_idx').on(t.sessionId, t.startedAt)],
);

export const runSteps = sqliteTable(
  'run_steps',
  {
    id: text('id').primaryKey(),
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    ownerId: text('owner_id').notNull(),
    stepNumber: integer('step_number').notNull(),
    /** The step trace: request (keys redacted), response metadata, usage, timings, retries, hooks. */
    trace: text('trace', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('run_steps_run_idx').on(t.runId, t.stepNumber)],
);

export type SessionRow = typeof sessions.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type RunRow = typeof runs.$inferSelect;
export type RunStepRow = typeof runSteps.$inferSelect;
