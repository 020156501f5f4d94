import 'server-only';
import { createIdGenerator, getToolOrDynamicToolName, isToolUIPart } from 'ai';
import { z } from 'zod';
import { insertSessionRecords, readSessionRecords, type NewSessionRecords, type SessionRecords } from '@/db/queries/session-transfer';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { RunStepRow } from '@/db/schema';
import type { CompactionRecord } from '@/lib/context/types';
import type { SessionSummary } from '@/lib/api-types';
import { sessionLoopSettings } from '@/lib/settings/loop-settings';
import { MAX_FILE_BYTES, MAX_WORKSPACE_BYTES } from '@/lib/workspace/limits';
import { resolveWorkspaceFilePath } from '@/lib/workspace/paths';
import { getAppDb } from './db';
import { ApiError } from './http';
import { currentOwnerId } from './owner';
import { limitRequest } from './rate-limit';
import { requireSession } from './session-access';
import { scrubJson, scrubText, secretValuesToScrub } from './secret-scrub';
import { jsonDepth } from '@/lib/api/json-depth';
import { checkImageParts, formatBytes, isShownImage } from '@/lib/api/attachments';
import { EXPORT_FORMAT, EXPORT_VERSION, MAX_IMPORT_DEPTH, sessionExportSchema, upgradeExport, type SessionExport } from './session-format';
import { toSessionSummary } from './sessions';
import { knownSwitches } from './session-mcp-switches';
import { listMcpServers } from '@/db/queries/mcp-servers';
import type { McpSessionOverrides } from '@/lib/mcp/tool-switches';
import { checkMessage, loadSessionMessages, readStoredMessageRow } from './stored-messages';

/**
 * A session as a file and back: JSON with everything (messages with their
 * parents, workspace, compaction records, runs and their step traces), secrets
 * removed; Markdown of the conversation to read. Import checks the whole file
 * before it writes anything, then writes it in one transaction under new ids.
 */

const generateId = createIdGenerator({ size: 16 });
const prefixedId = (prefix: string) => createIdGenerator({ prefix, size: 16 });
const newIds = { message: prefixedId('msg'), run: prefixedId('run'), step: prefixedId('step'), compaction: prefixedId('cmp') };

async function recordsFor(request: Request, sessionId: string): Promise<SessionRecords & { secrets: string[] }> {
  const db = await getAppDb();
  const ownerId = await currentOwnerId(request);
  const records = await readSessionRecords(db, ownerId, sessionId);
  if (!records) throw new ApiError('not_found', 'Session not found.');
  return { ...records, secrets: await secretValuesToScrub(db, ownerId) };
}

/** The stored messages in order, each validated like every load (a broken row exports as its stand-in). */
async function messagesOf(records: SessionRecords): Promise<AgentUIMessage[]> {
  return Promise.all(records.messages.map(async (row) => (await readStoredMessageRow(records.session.id, row)).message));
}

/** Text files get their secrets scrubbed too; other bytes are kept as they are. */
function fileContent(content: Buffer, secrets: readonly string[]): string {
  const text = content.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(content)) return content.toString('base64');
  return Buffer.from(scrubText(text, secrets), 'utf8').toString('base64');
}

export async function exportSessionJson(request: Request, sessionId: string): Promise<{ filename: string; body: SessionExport }> {
  const records = await recordsFor(request, sessionId);
  const messages = await messagesOf(records);
  const { session, secrets } = records;
  const runIndex = new Map(records.runs.map((run, index) => [run.id, index]));
  const fileStepKeys = new Map(records.steps.map((step) => [step.id, fileStepKey(runIndex.get(step.runId)!, step.stepNumber)]));
  const body: SessionExport = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: Date.now(),
    session: {
      title: session.title,
      modelKey: session.modelKey,
      permissionMode: session.permissionMode,
      settings: sessionLoopSettings(session.settings),
      todos: session.todos,
      mcpOverrides: session.mcpOverrides,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    },
    messages: messages.map((message, index) => {
      const row = records.messages[index]!;
      return { id: message.id, parentId: row.parentId, pinned: row.pinned, createdAt: row.createdAt, updatedAt: row.updatedAt, message };
    }),
    activeLeafId: session.activeLeafId,
    workspace: records.workspace.map((file) => ({ path: file.path, content: fileContent(file.content, secrets), updatedAt: file.updatedAt })),
    compactions: records.compactions.map(({ id, runId, trigger, record, createdAt, undoneAt }) => ({ id, runId, trigger, record, createdAt, undoneAt })),
    runs: records.runs.map((run) => ({
      id: run.id,
      messageId: run.messageId,
      modelKey: run.modelKey,
      status: run.status,
      endReason: run.endReason,
      usage: run.usage,
      startedAt: run.startedAt,
      endedAt: run.endedAt,
      steps: records.steps.filter((step) => step.runId === run.id).map((step) => ({ stepNumber: step.stepNumber, trace: exportedTrace(step.trace, fileStepKeys), createdAt: step.createdAt })),
    })),
  };
  return { filename: `${fileSlug(session.title)}.agent-playground.json`, body: scrubJson(body, secrets) };
}

