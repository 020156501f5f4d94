import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { readUIMessageStream } from 'ai';
import type { Db } from '@/db/client';
import { databaseUrl } from '@/db/open.mjs';
import { getMessageRow, saveMessage } from '@/db/queries/messages';
import { appendRunEvents, lastRunEventSeq, readRunEvents, type RunEvent } from '@/db/queries/run-events';
import { finishRun, listOrphanedRuns } from '@/db/queries/runs';
import { abandonRunContinuation } from '@/db/queries/run-continuations';
import type { RunRow } from '@/db/schema';
import type { AgentUIMessage, AgentUIMessageChunk, AgentUIMessagePart, RunEnd } from '@/lib/agent/messages';
import { landRunWrite } from './run-log';
import { readStoredMessageRow } from './stored-messages';

/**
 * Runs outlive nothing but their process. The owner renews a lease on its run row every
 * HEARTBEAT_MS; a run whose lease ran out (its process was killed) or that belonged to
 * this very instance before it restarted is interrupted: its assistant message is
 * rebuilt from the run log, even when the process died in the first step, every tool
 * call still open is closed with an error result, and the closing chunks go into the
 * log, so followers see the run end.
 */

export const LEASE_MS = 15_000;
export const HEARTBEAT_MS = 1_000;

export const SERVER_RESTART_END: RunEnd = {
  reason: 'server-restart',
  message: 'The server stopped before the agent finished (a restart, a crash or a shutdown). Everything it did so far is kept; unfinished tool calls were closed. Continue to pick up where it left off.',
};
const INTERRUPTED_TOOL_TEXT = 'interrupted by server restart';

/** A run that paused to go on in a chained invocation (lib/server/run-handoff.ts) which never took it. */
export const LOST_CONTINUATION_END: RunEnd = {
  reason: 'server-restart',
  message:
    'The run used up the time one request may work and was to go on in a new request, which never started. Everything it did so far is kept. Continue to pick up where it left off.',
};

// A serverless platform starts and ends processes for requests: each is its own instance, never "this one restarted".
const perProcessInstance = `inst-${randomBytes(8).toString('hex')}`;

/**
 * This server process's identity for run leases: stable across restarts of the same
 * server (host, port, database), so a restarted process recovers its own runs at once
 * instead of waiting for their leases to run out. PLAYGROUND_INSTANCE_ID overrides it.
 * On Vercel every process is its own instance: many run at once with the same host
 * name, port and database, and a cold start must not take another one's runs.
 */
export function instanceId(): string {
  const configured = process.env.PLAYGROUND_INSTANCE_ID?.trim();
  if (configured) return configured;
  if (process.env.VERCEL) return perProcessInstance;
  const identity = [hostname(), process.env.PORT ?? '', databaseUrl(), process.cwd()].join('|');
  return `inst-${createHash('sha256').update(identity).digest('hex').slice(0, 16)}`;
}

function isOpenToolPart(part: AgentUIMessagePart): part is AgentUIMessagePart & { toolCallId: string; state: 'input-streaming' | 'input-available' } {
  return 'toolCallId' in part && 'state' in part && (part.state === 'input-streaming' || part.state === 'input-available');
}

/** Closes what a dead process left open: tool calls get an error result, streaming text and reasoning end. */
export function closeInterruptedMessage(message: AgentUIMessage, end: RunEnd = SERVER_RESTART_END): AgentUIMessage {
  const parts = message.parts.map((part): AgentUIMessagePart => {
    if (isOpenToolPart(part)) return { ...part, state: 'output-error', errorText: INTERRUPTED_TOOL_TEXT } as AgentUIMessagePart;
    if ((part.type === 'text' || part.type === 'reasoning') && part.state === 'streaming') return { ...part, state: 'done' };
    return part;
  });
  return { ...message, parts, metadata: { ...message.metadata, runEnd: message.metadata?.runEnd ?? end } };
}

async function readWholeLog(db: Db, runId: string): Promise<RunEvent[]> {
  const all: RunEvent[] = [];
  for (;;) {
    const page = await readRunEvents(db, runId, all.at(-1)?.seq ?? 0, 2000);
    all.push(...page);
    if (page.length < 2000) return all;
  }
}

