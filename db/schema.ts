import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { compressedJson } from './compressed-json';
import type { z } from 'zod';
import type { ImageFilePart } from '../lib/api/attachments';
import type {
  chunkColumn,
  compactionRecordColumn,
  mcpArgsColumn,
  mcpDisabledToolsColumn,
  mcpStatusColumn,
  mcpHeadersColumn,
  mcpSessionOverridesColumn,
  messageColumn,
  runContinuationColumn,
  runOverridesColumn,
  sessionSettingsColumn,
  shareOptionsColumn,
  shareSnapshotColumn,
  stepTraceColumn,
  todosColumn,
  usageColumn,
} from './json-columns';

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
    /** 'default' until the first message sets an automatic title ('auto'), 'user' once the user names it; auto-titling never overwrites a user title. */
    titleSource: text('title_source', { enum: ['default', 'auto', 'user'] }).notNull().default('default'),
    modelKey: text('model_key').notNull(),
    /** Per-session loop settings (JSON object of overrides). */
    settings: text('settings', { mode: 'json' }).$type<z.output<typeof sessionSettingsColumn>>().notNull().default({}),
    /** plan | ask | accept-edits | auto — enforced by the server on every tool call. */
    permissionMode: text('permission_mode', { enum: ['plan', 'ask', 'accept-edits', 'auto'] }).notNull().default('ask'),
    /** The agent's todo list (todo_write), shown as a live checklist. */
    todos: text('todos', { mode: 'json' }).$type<z.output<typeof todosColumn>>().notNull().default([]),
    /** MCP servers and tools switched on or off for this session only (applied from the next request). */
    mcpOverrides: text('mcp_overrides', { mode: 'json' }).$type<z.output<typeof mcpSessionOverridesColumn>>().notNull().default({}),
    /** A fork: the session and message it was copied from (the link back). */
    forkedFromSessionId: text('forked_from_session_id'),
    forkedFromMessageId: text('forked_from_message_id'),
    /** The last message of the branch the session shows and continues (null: no messages yet). */
    activeLeafId: text('active_leaf_id'),
    /**
     * A column of a comparison (the same prompt in 2–4 sessions side by side): the group it belongs to.
     * Such sessions stay out of the sidebar until "Continue in this session" clears it (lib/server/compare.ts).
     */
    compareGroupId: text('compare_group_id'),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('sessions_owner_updated_idx').on(t.ownerId, t.updatedAt), index('sessions_owner_compare_idx').on(t.ownerId, t.compareGroupId)],
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
    /** Order of creation within the session (every branch). */
    position: integer('position').notNull(),
    /**
     * The message this one answers or follows; null for the first. Messages form a tree:
     * regenerating an answer or editing a message adds a sibling, and nothing is deleted.
     */
    parentId: text('parent_id'),
    /** The whole UI message as JSON: one row per message. */
    message: text('message', { mode: 'json' }).$type<z.output<typeof messageColumn>>().notNull(),
    /** Pinned messages are kept verbatim through compaction. */
    pinned: integer('pinned', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('messages_session_position_idx').on(t.sessionId, t.position), index('messages_parent_idx').on(t.parentId)],
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
    /**
     * running → completed | awaiting_approval | cancelled (stopped) | failed | interrupted
     * (its process died or shut down before it finished; see lib/server/recovery.ts).
     */
    status: text('status', { enum: ['running', 'completed', 'awaiting_approval', 'failed', 'cancelled', 'interrupted'] }).notNull(),
    endReason: text('end_reason'),
    usage: text('usage', { mode: 'json' }).$type<z.output<typeof usageColumn>>(),
    startedAt: integer('started_at', { mode: 'number' }).notNull(),
    endedAt: integer('ended_at', { mode: 'number' }),
    /** The server process that runs it; it renews `leaseExpiresAt` while it lives. */
    instanceId: text('instance_id'),
    leaseExpiresAt: integer('lease_expires_at', { mode: 'number' }),
    /** Stop, asked from any tab or instance; the owner polls it with its heartbeat. */
    stopRequestedAt: integer('stop_requested_at', { mode: 'number' }),
    /** A continuation (after approvals) goes on writing an existing message: that message as it was, to rebuild from the log. */
    baseMessage: text('base_message', { mode: 'json' }).$type<z.output<typeof messageColumn>>(),
    /** How many invocations (requests) have carried this run: more than one when it went on in a chained invocation. */
    invocations: integer('invocations', { mode: 'number' }).notNull().default(1),
    /** Set while the run waits for its next invocation (lib/server/run-handoff.ts); cleared when one picks it up. */
    continuation: text('continuation', { mode: 'json' }).$type<z.output<typeof runContinuationColumn>>(),
    /** Edit and re-run: this run's own settings over the session's, applied again by every continuation of it. Null for other runs. */
    overrides: text('overrides', { mode: 'json' }).$type<z.output<typeof runOverridesColumn>>(),
  },
  (t) => [
    index('runs_session_idx').on(t.sessionId, t.startedAt),
    // One running run per session, across every process sharing the database.
    uniqueIndex('runs_one_running_per_session').on(t.sessionId).where(sql`status = 'running'`),
  ],
);