function fileSlug(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'session'
  );
}

/** A fenced block that no line of `text` can close early. */
function fenced(info: string, text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`{3,}/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${info}\n${text}\n${fence}`;
}

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? 'undefined';

function messageMarkdown(message: AgentUIMessage): string {
  const blocks: string[] = [message.role === 'user' ? '## You' : '## Agent'];
  for (const part of message.parts) {
    if (part.type === 'text' && part.text.trim()) blocks.push(message.role === 'user' ? fenced('text', part.text) : part.text);
    else if (part.type === 'reasoning' && part.text.trim()) blocks.push(part.text.split('\n').map((line) => `> ${line}`).join('\n'));
    else if (isToolUIPart(part)) {
      const name = getToolOrDynamicToolName(part);
      blocks.push(`**Tool call: \`${name}\`**`, fenced('json', json(part.input)));
      if (part.state === 'output-available') blocks.push(fenced('json', json(part.output)));
      else if (part.state === 'output-error') blocks.push(`Error: ${part.errorText}`);
      else if (part.state === 'output-denied') blocks.push('Denied.');
    } else if (part.type === 'file') {
      // An attached image is named, not inlined: the JSON export carries it.
      const bytes = Buffer.byteLength(part.url.slice(part.url.indexOf(',') + 1), 'base64');
      blocks.push(`*[image: ${part.filename ?? 'attached image'} (${part.mediaType}, ${formatBytes(bytes)})]*`);
    } else if (part.type === 'data-run-end') blocks.push(`*${part.data.message}*`);
  }
  return blocks.join('\n\n');
}

/** The active branch, as the session shows it. */
export async function exportSessionMarkdown(request: Request, sessionId: string): Promise<{ filename: string; body: string }> {
  const { db, ownerId, session } = await requireSession(request, sessionId);
  const messages = await loadSessionMessages(db, ownerId, session.id);
  const text = [`# ${session.title}`, ...messages.map(messageMarkdown)].join('\n\n') + '\n';
  return { filename: `${fileSlug(session.title)}.md`, body: scrubText(text, await secretValuesToScrub(db, ownerId)) };
}

/* ---------- Import ---------- */

function refuse(reason: string): never {
  throw new ApiError('invalid_import', `Could not import this file: ${reason}`);
}

function zodReason(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const where = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('').replace(/^\./, '');
  return `${where || 'the file'}: ${issue.message}`;
}

