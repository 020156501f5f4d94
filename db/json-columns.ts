import { z } from 'zod';
import type { AgentUIMessage, AgentUIMessageChunk, NudgeNotice, UsageTotals } from '@/lib/agent/messages';
import type { HookRecord } from '@/lib/agent/hooks';
import type { LoopCheckpoint } from '@/lib/agent/checkpoint';
import type { PendingModelCall } from '@/lib/agent/step-gate';
import type { RetryRecord, StepTrace, ToolTrace } from '@/lib/agent/trace';
import type { StoredBodyBase } from '@/lib/agent/trace-body';
import type { CompactionRecord, DroppedItem, PrunedItem } from '@/lib/context/types';
import type { ShareOptions, ShareSnapshot } from '@/lib/api-types';
import type { McpServerStatus } from '@/lib/mcp/types';
import { todoSchema } from '@/lib/todos/todos';
import { sessionLoopSettings, type LoopSettingsOverrides } from '@/lib/settings/loop-settings';

/**
 * One zod schema per JSON column. `schema.ts` types each column with
 * `$type<z.output<…>>()`, and every schema `satisfies` the domain type, so a
 * column, its schema and the code that reads it cannot drift apart. Stored
 * session settings are read through `sessionLoopSettings`, and stored UI
 * messages are validated by the AI SDK, row by row (lib/server/stored-messages.ts).
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const objectOf = <T>() => z.custom<T>(isObject);

/**
 * Session settings overrides, typed by the settings table (lib/agent/settings.ts): what the PATCH schema
 * accepted. Read through `sessionLoopSettings`, which drops keys a later version retired or narrowed, one by one.
 */
export const sessionSettingsColumn = z.unknown().transform(sessionLoopSettings) satisfies z.ZodType<LoopSettingsOverrides>;

export const todosColumn = z.array(todoSchema);

export const usageColumn = z.object({
  inputTokens: z.number(),
  cachedInputTokens: z.number(),
  outputTokens: z.number(),
  reasoningTokens: z.number(),
  estimated: z.boolean(),
}) satisfies z.ZodType<UsageTotals>;

/** A stored UI message. This only types the column: each row is validated on load with the AI SDK's `validateUIMessages` (lib/server/stored-messages.ts). */
export const messageColumn = z.custom<AgentUIMessage>(
  (value) => isObject(value) && typeof value.id === 'string' && typeof value.role === 'string' && Array.isArray(value.parts),
);

/**
 * A run handed on to its next invocation (lib/server/run-handoff.ts): the one-time nonce
 * its continue request must carry, where the loop stood, and where the request goes.
 * Or a run that step mode paused before a model call (lib/server/paused-runs.ts): the same,
 * with the request it waits with; the person's Continue is its next invocation.
 */
export const runContinuationColumn = z.object({
  nonce: z.string(),
  checkpoint: objectOf<LoopCheckpoint>(),
  /** The origin the run's continue requests go to (the one its chain started from). */
  origin: z.string().optional(),
  handedOffAt: z.number(),
  /** Step mode: the model call the run paused before, with its exact request. */
  beforeModelCall: objectOf<PendingModelCall>().optional(),
});

/**
 * A run's own settings over the session's (Edit and re-run, lib/server/run-overrides.ts): sampling settings
 * and instructions set or cleared for it, and the tools switched off for it by their model-facing names.
 * Kept with the run so that its continuations (an approval, step mode's Continue, a chained invocation)
 * apply them again; the session's settings stay as they are.
 */
export const runOverridesColumn = z.object({
  /** Settings set for this run, read through `sessionLoopSettings` like the session's own. */
  settings: z.unknown().transform(sessionLoopSettings),
  /** Settings cleared for this run (the model's default again). */
  cleared: z.array(z.enum(['temperature', 'topP', 'maxOutputTokens'])),
  switchedOff: z.array(z.string()),
});

/** A logged stream chunk: written by the run log from chunks the loop produced, replayed as they are. */
export const chunkColumn = z.custom<AgentUIMessageChunk>((value) => isObject(value) && typeof value.type === 'string');

export const stepTraceColumn = z.object({
  stepNumber: z.number().int(),
  kind: z.enum(['model', 'summary', 'approvals']),
  startedAt: z.string(),
  durationMs: z.number(),
  timeToFirstTokenMs: z.number().nullable(),
  /** `bodyBase`: the body holds only what is new since that step's (lib/agent/trace-body.ts); reads rebuild the whole body. */
  request: objectOf<StepTrace['request'] & { bodyBase?: StoredBodyBase }>(),
  response: objectOf<NonNullable<StepTrace['response']>>().nullable(),
  finishReason: objectOf<NonNullable<StepTrace['finishReason']>>().nullable(),
  usage: usageColumn,
  retries: z.array(objectOf<RetryRecord>()),
  error: objectOf<NonNullable<StepTrace['error']>>().nullable(),
  tools: z.array(objectOf<ToolTrace>()),
  hooks: z.array(objectOf<HookRecord>()),
  nudges: z.array(objectOf<NudgeNotice>()),
  warnings: z.array(z.unknown()),
  /** The provider's base URL, for "copy as curl" (never a key). */
  baseUrl: z.string().optional(),
}) satisfies z.ZodType<StepTrace & { baseUrl?: string }>;

export const compactionRecordColumn = z.object({
  summary: z.string().optional(),
  cutoffMessageId: z.string().optional(),
  summarizedIds: z.array(z.string()),
  pruned: z.array(objectOf<PrunedItem>()),
  dropped: z.array(objectOf<DroppedItem>()),
  afterMessageId: z.string().optional(),
  tiers: z.array(z.enum(['prune', 'summarize', 'drop'])),
  model: z.string().optional(),
  focus: z.string().optional(),
  tokensBefore: z.number(),
  tokensAfter: z.number(),
  cost: z.number().optional(),
  summaryError: z.string().optional(),
}) satisfies z.ZodType<CompactionRecord>;

export const mcpHeadersColumn = z.record(z.string(), z.string());

export const mcpArgsColumn = z.array(z.string());

/** An MCP server's last connection state (lib/mcp/connection.ts writes it through lib/server). */
export const mcpStatusColumn = z.object({
  state: z.enum(['connected', 'reconnecting', 'failed']),
  message: z.string().optional(),
  at: z.number(),
}) satisfies z.ZodType<McpServerStatus>;

/** Tool names (as the MCP server names them) the owner switched off for every session. */
export const mcpDisabledToolsColumn = z.array(z.string());

/**
 * A session's own MCP choices over the owner's settings, by server id: a server switched on or
 * off for this session, and tools switched on or off (by the server's tool name). Absent: as set.
 */
export const mcpSessionOverridesColumn = z.object({
  servers: z.record(z.string(), z.boolean()).optional(),
  tools: z.record(z.string(), z.record(z.string(), z.boolean())).optional(),
});

/** A share's privacy choices (lib/api-types.ts ShareOptions). */
export const shareOptionsColumn = z.object({
  hideSystemPrompt: z.boolean(),
  hideToolIO: z.boolean(),
  hideWorkspace: z.boolean(),
}) satisfies z.ZodType<ShareOptions>;

/** A share's snapshot, written by lib/server/share-snapshot.ts from validated messages. */
export const shareSnapshotColumn = z.custom<ShareSnapshot>((value) => isObject(value) && Array.isArray(value.messages));
