import 'server-only';
import { getToolOrDynamicToolName, isToolUIPart } from 'ai';
import type { Db } from '@/db/client';
import { getRunningRun } from '@/db/queries/runs';
import { readSessionRecords, type SessionRecords } from '@/db/queries/session-transfer';
import { addUsage, emptyUsage, type AgentUIMessage, type AgentUIMessagePart, type UsageTotals } from '@/lib/agent/messages';
import type { CompactionEntry, SecretFinding, ShareOptions, ShareSnapshot } from '@/lib/api-types';
import { sessionLoopSettings } from '@/lib/settings/loop-settings';
import { ApiError } from './http';
import { agentInstructions } from './instructions';
import { mapStrings, secretValuesToScrub } from './secret-scrub';
import { SecretScanner, secretHash } from './secret-scan';
import { messageFromLog } from './recovery';
import { loadSessionMessages } from './stored-messages';

/**
 * What a share link shows: a copy of the session with the owner's privacy
 * choices applied. This server's own credentials (provider keys, approval
 * secret, any credential-named env value) and MCP header values are removed
 * whatever is chosen; other secret-looking text is found and listed, and
 * removed when the owner redacts it.
 */

const HIDDEN = 'Hidden by the person who shared this session.';
const REDACTED = '[REDACTED]';

/**
 * Tool cards keep which tool ran and how it ended; arguments, results and edit
 * records are gone. The calls become dynamic-tool parts: the same card, and a
 * fork of the share still loads (the app's tools would refuse the placeholder input).
 */
function withoutToolIO(message: AgentUIMessage): AgentUIMessage {
  const parts = message.parts.flatMap((part): AgentUIMessagePart[] => {
    if (part.type === 'data-tool-edit') return [];
    if (!isToolUIPart(part)) return [part];
    const base = { type: 'dynamic-tool' as const, toolName: getToolOrDynamicToolName(part), toolCallId: part.toolCallId, input: { hidden: HIDDEN } };
    if (part.state === 'output-available') return [{ ...base, state: 'output-available', output: { hidden: HIDDEN } }];
    if (part.state === 'output-error') return [{ ...base, state: 'output-error', errorText: HIDDEN }];
    if (part.state === 'output-denied') return [{ ...base, state: 'output-denied', approval: part.approval }];
    // Not finished (interrupted, or never answered): shown as an error, so nothing is left to answer.
    return [{ ...base, state: 'output-error', errorText: HIDDEN }];
  });
  return { ...message, parts };
}

/**
 * Images attached to messages stay out of share links: the secret scan reads text, not pictures (a screenshot of a
 * key would go out unseen), and base64 is no text to scan. Each leaves a note naming it, so the message still reads.
 */
function withoutImages(message: AgentUIMessage): AgentUIMessage {
  if (!message.parts.some((part) => part.type === 'file')) return message;
  return {
    ...message,
    parts: message.parts.map((part): AgentUIMessagePart => (part.type === 'file' ? { type: 'text', text: `\n\n[Image not shared: ${part.filename ?? part.mediaType}]` } : part)),
  };
}

/** Every string of a JSON value with each of `texts` replaced, longest first. */
function replaceAll<T>(value: T, texts: readonly string[]): T {
  if (texts.length === 0) return value;
  const sorted = [...texts].sort((a, b) => b.length - a.length);
  return mapStrings(value, (text) => sorted.reduce((result, secret) => (result.includes(secret) ? result.split(secret).join(REDACTED) : result), text));
}

/** Calls `visit` with every string inside a JSON value. */
function forEachString(value: unknown, visit: (text: string) => void): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') visit(current);
    else if (typeof current === 'object' && current !== null) stack.push(...Object.values(current));
  }
}

function partLabel(part: AgentUIMessagePart): string {
  if (part.type === 'text') return 'text';
  if (part.type === 'reasoning') return 'reasoning';
  if (isToolUIPart(part)) return 'tool call';
  return 'notice';
}

function scanSnapshot(snapshot: ShareSnapshot): SecretScanner {
  const scanner = new SecretScanner();
  scanner.scan(snapshot.title, 'title');
  snapshot.messages.forEach((message, index) => {
    for (const part of message.parts) forEachString(part, (text) => scanner.scan(text, `message ${index + 1} (${partLabel(part)})`));
  });
  for (const entry of snapshot.compactions) forEachString(entry.record.summary ?? '', (text) => scanner.scan(text, 'compaction summary'));
  if (snapshot.systemPrompt) scanner.scan(snapshot.systemPrompt, 'system prompt');
  for (const file of snapshot.workspace ?? []) if (file.text) scanner.scan(file.text, `workspace: ${file.path.replace(/^\/workspace\//, '')}`);
  return scanner;
}

