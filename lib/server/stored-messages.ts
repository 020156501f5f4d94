import 'server-only';
import { createHash } from 'node:crypto';
import { safeValidateUIMessages, TypeValidationError, type FlexibleSchema } from 'ai';
import { z } from 'zod';
import type { Db } from '@/db/client';
import { loadMessageRows, type StoredMessageRow } from '@/db/queries/messages';
import { DATA_PART_SCHEMAS } from '@/lib/agent/data-part-schemas';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { unreadableMessage } from '@/lib/agent/unreadable-message';
import { logger } from '@/lib/log.mjs';
import { TimeSlice } from '@/lib/runtime/time-slice';
import { isKnownToolName, TOOL_INPUT_SCHEMAS } from '@/lib/tools/input-schemas';

/**
 * Stored messages are checked on load, one by one, with the AI SDK's
 * validateUIMessages: the part shapes, every data part against its schema
 * (lib/agent/data-part-schemas.ts) and the app's tool inputs against the tools'
 * schemas. A message that fails is logged and shown as a stand-in with the
 * same id and role ("This message could not be loaded"); the others load as
 * usual, and the row itself is left as it is.
 */

/** What is known of a stored message from outside its JSON. */
export interface StoredMessage {
  id: string;
  role: string;
  message: unknown;
}

export type StoredMessageRead = { ok: true; message: AgentUIMessage } | { ok: false; message: AgentUIMessage; reason: string };

const ROLES = ['user', 'assistant', 'system'] as const satisfies readonly AgentUIMessage['role'][];

/** The reason on the stand-in is shown under the notice: a few words, never the message itself. */
const REASON_MAX_CHARS = 200;

type ToolSchemas = Record<string, { inputSchema: FlexibleSchema<unknown> }>;

const APP_TOOLS: ToolSchemas = Object.fromEntries(Object.entries(TOOL_INPUT_SCHEMAS).map(([name, inputSchema]) => [name, { inputSchema }]));

/** For tool names whose schema this process does not have: MCP tools (their schemas live on their servers) or a tool since retired. */
const INPUT_AS_STORED = { inputSchema: z.unknown() };

/**
 * The tool schemas to validate one message with: the app's own tools by their
 * real schemas, any other tool name the message uses as stored. Without an
 * entry the SDK would refuse a pending call of an MCP tool outright and turn
 * finished ones into dynamic-tool parts.
 */
function toolSchemasFor(message: unknown): ToolSchemas {
  const tools = { ...APP_TOOLS };
  const parts = typeof message === 'object' && message !== null ? (message as { parts?: unknown }).parts : undefined;
  if (!Array.isArray(parts)) return tools;
  for (const part of parts) {
    const type = typeof part === 'object' && part !== null ? (part as { type?: unknown }).type : undefined;
    if (typeof type !== 'string' || !type.startsWith('tool-')) continue;
    const name = type.slice('tool-'.length);
    // defineProperty: a name such as `__proto__` becomes an own entry, as the SDK looks tools up.
    if (!isKnownToolName(name)) Object.defineProperty(tools, name, { value: INPUT_AS_STORED, enumerable: true });
  }
  return tools;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');
}

function shorten(text: string): string {
  const firstLine = text.split('\n', 1)[0].trim();
  return firstLine.length <= REASON_MAX_CHARS ? firstLine : `${firstLine.slice(0, REASON_MAX_CHARS - 1)}…`;
}

/** "parts[2].data.reason: Invalid input: expected string, received number", without the value the SDK's message quotes. */
function validationReason(error: unknown): string {
  if (TypeValidationError.isInstance(error)) {
    // The SDK names the field for data and tool checks (`messages[0].parts[2].data`); we validate one message at a time.
    const field = (error.context?.field ?? '').replace(/^messages\[0\]\.?/, '');
    const cause: unknown = error.cause;
    // A zod error, from the SDK's own zod or from ours (data part schemas): read it by shape.
    const issue = (cause as { issues?: Array<{ path: PropertyKey[]; message: string }> } | undefined)?.issues?.[0];
    if (issue) {
      // Structural issues carry the path from the messages array: [0, 'parts', 2, 'type'].
      const path = formatPath(field ? issue.path : issue.path.slice(1));
      const where = !field ? path : !path ? field : path.startsWith('[') ? `${field}${path}` : `${field}.${path}`;
      return shorten(`${where || 'message'}: ${issue.message}`);
    }
    if (typeof cause === 'string') return shorten(`${field || 'message'}: ${cause}`);
    if (cause instanceof Error) return shorten(`${field || 'message'}: ${cause.message}`);
    // Its own message would quote the stored value.
    return `${field || 'message'}: does not match its schema`;
  }
  return shorten(error instanceof Error ? error.message : String(error));
}