/**
 * The run log: every UI-stream chunk of a run, numbered. The single source for
 * everything that follows a run: the live stream, reattach, a second tab or instance,
 * and crash recovery. Written in batches, one row per batch: `seq` is the batch's last
 * number and `chunk` its chunks (a JSON array; older rows hold one chunk object).
 * Pruned some minutes after the run ended.
 */
export const runEvents = sqliteTable(
  'run_events',
  {
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /**
     * A batch's chunks (an array; one chunk object in rows from before batches), deflated (db/compressed-json.ts) from
     * 1 KiB of JSON. A live run's rows are mostly a few chunks (50 ms of tokens): text, deflate's fixed cost was 3 % of
     * the server's CPU at 100 concurrent runs. The log of an ended run is rewritten as one row (deflated), then pruned.
     */
    chunk: compressedJson<z.output<typeof chunkColumn> | z.output<typeof chunkColumn>[]>('chunk', { plainBelow: 1024 }).notNull(),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
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
    /**
     * The step trace: request (keys redacted), response metadata, usage, timings, retries, hooks. Deflated
     * (db/compressed-json.ts); rows from before are JSON text.
     */
    trace: compressedJson<z.output<typeof stepTraceColumn>>('trace').notNull(),
    /** The step its trace's request body builds on (`trace.request.bodyBase.stepId`), for the chain walk in SQL. */
    baseStepId: text('base_step_id'),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('run_steps_run_idx').on(t.runId, t.stepNumber)],
);

export type SessionRow = typeof sessions.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type RunRow = typeof runs.$inferSelect;
export type RunStepRow = typeof runSteps.$inferSelect;
export type RunEventRow = typeof runEvents.$inferSelect;

/* ---------- Tools, workspace and permissions (issue 4) ---------- */

/** The session's virtual file system: one row per file, so it survives restarts and travels with the session. */
export const workspaceFiles = sqliteTable(
  'workspace_files',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    /** Absolute path inside the workspace, e.g. `/workspace/src/index.ts`. */
    path: text('path').notNull(),
    content: blob('content', { mode: 'buffer' }).notNull(),
    size: integer('size').notNull(),
    updatedAt: integer('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.path] })],
);

/** Standing permissions the user gave in a session ("Always allow TOOL in this session"). */
export const toolGrants = sqliteTable(
  'tool_grants',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    toolName: text('tool_name').notNull(),
    /** 'session': every call of the tool in this session. */
    scope: text('scope').notNull().default('session'),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
    revokedAt: integer('revoked_at', { mode: 'number' }),
  },
  (t) => [index('tool_grants_session_idx').on(t.sessionId)],
);

/**
 * Every approval the server asked for, so a forged, replayed or tampered
 * answer runs nothing and an executed call never runs twice.
 */
export const toolApprovals = sqliteTable(
  'tool_approvals',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    runId: text('run_id'),
    messageId: text('message_id').notNull(),
    toolCallId: text('tool_call_id').notNull(),
    toolName: text('tool_name').notNull(),
    /** Canonical JSON of the input the server asked about. */
    input: text('input').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'denied', 'executed'] }).notNull(),
    reason: text('reason'),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
    decidedAt: integer('decided_at', { mode: 'number' }),
    executedAt: integer('executed_at', { mode: 'number' }),
  },
  (t) => [index('tool_approvals_session_idx').on(t.sessionId), uniqueIndex('tool_approvals_call_idx').on(t.sessionId, t.toolCallId)],
);