/** Checks that need more than a schema: one line of messages, file paths and sizes, unique ids. */
function checkStructure(file: SessionExport): void {
  // A tree: every parent comes earlier in the list, so there are no cycles.
  const ids = new Set<string>();
  file.messages.forEach((entry, index) => {
    if (ids.has(entry.id)) refuse(`messages[${index}]: the id ${entry.id} appears twice.`);
    if (entry.parentId !== null && !ids.has(entry.parentId)) refuse(`messages[${index}]: its parent ${entry.parentId} is not an earlier message of the file.`);
    ids.add(entry.id);
  });
  if (file.activeLeafId === null ? file.messages.length > 0 : !ids.has(file.activeLeafId)) refuse('activeLeafId must name a message of the file.');
  const paths = new Set<string>();
  let total = 0;
  file.workspace.forEach((entry, index) => {
    let resolved: string;
    try {
      resolved = resolveWorkspaceFilePath(entry.path);
    } catch {
      refuse(`workspace[${index}]: ${JSON.stringify(entry.path)} is not a file path inside /workspace.`);
    }
    if (resolved !== entry.path) refuse(`workspace[${index}]: ${JSON.stringify(entry.path)} must be a normalized path inside /workspace (e.g. ${JSON.stringify(resolved)}).`);
    if (paths.has(entry.path)) refuse(`workspace[${index}]: ${entry.path} appears twice.`);
    paths.add(entry.path);
    const size = Buffer.byteLength(entry.content, 'base64');
    if (size > MAX_FILE_BYTES) refuse(`workspace[${index}]: ${entry.path} is larger than a workspace file may be (${MAX_FILE_BYTES} bytes).`);
    total += size;
  });
  if (total > MAX_WORKSPACE_BYTES) refuse(`the workspace files add up to more than ${MAX_WORKSPACE_BYTES} bytes.`);
  for (const [name, list] of [['runs', file.runs], ['compactions', file.compactions]] as const) {
    const seen = new Set<string>();
    for (const item of list) {
      if (seen.has(item.id)) refuse(`${name}: the id ${item.id} appears twice.`);
      seen.add(item.id);
    }
  }
}

/** Every message must be one this app can show and send, with its entry's id. */
async function checkMessages(file: SessionExport): Promise<AgentUIMessage[]> {
  return Promise.all(
    file.messages.map(async (entry, index) => {
      const role = typeof entry.message === 'object' && entry.message !== null ? (entry.message as { role?: unknown }).role : undefined;
      const check = await checkMessage({ id: entry.id, role: typeof role === 'string' ? role : '', message: entry.message });
      if (!check.ok) refuse(`messages[${index}]: ${check.reason}`);
      // Attached images as the chat route stores them: data URLs whose bytes are a PNG, JPEG, GIF or WebP, within its limits
      // (a link would make the server fetch it when the model is called; any other file is never drawn).
      const files = check.message.parts.filter((part) => part.type === 'file');
      const images = files.filter(isShownImage);
      if (images.length !== files.length) refuse(`messages[${index}]: an attached file is not a PNG, JPEG, GIF or WebP image as a data URL.`);
      const verdict = checkImageParts(images);
      if (!verdict.ok) refuse(`messages[${index}]: ${verdict.message}`);
      return check.message;
    }),
  );
}

/**
 * New ids in the fields that hold ids, and nowhere else: a file's ids are its
 * own strings, so replacing them wherever they occur would let a crafted id
 * ("text", a user's words) rewrite parts after they were checked.
 */
function renumberMessage(message: AgentUIMessage, ids: ReadonlyMap<string, string>): AgentUIMessage {
  const map = (id: string) => ids.get(id) ?? id;
  const metadata = message.metadata && {
    ...message.metadata,
    ...(message.metadata.runId ? { runId: map(message.metadata.runId) } : {}),
    ...(message.metadata.context?.compactionId ? { context: { ...message.metadata.context, compactionId: map(message.metadata.context.compactionId) } } : {}),
  };
  const parts = message.parts.map((part) => (part.type === 'data-compaction' ? { ...part, data: { ...part.data, id: map(part.data.id) } } : part));
  return { ...message, id: map(message.id), ...(metadata ? { metadata } : {}), parts };
}

function renumberRecord(record: CompactionRecord, ids: ReadonlyMap<string, string>): CompactionRecord {
  const map = (id: string) => ids.get(id) ?? id;
  return {
    ...record,
    ...(record.cutoffMessageId ? { cutoffMessageId: map(record.cutoffMessageId) } : {}),
    ...(record.afterMessageId ? { afterMessageId: map(record.afterMessageId) } : {}),
    summarizedIds: record.summarizedIds.map(map),
    pruned: record.pruned.map((item) => ({ ...item, messageId: map(item.messageId) })),
    dropped: record.dropped.map((item) => ({ ...item, messageId: map(item.messageId) })),
  };
}