/** The error for the log line, cut short: the SDK's message quotes the whole stored value. */
function shortError(error: unknown): Error | undefined {
  if (!(error instanceof Error)) return undefined;
  const short = new Error(shorten(error.message));
  // The stack's first line names the original error class; the trace itself says nothing about the data.
  short.stack = `${error.name}: ${short.message}`;
  return short;
}

/** One line per broken message per process: the same history is read at every turn and by the context meter. */
const reported = new Set<string>();
const MAX_REPORTED = 1_000;

function unreadable(sessionId: string, stored: Pick<StoredMessage, 'id' | 'role'>, reason: string, error?: unknown): StoredMessageRead {
  const key = `${sessionId}\u0000${stored.id}\u0000${reason}`;
  if (!reported.has(key)) {
    if (reported.size >= MAX_REPORTED) reported.clear();
    reported.add(key);
    logger.warn({ sessionId, messageId: stored.id, reason, err: shortError(error) }, 'stored message failed validation');
  }
  const role = ROLES.find((r) => r === stored.role) ?? 'assistant';
  return { ok: false, reason, message: unreadableMessage(stored.id, role, reason) };
}

type MessageCheck = { ok: true; message: AgentUIMessage } | { ok: false; reason: string; error?: unknown };

/** Whether a message is one this app can show and send: part shapes, data parts, the app's tool inputs, its id and role. Never throws. */
export async function checkMessage(stored: StoredMessage): Promise<MessageCheck> {
  try {
    const result = await safeValidateUIMessages<AgentUIMessage>({
      messages: [stored.message],
      dataSchemas: DATA_PART_SCHEMAS,
      tools: toolSchemasFor(stored.message),
    });
    if (!result.success) return { ok: false, reason: validationReason(result.error), error: result.error };
    const [message] = result.data;
    // The row's id is what saving, pinning and compaction go by.
    if (message.id !== stored.id) return { ok: false, reason: `message id ${JSON.stringify(shorten(message.id))} does not match its row` };
    if (message.role !== stored.role) return { ok: false, reason: `message role ${message.role} does not match its row (${stored.role})` };
    return { ok: true, message };
  } catch (error) {
    return { ok: false, reason: validationReason(error), error };
  }
}

/** Validates one stored message; never throws. */
export async function readStoredMessage(sessionId: string, stored: StoredMessage): Promise<StoredMessageRead> {
  const check = await checkMessage(stored);
  return check.ok ? check : unreadable(sessionId, stored, check.reason, check.error);
}

/**
 * Rows this process has validated already and found to be their JSON as stored, by id, role and a hash of their
 * JSON. The same history is read at every turn, by the context meter and by the page; validating it each time cost
 * ~35 µs a message (~70 ms for 2,000 messages, on the server's main thread), where parsing it costs ~2.5 µs.
 * Validation depends only on the JSON and this process's schemas, so a row whose JSON is unchanged gets the same
 * verdict. Not kept: failures (rare, and logged) and messages validation changes (a failed call of an app tool
 * becomes a dynamic-tool part), which would mean keeping their whole JSON. Bounded, least recently used out: a key
 * is ~100 bytes.
 */
const validated = new Set<string>();
const MAX_VALIDATED = 50_000;

function validatedKey(row: Pick<StoredMessageRow, 'id' | 'role' | 'json'>): string {
  return `${row.id}\u0000${row.role}\u0000${createHash('sha256').update(row.json).digest('base64url')}`;
}

function rememberValidated(key: string) {
  validated.delete(key);
  validated.add(key);
  if (validated.size > MAX_VALIDATED) validated.delete(validated.values().next().value!);
}

/** Parses a row's JSON, then validates it (once per process for the same JSON). */
export async function readStoredMessageRow(sessionId: string, row: StoredMessageRow): Promise<StoredMessageRead> {
  let message: unknown;
  try {
    message = JSON.parse(row.json);
  } catch (error) {
    return unreadable(sessionId, row, 'the stored text is not valid JSON', error);
  }
  const key = validatedKey(row);
  if (validated.has(key)) {
    rememberValidated(key);
    return { ok: true, message: message as AgentUIMessage };
  }
  const read = await readStoredMessage(sessionId, { id: row.id, role: row.role, message });
  if (read.ok && JSON.stringify(read.message) === row.json) rememberValidated(key);
  return read;
}

/** For tests: forget what was validated. */
export function forgetValidatedRows() {
  validated.clear();
}

/** A session's messages in order, each validated; the ones that fail become stand-ins. */
export async function loadSessionMessages(db: Db, ownerId: string, sessionId: string): Promise<AgentUIMessage[]> {
  const rows = await loadMessageRows(db, ownerId, sessionId);
  // In slices: the first read of a long session in this process validates every message (~70 ms at 2,000).
  const slice = new TimeSlice();
  const read: AgentUIMessage[] = [];
  for (const row of rows) {
    if (slice.due()) await slice.next();
    read.push((await readStoredMessageRow(sessionId, row)).message);
  }
  return read;
}