/** The run's message as its log says: the base message of a continuation, plus every logged chunk. */
export async function messageFromLog(db: Db, run: RunRow): Promise<AgentUIMessage | undefined> {
  const events = await readWholeLog(db, run.id);
  if (events.length === 0) return run.baseMessage ?? undefined;
  const stream = new ReadableStream<AgentUIMessageChunk>({
    start(controller) {
      for (const event of events) controller.enqueue(event.chunk);
      controller.close();
    },
  });
  let message: AgentUIMessage | undefined;
  for await (const update of readUIMessageStream<AgentUIMessage>({ message: run.baseMessage ?? undefined, stream, terminateOnError: false, onError: () => {} })) {
    message = update;
  }
  return message;
}

/** The run's message as saved at its last step boundary; an unreadable row is left as it is (its stand-in is never saved over it). */
async function storedRunMessage(db: Db, run: RunRow): Promise<AgentUIMessage | undefined> {
  const row = await getMessageRow(db, run.ownerId, run.messageId);
  if (!row) return undefined;
  const read = await readStoredMessageRow(run.sessionId, row);
  return read.ok ? read.message : undefined;
}

/** Interrupts one orphaned run. Answers false when another process got there first. */
function recoverRun(db: Db, run: RunRow): Promise<boolean> {
  return interruptRun(db, run, run.continuation ? LOST_CONTINUATION_END : SERVER_RESTART_END);
}

/** Ends a running run as interrupted with `end`, its message and log closed. Answers false when it had ended already. */
export async function interruptRun(db: Db, run: RunRow, end: RunEnd): Promise<boolean> {
  if (!(await landRunWrite(() => finishRun(db, run.id, { status: 'interrupted', endReason: end.reason })))) return false;
  await closeRunAsInterrupted(db, run, end);
  return true;
}

/**
 * A hand-off that failed (the next invocation could not be reached): the run ends as
 * interrupted at once, unless an invocation took it meanwhile. Answers whether it ended it.
 */
export async function interruptUnclaimedContinuation(db: Db, run: RunRow, nonce: string, end: RunEnd = LOST_CONTINUATION_END): Promise<boolean> {
  if (!(await landRunWrite(() => abandonRunContinuation(db, run.id, nonce, end.reason)))) return false;
  await closeRunAsInterrupted(db, run, end);
  return true;
}

/** The interrupted run's message, rebuilt from its log, with open tool calls closed and `end`; the same closing goes into the log for followers. */
async function closeRunAsInterrupted(db: Db, run: RunRow, end: RunEnd): Promise<void> {
  const fromLog = await messageFromLog(db, run);
  const found = fromLog ?? (await storedRunMessage(db, run));
  if (!found) return;
  // The run row names the message: a log whose `start` chunk never landed must not save it under another id.
  const message = found.id ? found : { ...found, id: run.messageId };
  const closed = closeInterruptedMessage(message, end);
  await landRunWrite(() => saveMessage(db, run.ownerId, run.sessionId, closed));
  // Followers of the log see the same ending the transcript shows.
  const closing: AgentUIMessageChunk[] = [
    ...message.parts.filter(isOpenToolPart).map((part): AgentUIMessageChunk => ({ type: 'tool-output-error', toolCallId: part.toolCallId, errorText: INTERRUPTED_TOOL_TEXT })),
    { type: 'data-run-end', id: 'run-end', data: end },
    { type: 'message-metadata', messageMetadata: { runEnd: closed.metadata?.runEnd ?? end } },
    { type: 'finish' },
  ];
  const first = (await lastRunEventSeq(db, run.id)) + 1;
  await landRunWrite(() => appendRunEvents(db, run.id, closing.map((chunk, index) => ({ seq: first + index, chunk }))));
}

/**
 * Interrupts every run whose owner is gone (its lease ran out), and at startup this
 * instance's own earlier runs. `sessionId` limits it to one session (before a new run claims it).
 */
export async function recoverOrphanedRuns(db: Db, options: { atStartup?: boolean; sessionId?: string } = {}): Promise<number> {
  const orphans = await listOrphanedRuns(db, Date.now(), options.atStartup ? instanceId() : undefined, options.sessionId);
  let recovered = 0;
  for (const run of orphans) if (await recoverRun(db, run)) recovered++;
  return recovered;
}