function newRecords(file: SessionExport, messages: AgentUIMessage[], ownerId: string, mcpOverrides: McpSessionOverrides): NewSessionRecords {
  const ids = new Map<string, string>();
  for (const entry of file.messages) ids.set(entry.id, newIds.message());
  for (const run of file.runs) ids.set(run.id, newIds.run());
  for (const compaction of file.compactions) ids.set(compaction.id, newIds.compaction());
  const sessionId = generateId();
  const now = Date.now();
  const own = { sessionId, ownerId };
  return {
    session: {
      id: sessionId,
      ownerId,
      title: file.session.title,
      titleSource: 'user',
      modelKey: file.session.modelKey,
      permissionMode: file.session.permissionMode,
      settings: file.session.settings,
      todos: file.session.todos,
      mcpOverrides,
      activeLeafId: file.activeLeafId === null ? null : ids.get(file.activeLeafId)!,
      createdAt: file.session.createdAt,
      updatedAt: now,
    },
    messages: file.messages.map((entry, index) => {
      const message = renumberMessage(messages[index]!, ids);
      const parentId = entry.parentId === null ? null : ids.get(entry.parentId)!;
      return { ...own, id: message.id, role: message.role, position: index, parentId, message, pinned: entry.pinned, createdAt: entry.createdAt, updatedAt: entry.updatedAt };
    }),
    workspace: file.workspace.map((entry) => {
      const content = Buffer.from(entry.content, 'base64');
      return { ...own, path: entry.path, content, size: content.byteLength, updatedAt: entry.updatedAt };
    }),
    // A run cannot continue in another database: one that was running is imported as interrupted.
    runs: file.runs.map((run) => ({
      ...own,
      id: ids.get(run.id)!,
      messageId: ids.get(run.messageId) ?? run.messageId,
      modelKey: run.modelKey,
      status: run.status === 'running' ? 'interrupted' : run.status,
      endReason: run.status === 'running' ? 'server-restart' : run.endReason,
      usage: run.usage,
      startedAt: run.startedAt,
      endedAt: run.endedAt ?? run.startedAt,
    })),
    steps: importedSteps(file, ids, own),
    compactions: file.compactions.map((compaction) => ({
      ...own,
      id: ids.get(compaction.id)!,
      runId: compaction.runId ? (ids.get(compaction.runId) ?? null) : null,
      trigger: compaction.trigger,
      record: renumberRecord(compaction.record, ids),
      createdAt: compaction.createdAt,
      undoneAt: compaction.undoneAt,
    })),
  };
}

/** A new session from an export file; nothing is written unless all of it is valid. */
export async function importSessionFor(request: Request, body: unknown): Promise<SessionSummary> {
  await limitRequest('tool', request);
  if (jsonDepth(body, MAX_IMPORT_DEPTH) > MAX_IMPORT_DEPTH) refuse(`it is nested more than ${MAX_IMPORT_DEPTH} levels deep.`);
  const upgraded = upgradeExport(body);
  if (!upgraded.ok) refuse(upgraded.reason);
  const parsed = sessionExportSchema.safeParse(upgraded.value);
  if (!parsed.success) refuse(zodReason(parsed.error));
  const file = parsed.data;
  checkStructure(file);
  const messages = await checkMessages(file);
  const db = await getAppDb();
  const ownerId = await currentOwnerId(request);
  // The MCP switches apply to the importer's own servers (the same ids: an export from this install); others are dropped.
  let mcpOverrides: McpSessionOverrides;
  try {
    mcpOverrides = knownSwitches(await listMcpServers(db, ownerId), file.session.mcpOverrides ?? {});
  } catch (error) {
    refuse(`session.mcpOverrides: ${error instanceof Error ? error.message : String(error)}`);
  }
  const row = await insertSessionRecords(db, newRecords(file, messages, ownerId, mcpOverrides));
  return toSessionSummary(row, new Set());
}

/** What a copied session starts with. */
export interface SessionCopy {
  title: string;
  modelKey: string;
  messages: AgentUIMessage[];
  files: Array<{ path: string; content: Buffer }>;
  settings?: NewSessionRecords['session']['settings'];
  permissionMode?: NewSessionRecords['session']['permissionMode'];
  /** The session's own MCP switches (a fork keeps them; a share's copy, from another owner's servers, does not). */
  mcpOverrides?: NewSessionRecords['session']['mcpOverrides'];
  /** A fork of one of the owner's sessions links back to it. */
  forkedFrom?: { sessionId: string; messageId: string };
  /** 'default' lets the first message title it (`/clear`); a copy's own title is the user's by default. */
  titleSource?: 'default' | 'user';
}