/** MCP servers the owner added. Header values are secrets: stored here, never sent to a browser. */
export const mcpServers = sqliteTable('mcp_servers', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull(),
  /** Namespace of its tools: `name__tool`. */
  name: text('name').notNull(),
  transport: text('transport', { enum: ['http', 'sse', 'stdio'] }).notNull(),
  url: text('url'),
  headers: text('headers', { mode: 'json' }).$type<z.output<typeof mcpHeadersColumn>>().notNull().default({}),
  /** stdio only (off unless the operator enables it). */
  command: text('command'),
  args: text('args', { mode: 'json' }).$type<z.output<typeof mcpArgsColumn>>().notNull().default([]),
  /**
   * stdio only: the exact command line (JSON of [command, ...args]) the operator confirmed
   * from this machine. A stdio server runs only while this equals its current command.
   */
  confirmedCommand: text('confirmed_command'),
  /** How long one call to this server's tools may take; null: the session's tool timeout. */
  toolTimeoutMs: integer('tool_timeout_ms'),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  /** The server may ask for model completions (MCP sampling), each approved by the user. Off unless the owner opts in. */
  allowSampling: integer('allow_sampling', { mode: 'boolean' }).notNull().default(false),
  /** Tools of this server switched off (the server's own tool names): never offered, a call to one is refused. */
  disabledTools: text('disabled_tools', { mode: 'json' }).$type<z.output<typeof mcpDisabledToolsColumn>>().notNull().default([]),
  /** How the last run (or test) found the server: connected, reconnecting or failed, why and when; the settings page shows it. */
  status: text('status', { mode: 'json' }).$type<z.output<typeof mcpStatusColumn>>(),
  createdAt: integer('created_at', { mode: 'number' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'number' }).notNull(),
});

/**
 * A question an MCP server asks the user in the middle of a tool call: a form to fill
 * (`elicitation`) or a model completion to allow (`sampling`). The waiting run reads the
 * answer from here, so any tab or instance can answer, and a reload shows it again.
 */
export const mcpElicitations = sqliteTable(
  'mcp_elicitations',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    runId: text('run_id'),
    toolCallId: text('tool_call_id'),
    /** The MCP server's name. */
    server: text('server').notNull(),
    kind: text('kind', { enum: ['elicitation', 'sampling'] }).notNull(),
    message: text('message').notNull(),
    /** elicitation: the requested schema; sampling: the request (messages, system prompt, max tokens). */
    request: text('request', { mode: 'json' }).$type<unknown>().notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'cancelled'] }).notNull(),
    /** elicitation: the submitted content when accepted. */
    answer: text('answer', { mode: 'json' }).$type<unknown>(),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
    answeredAt: integer('answered_at', { mode: 'number' }),
  },
  (t) => [index('mcp_elicitations_session_idx').on(t.sessionId)],
);

/**
 * OAuth for one remote MCP server, per owner: the client registration (dynamic client
 * registration), the tokens, and at most one authorization in progress. Secrets
 * (registration, tokens, PKCE verifier) are sealed (lib/server/secret-box.ts) and never
 * leave the server. Everything here is bound to `serverUrl`: once the server's address
 * changes, nothing stored is sent anywhere until the user connects again.
 */
export const mcpOAuth = sqliteTable('mcp_oauth', {
  serverId: text('server_id')
    .primaryKey()
    .references(() => mcpServers.id, { onDelete: 'cascade' }),
  ownerId: text('owner_id').notNull(),
  /** The server URL this was obtained for. */
  serverUrl: text('server_url').notNull(),
  /** The redirect URI registered with the authorization server (ours, from the request's allowed origin). */
  redirectUrl: text('redirect_url'),
  /** Sealed JSON: the client information the authorization server registered. */
  clientInformation: text('client_information'),
  /** Sealed JSON: the tokens (access, refresh). */
  tokens: text('tokens'),
  /** When the access token expires (ms); null: unknown or none. */
  tokensExpireAt: integer('tokens_expire_at', { mode: 'number' }),
  /** The scope granted, shown in settings. */
  scope: text('scope'),
  /** Discovery results (public metadata, no secrets), so each run does not rediscover. */
  discoveryState: text('discovery_state', { mode: 'json' }).$type<unknown>(),
  /** Set when a connection was refused for want of authorization (settings then offer "Connect"). */
  requiredAt: integer('required_at', { mode: 'number' }),
  connectedAt: integer('connected_at', { mode: 'number' }),
  /** The authorization in progress: SHA-256 of its state, its sealed PKCE verifier, its deadline. Single-use. */
  pendingStateHash: text('pending_state_hash'),
  pendingVerifier: text('pending_verifier'),
  pendingExpiresAt: integer('pending_expires_at', { mode: 'number' }),
  updatedAt: integer('updated_at', { mode: 'number' }).notNull(),
});