/** The shown branch with the running run's message as its log has it (newer than the last step saved). */
async function withRunFromLog(db: Db, ownerId: string, sessionId: string, messages: AgentUIMessage[]): Promise<AgentUIMessage[]> {
  const run = await getRunningRun(db, ownerId, sessionId);
  const live = run && (await messageFromLog(db, run));
  if (!live) return messages;
  const index = messages.findIndex((message) => message.id === live.id);
  return index === -1 ? [...messages, live] : [...messages.slice(0, index), live, ...messages.slice(index + 1)];
}

function totalUsage(records: SessionRecords): UsageTotals {
  let total = emptyUsage();
  for (const run of records.runs) if (run.usage) total = addUsage(total, run.usage);
  return total;
}

function compactionEntries(records: SessionRecords): CompactionEntry[] {
  const active = records.compactions.findLast((row) => row.undoneAt === null);
  return records.compactions.map(({ id, runId, trigger, record, createdAt, undoneAt }) => ({ id, runId, trigger, record, createdAt, undoneAt, active: id === active?.id }));
}

function textOf(content: Buffer): string | null {
  const text = content.toString('utf8');
  return Buffer.from(text, 'utf8').equals(content) ? text : null;
}

export interface ShareSnapshotResult {
  snapshot: ShareSnapshot;
  findings: SecretFinding[];
  /** Hashes of the texts redacted in this snapshot (kept to redact them again on update). */
  redactedHashes: string[];
  /** Hashes of the findings left in, as the owner chose. */
  allowedHashes: string[];
}

/**
 * What the owner decided about findings: `redact` lists ids (hashes) to remove.
 * With `allowed`, every finding NOT in it is removed too: a snapshot nobody
 * reviews (an update, a live read) publishes only what the owner saw and kept.
 */
export interface RedactionPolicy {
  redact: ReadonlySet<string>;
  allowed?: ReadonlySet<string>;
}

/** The snapshot for these choices and redactions. */
export async function buildShareSnapshot(
  db: Db,
  ownerId: string,
  sessionId: string,
  options: ShareOptions,
  policy: RedactionPolicy,
  /** A live read: a run in progress shows as far as its log has got (whole texts are scanned, never loose deltas). */
  withRunInProgress = false,
): Promise<ShareSnapshotResult> {
  // The shown branch is read below; the records give the rest (workspace, compactions, runs).
  const records = await readSessionRecords(db, ownerId, sessionId, { messages: false, steps: false });
  if (!records) throw new ApiError('not_found', 'Session not found.');
  const saved = await loadSessionMessages(db, ownerId, sessionId);
  const messages = withRunInProgress ? await withRunFromLog(db, ownerId, sessionId, saved) : saved;
  const alwaysRemoved = await secretValuesToScrub(db, ownerId);

  const draft = replaceAll<ShareSnapshot>(
    {
      title: records.session.title,
      modelKey: records.session.modelKey,
      sharedAt: Date.now(),
      messages: (options.hideToolIO ? messages.map(withoutToolIO) : messages).map(withoutImages),
      compactions: compactionEntries(records),
      usage: totalUsage(records),
      systemPrompt: options.hideSystemPrompt ? null : agentInstructions(new Date(), sessionLoopSettings(records.session.settings).systemPrompt),
      workspace: options.hideWorkspace ? null : records.workspace.map((file) => ({ path: file.path, size: file.content.byteLength, text: textOf(file.content) })),
    },
    alwaysRemoved,
  );
  const scanner = scanSnapshot(draft);
  const { allowed } = policy;
  const redact = allowed ? new Set([...scanner.results(new Set()).texts.keys()].filter((id) => policy.redact.has(id) || !allowed.has(id))) : policy.redact;
  const { texts, findings } = scanner.results(redact);
  const redactedTexts = [...texts].filter(([id]) => redact.has(id)).map(([, text]) => text);
  return {
    snapshot: replaceAll(draft, redactedTexts),
    findings,
    redactedHashes: redactedTexts.map(secretHash),
    allowedHashes: findings.filter((finding) => !finding.redacted).map((finding) => finding.id),
  };
}