/**
 * A new session holding copies of these messages and files (a fork from a
 * message, or a share's snapshot for "Fork into my playground"): new ids,
 * nothing else carried over.
 */
export async function insertCopiedSession(request: Request, copy: SessionCopy): Promise<SessionSummary> {
  const ids = new Map(copy.messages.map((message) => [message.id, newIds.message()]));
  const sessionId = generateId();
  const ownerId = await currentOwnerId(request);
  const now = Date.now();
  const own = { sessionId, ownerId };
  const row = await insertSessionRecords(await getAppDb(), {
    session: {
      id: sessionId,
      ownerId,
      title: copy.title,
      titleSource: copy.titleSource ?? 'user',
      modelKey: copy.modelKey,
      ...(copy.settings ? { settings: copy.settings } : {}),
      ...(copy.permissionMode ? { permissionMode: copy.permissionMode } : {}),
      ...(copy.mcpOverrides ? { mcpOverrides: copy.mcpOverrides } : {}),
      forkedFromSessionId: copy.forkedFrom?.sessionId ?? null,
      forkedFromMessageId: copy.forkedFrom?.messageId ?? null,
      activeLeafId: copy.messages.length ? ids.get(copy.messages.at(-1)!.id)! : null,
      createdAt: now,
      updatedAt: now,
    },
    // One line: each message follows the one before it.
    messages: copy.messages.map((original, index) => {
      const message = renumberMessage(original, ids);
      const parentId = index === 0 ? null : ids.get(copy.messages[index - 1]!.id)!;
      return { ...own, id: message.id, role: message.role, position: index, parentId, message, createdAt: now, updatedAt: now };
    }),
    workspace: copy.files.map((file) => ({ ...own, path: file.path, content: file.content, size: file.content.byteLength, updatedAt: now })),
    runs: [],
    steps: [],
    compactions: [],
  });
  return toSessionSummary(row, new Set());
}

/**
 * Step traces in a file: a body stored as a delta keeps its reference, to the
 * file's own step (`run <index in the file>, step <number>`), so the file stays small and
 * self-contained; an import gives every step its new id and points each
 * reference at it. A step that builds on one outside the file (a reference no
 * export writes) loses its body instead of following it. Older files hold
 * whole bodies only.
 */
type Trace = RunStepRow['trace'];

function fileStepKey(runIndex: number, stepNumber: number): string {
  return `run ${runIndex}, step ${stepNumber}`;
}

function exportedTrace(trace: Trace, fileStepKeys: ReadonlyMap<string, string>): Trace {
  return withBase(trace, (stepId) => fileStepKeys.get(stepId));
}

function importedSteps(file: SessionExport, ids: ReadonlyMap<string, string>, own: { sessionId: string; ownerId: string }): NewSessionRecords['steps'] {
  const steps = file.runs.flatMap((run, runIndex) => run.steps.map((step) => ({ run, runIndex, step, id: newIds.step() })));
  // A step number a file repeats names its first step with it.
  const stepIds = new Map<string, string>();
  for (const { runIndex, step, id } of steps) if (!stepIds.has(fileStepKey(runIndex, step.stepNumber))) stepIds.set(fileStepKey(runIndex, step.stepNumber), id);
  return steps.map(({ run, step, id }) => ({
    ...own,
    id,
    runId: ids.get(run.id)!,
    stepNumber: step.stepNumber,
    trace: withBase(step.trace, (key) => stepIds.get(key)),
    createdAt: step.createdAt,
  }));
}

const emptySharedFields = { instructions: '', tools: [], settings: {}, modelId: '', provider: '' };

/** The trace with its body's reference renamed, or without its (partial) body when the reference does not resolve. */
function withBase(trace: Trace, rename: (stepId: string) => string | undefined): Trace {
  const { bodyBase, ...request } = trace.request;
  if (!bodyBase) return trace;
  const stepId = rename(bodyBase.stepId);
  // Fields it took from its base read as empty.
  if (stepId === undefined) return { ...trace, request: { ...emptySharedFields, ...request, body: null } };
  return { ...trace, request: { ...request, bodyBase: { ...bodyBase, stepId } } };
}