/* ---------- Context management (issue 5) ---------- */

/**
 * What the model sees instead of the full history after a compaction. The
 * transcript keeps every original message; this only changes the model's view.
 */
export const compactions = sqliteTable(
  'compactions',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    runId: text('run_id'),
    trigger: text('trigger', { enum: ['auto', 'length', 'manual'] }).notNull(),
    /** The record itself: summary, cut-off message id, pruned and dropped items, model, tokens before/after, cost. */
    record: text('record', { mode: 'json' }).$type<z.output<typeof compactionRecordColumn>>().notNull(),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
    undoneAt: integer('undone_at', { mode: 'number' }),
  },
  (t) => [index('compactions_session_idx').on(t.sessionId, t.createdAt)],
);

/* ---------- Queued messages (issue 10) ---------- */

/**
 * Messages the user sent while a run was active. The server sends the first
 * one as a new user message when the run ends normally, so the queue works
 * with the tab closed and survives a reload. A dispatched row is deleted; its
 * id becomes the user message's id.
 */
export const queuedMessages = sqliteTable(
  'queued_messages',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    text: text('text').notNull(),
    /** The model picked when it was queued; null means the session's model at dispatch time. */
    modelKey: text('model_key'),
    /** Images attached when it was queued, as checked then (lib/api/attachments.ts); null when none. Sent with the message. */
    images: text('images', { mode: 'json' }).$type<ImageFilePart[]>(),
    /** Order within the session's queue (ascending). */
    position: integer('position').notNull(),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('queued_messages_session_position_idx').on(t.sessionId, t.position)],
);

/* ---------- Share links (issue 12) ---------- */

/**
 * A read-only link to a copy of a session. The snapshot is taken when the
 * link is made or updated, with the owner's privacy choices applied and
 * secrets removed; the public page reads only this row. `redactedHashes` are
 * SHA-256 hashes of the texts the owner chose to redact, so an updated
 * snapshot redacts them again without the texts being stored.
 */
