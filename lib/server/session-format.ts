import 'server-only';
import { z } from 'zod';
import { compactionRecordColumn, stepTraceColumn, todosColumn, usageColumn } from '@/db/json-columns';
import { PERMISSION_MODES } from '@/lib/permissions/policy';
import { loopSettingsSchema } from '@/lib/settings/loop-settings';
import { MAX_PATH_LENGTH } from '@/lib/workspace/paths';
import { MAX_WORKSPACE_FILES } from '@/lib/workspace/limits';
import { nameSchema } from '@/lib/api/text-input';

/**
 * The session export file (`format`, `version`): what `GET
 * /api/sessions/:id/export?format=json` writes and `POST /api/sessions/import`
 * reads back. Messages carry `parentId` so a tree of branches fits the same
 * shape: every parent comes earlier in the list, and `activeLeafId` names the
 * branch the session shows.
 * A new version adds an upgrade step in `upgradeExport`, never a silent guess.
 */
export const EXPORT_FORMAT = 'agent-playground.session';
export const EXPORT_VERSION = 1;

/** The largest import body: a full workspace (10 MiB) as base64, plus the conversation. */
export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;
/** Deeper than any message, trace or tool input the app writes; deeper input is refused before it is read. */
export const MAX_IMPORT_DEPTH = 64;
const MAX_IMPORT_MESSAGES = 10_000;
const MAX_RUNS = 10_000;
const MAX_STEPS_PER_RUN = 1_000;

const id = z.string().min(1).max(200);
const time = z.number().int().nonnegative();

const exportedMessage = z.strictObject({
  id,
  parentId: id.nullable(),
  pinned: z.boolean(),
  createdAt: time,
  updatedAt: time,
  /** A UI message; checked like a stored one (part shapes, data parts, tool inputs) before anything is written. */
  message: z.unknown(),
});

const exportedFile = z.strictObject({
  path: z.string().min(1).max(MAX_PATH_LENGTH),
  /** The file's bytes, base64. */
  content: z.base64(),
  updatedAt: time,
});

const exportedCompaction = z.strictObject({
  id,
  runId: id.nullable(),
  trigger: z.enum(['auto', 'length', 'manual']),
  record: compactionRecordColumn,
  createdAt: time,
  undoneAt: time.nullable(),
});

const exportedRun = z.strictObject({
  id,
  messageId: id,
  modelKey: z.string().min(1).max(300),
  status: z.enum(['running', 'completed', 'awaiting_approval', 'failed', 'cancelled', 'interrupted']),
  endReason: z.string().max(100).nullable(),
  usage: usageColumn.nullable(),
  startedAt: time,
  endedAt: time.nullable(),
  steps: z.array(z.strictObject({ stepNumber: z.number().int().nonnegative(), trace: stepTraceColumn, createdAt: time })).max(MAX_STEPS_PER_RUN),
});

/** At most this many entries in a record of the session's MCP switches (servers, or tools of one server). */
const MAX_MCP_SWITCHES = 1_000;
const switches = z
  .record(z.string().min(1).max(300), z.boolean())
  .refine((record) => Object.keys(record).length <= MAX_MCP_SWITCHES, `at most ${MAX_MCP_SWITCHES} switches`);

/**
 * The session's own MCP server and tool switches (lib/mcp/tool-switches.ts), by server id: they apply
 * where those servers exist (an import by the same owner on the same install); elsewhere nothing
 * matches them and the owner's settings decide. Optional: files from before they were exported.
 */
const exportedMcpOverrides = z.strictObject({
  servers: switches.optional(),
  tools: z
    .record(z.string().min(1).max(300), switches)
    .refine((record) => Object.keys(record).length <= MAX_MCP_SWITCHES, `at most ${MAX_MCP_SWITCHES} servers`)
    .optional(),
});

export const sessionExportSchema = z.strictObject({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: time,
  session: z.strictObject({
    title: nameSchema('Title', 200),
    modelKey: z.string().min(1).max(300),
    permissionMode: z.enum(PERMISSION_MODES),
    settings: loopSettingsSchema,
    todos: todosColumn,
    mcpOverrides: exportedMcpOverrides.optional(),
    createdAt: time,
    updatedAt: time,
  }),
  messages: z.array(exportedMessage).max(MAX_IMPORT_MESSAGES),
  /** The last message of the branch the session shows and continues. */
  activeLeafId: id.nullable(),
  workspace: z.array(exportedFile).max(MAX_WORKSPACE_FILES),
  compactions: z.array(exportedCompaction).max(MAX_IMPORT_MESSAGES),
  runs: z.array(exportedRun).max(MAX_RUNS),
});

export type SessionExport = z.infer<typeof sessionExportSchema>;

/**
 * Brings an older file to the current version, or says why it cannot. Only
 * version 1 exists; a file from a newer app is refused rather than guessed at.
 */
export function upgradeExport(value: unknown): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'The file is not a session export (expected a JSON object).' };
  const { format, version } = value as { format?: unknown; version?: unknown };
  if (format !== EXPORT_FORMAT) return { ok: false, reason: `The file is not a session export (its "format" is ${JSON.stringify(format ?? null)}, expected "${EXPORT_FORMAT}").` };
  if (version === EXPORT_VERSION) return { ok: true, value };
  if (typeof version === 'number' && Number.isInteger(version) && version > EXPORT_VERSION) {
    return { ok: false, reason: `This export is format version ${version}, from a newer Agent Playground; this one reads up to version ${EXPORT_VERSION}.` };
  }
  return { ok: false, reason: `Unknown export version ${JSON.stringify(version ?? null)}.` };
}