export const shares = sqliteTable(
  'shares',
  {
    id: text('id').primaryKey(),
    /** The link's secret part: 192 random bits, base64url. */
    token: text('token').notNull(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    mode: text('mode', { enum: ['snapshot', 'live'] }).notNull(),
    options: text('options', { mode: 'json' }).$type<z.output<typeof shareOptionsColumn>>().notNull(),
    redactedHashes: text('redacted_hashes', { mode: 'json' }).$type<string[]>().notNull().default([]),
    /** Findings the owner saw and chose to publish. Anything else found later (an update, a live read) is redacted. */
    allowedHashes: text('allowed_hashes', { mode: 'json' }).$type<string[]>().notNull().default([]),
    snapshot: text('snapshot', { mode: 'json' }).$type<z.output<typeof shareSnapshotColumn>>().notNull(),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'number' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'number' }),
    revokedAt: integer('revoked_at', { mode: 'number' }),
    viewCount: integer('view_count').notNull().default(0),
    lastViewedAt: integer('last_viewed_at', { mode: 'number' }),
    /** The owner allows other sites to embed this share page in a frame (CSP frame-ancestors *). */
    allowEmbed: integer('allow_embed', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [uniqueIndex('shares_token_idx').on(t.token), index('shares_session_idx').on(t.sessionId, t.createdAt)],
);

export type ShareRow = typeof shares.$inferSelect;

/* ---------- Workspace snapshots (issue 12: fork from any message) ---------- */

/** File contents by SHA-256, stored once however many snapshots hold them. */
export const workspaceBlobs = sqliteTable('workspace_blobs', {
  hash: text('hash').primaryKey(),
  content: blob('content', { mode: 'buffer' }).notNull(),
  size: integer('size').notNull(),
});

/** The workspace as it was when a run ended, keyed by that run's message: a fork from there starts with these files. */
export const workspaceSnapshots = sqliteTable(
  'workspace_snapshots',
  {
    messageId: text('message_id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    files: text('files', { mode: 'json' }).$type<Array<{ path: string; hash: string }>>().notNull(),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('workspace_snapshots_session_idx').on(t.sessionId)],
);
export type WorkspaceFileRow = typeof workspaceFiles.$inferSelect;
export type ToolGrantRow = typeof toolGrants.$inferSelect;
export type ToolApprovalRow = typeof toolApprovals.$inferSelect;
export type McpServerRow = typeof mcpServers.$inferSelect;
export type McpOAuthRow = typeof mcpOAuth.$inferSelect;
export type McpElicitationRow = typeof mcpElicitations.$inferSelect;
export type CompactionRow = typeof compactions.$inferSelect;
export type QueuedMessageRow = typeof queuedMessages.$inferSelect;

/* ---------- Accounts (issue 13): better-auth's tables, with its admin plugin's fields ---------- */

/** A person who signs in. `id` is the `ownerId` of everything they make. The first account is the admin. */
export const user = sqliteTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
  image: text('image'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  role: text('role'),
  banned: integer('banned', { mode: 'boolean' }),
  banReason: text('ban_reason'),
  banExpires: integer('ban_expires', { mode: 'timestamp_ms' }),
});

/** A signed-in browser: the httpOnly cookie carries `token`. */
export const session = sqliteTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

/** How a user signs in; for email and password, `password` holds the hash. */
export const account = sqliteTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: integer('access_token_expires_at', { mode: 'timestamp_ms' }),
    refreshTokenExpiresAt: integer('refresh_token_expires_at', { mode: 'timestamp_ms' }),
    scope: text('scope'),
    password: text('password'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

/** better-auth's one-time values (password reset tokens). */
export const verification = sqliteTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** An admin-made sign-up link. Only the SHA-256 of its token is stored. */
export const invites = sqliteTable(
  'invites',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    /** Optional: only this address may use it. */
    email: text('email'),
    role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
    createdBy: text('created_by').notNull(),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
    usedAt: integer('used_at', { mode: 'number' }),
    usedBy: text('used_by'),
    revokedAt: integer('revoked_at', { mode: 'number' }),
  },
  (t) => [uniqueIndex('invites_token_idx').on(t.tokenHash)],
);

/** Server-wide switches an admin sets in the UI (sign-up open, users may bring their own key). One row per key, JSON value. */
export const instanceSettings = sqliteTable('instance_settings', {
  key: text('key').primaryKey(),
  value: text('value', { mode: 'json' }).$type<unknown>().notNull(),
  updatedAt: integer('updated_at', { mode: 'number' }).notNull(),
  updatedBy: text('updated_by'),
});

/** rate-limiter-flexible's RateLimiterDrizzle store: shared by every instance on this database. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: integer('expire', { mode: 'timestamp_ms' }),
});

/**
 * Provider API keys added in the UI: by an admin for the whole server (`ownerId` '*'),
 * or by a user for themselves when the admin allows it. `secret` is AES-GCM ciphertext
 * (lib/server/secret-box.ts); only `hint` (the last characters) is ever shown.
 */
export const providerKeys = sqliteTable(
  'provider_keys',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    provider: text('provider').notNull(),
    secret: text('secret').notNull(),
    hint: text('hint').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('provider_keys_owner_provider_idx').on(t.ownerId, t.provider)],
);

export type UserRow = typeof user.$inferSelect;
export type InviteRow = typeof invites.$inferSelect;
export type ProviderKeyRow = typeof providerKeys.$inferSelect;

/**
 * A user's defaults for new sessions (the settings sheet's "Save as my defaults"): the model, the permission
 * mode and the setting overrides a new session starts from (lib/server/user-defaults.ts). One row per owner.
 */
export const userDefaults = sqliteTable('user_defaults', {
  ownerId: text('owner_id').primaryKey(),
  /** Null: the instance's default model. A model no longer listed is skipped when a session is created. */
  modelKey: text('model_key'),
  permissionMode: text('permission_mode', { enum: ['plan', 'ask', 'accept-edits', 'auto'] }),
  /** The same overrides as a session's `settings`, read through `sessionLoopSettings`. */
  settings: text('settings', { mode: 'json' }).$type<z.output<typeof sessionSettingsColumn>>().notNull().default({}),
  updatedAt: integer('updated_at', { mode: 'number' }).notNull(),
});

/** Saved system prompts, per owner, to pick in the settings sheet. A name is unique per owner (saving it again replaces it). */
export const systemPromptPresets = sqliteTable(
  'system_prompt_presets',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    prompt: text('prompt').notNull(),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('system_prompt_presets_owner_name_idx').on(t.ownerId, t.name)],
);

export type UserDefaultsRow = typeof userDefaults.$inferSelect;
export type SystemPromptPresetRow = typeof systemPromptPresets.$inferSelect;
