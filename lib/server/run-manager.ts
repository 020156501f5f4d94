import 'server-only';
import { logger } from '@/lib/log.mjs';
import { createIdGenerator } from 'ai';
import type { Db } from '@/db/client';
import { saveMessage } from '@/db/queries/messages';
import { createRun, finishRun, getRunningRun, requestRunStop } from '@/db/queries/runs';
import { recordPausedCall } from '@/db/queries/paused-runs';
import { touchSession } from '@/db/queries/sessions';
import { saveWorkspaceSnapshot } from '@/db/queries/workspace-snapshots';
import type { LoopCheckpoint, LoopSettings, PausedRun, RunResult } from '@/lib/agent';
import { withoutRunEnd } from '@/lib/agent/approvals';
import type { ApprovalAnswer } from '@/lib/agent/types';
import { runEnd } from '@/lib/agent/finish';
import type { ReleasedModelCall } from '@/lib/agent/step-gate';
import type { AgentUIMessage, RunEnd } from '@/lib/agent/messages';
import type { ResolvedModel } from '@/lib/models/types';
import type { SessionToolSet } from '@/lib/tools/session-tools';
import { flushTraces } from '@/lib/telemetry/run-tracing';
import { sessionToolsFor } from './session-tool-stores';
import { ApiError } from './http';
import { closeInterruptedMessage, instanceId, LEASE_MS, recoverOrphanedRuns, SERVER_RESTART_END } from './recovery';
import { invocationBudgetMs } from './invocation';
import { startHeartbeat } from './run-heartbeat';
import { handOffRun } from './run-handoff';
import { landRunWrite, RunLog } from './run-log';
import type { RunOverrides } from './run-overrides';
import { generateMessageId, messageSaver, runStream, type LogLine } from './run-stream';

/**
 * Runs belong to the server, not to the HTTP request that started them: the
 * request only reads the run's chunk log. A run keeps going (and keeps saving
 * at every step boundary) when the browser goes away; Stop is a server command.
 * Where one request may work only so long (Vercel), a run pauses at a step boundary
 * once its invocation's budget is used, and a chained invocation resumes it on the
 * same log (run-handoff.ts, run-continuation.ts).
 */

export interface ActiveRun {
  runId: string;
  sessionId: string;
  ownerId: string;
  messageId: string;
  controller: AbortController;
  log: RunLog;
  done: Promise<void>;
  /** Set when a shutdown cut the run short: it ends as interrupted, not as stopped. */
  interruptedByShutdown?: boolean;
}

const generateRunId = createIdGenerator({ prefix: 'run', size: 16 });

// Kept on globalThis so Next's module reloading in dev sees one registry.
const globalForRuns = globalThis as { __agentRuns?: Map<string, ActiveRun>; __agentReserved?: Set<string> };
const activeRuns = (globalForRuns.__agentRuns ??= new Map<string, ActiveRun>());
const reserved = (globalForRuns.__agentReserved ??= new Set<string>());

export function isSessionRunning(sessionId: string): boolean {
  return activeRuns.has(sessionId) || reserved.has(sessionId);
}

export function getActiveRun(sessionId: string): ActiveRun | undefined {
  return activeRuns.get(sessionId);
}

/**
 * Claims the session for a new run. Synchronous, so two requests racing for
 * the same session cannot both pass. Returns false when a run is active.
 */
function reserveSession(sessionId: string): boolean {
  if (isSessionRunning(sessionId)) return false;
  reserved.add(sessionId);
  return true;
}

export function releaseSession(sessionId: string) {
  reserved.delete(sessionId);
}

/**
 * Stop, from any tab or instance: the request is written on the run row, where the
 * owner's heartbeat picks it up; when this process owns the run it aborts at once.
 * The loop fills cancelled tool results and saves the partial answer.
 */
export async function stopRun(db: Db, ownerId: string, sessionId: string): Promise<boolean> {
  const local = activeRuns.get(sessionId);
  const requested = await requestRunStop(db, ownerId, sessionId);
  local?.controller.abort(new Error('stopped by user'));
  return Boolean(local || requested);
}

/**
 * Claims the session for a new run, in this process (synchronously, so two requests
 * racing here cannot both pass) and in the database (a run another instance runs, or a
 * dead one not yet recovered). Answers 409 `run_active`, or 503 while shutting down.
 */
export async function claimSession(db: Db, ownerId: string, sessionId: string): Promise<void> {
  if (isDraining()) throw shuttingDownError();
  if (!reserveSession(sessionId)) throw runActiveError();
  try {
    await recoverOrphanedRuns(db, { sessionId });
    if (await getRunningRun(db, ownerId, sessionId)) throw runActiveError();
  } catch (error) {
    releaseSession(sessionId);
    throw error;
  }
}

const runActiveError = () => new ApiError('run_active', 'The agent is still working in this session. Wait for it to finish or press Stop, then send again.');
const shuttingDownError = () =>
  new ApiError('shutting_down', 'The server is restarting: it finishes the runs in progress and takes no new ones. Send again in a moment.', { 'retry-after': '10' });

function runStatus(end: RunEnd): 'completed' | 'awaiting_approval' | 'failed' | 'cancelled' | 'interrupted' {
  if (end.reason === 'cancelled') return 'cancelled';
  if (end.reason === 'server-restart') return 'interrupted';
  // Both wait for the person: an answer to an approval, or Continue in step mode (end reason `paused`, paused-runs.ts).
  if (end.reason === 'awaiting-approval' || end.reason === 'paused') return 'awaiting_approval';
  return end.reason === 'completed' || end.reason === 'done-tool' ? 'completed' : 'failed';
}

export interface StartRunInput {
  db: Db;
  ownerId: string;
  sessionId: string;
  /** The stored history, ending with the new user message. */
  history: AgentUIMessage[];
  model: ResolvedModel;
  settings?: Partial<LoopSettings>;
  /** Continue the last (assistant) message of `history` after the user answered its approval requests. */
  continuation?: { messageId: string; approvals: ApprovalAnswer[] };
  /** Runs after the run ended and was saved, before its stream ends (the queue sends its next message here). */
  afterRun?: (end: RunEnd) => Promise<void>;
  /** Tools the caller already opened (e.g. to validate edited arguments); the run closes them. */
  toolSet?: SessionToolSet;
  /** The origin the request that started the chat turn came to: where a chained invocation is asked for (run-handoff.ts). */
  origin?: string;
  /** Continuing a call step mode paused before (with `continuation`): from the paused run's checkpoint, sending the released request (paused-runs.ts). */
  afterPause?: { checkpoint: LoopCheckpoint; release: ReleasedModelCall };
  /** Edit and re-run's own settings (already in `settings`): kept on the run's row for its continuations; its switched-off tools stay off. */
  overrides?: RunOverrides;
}

/** Starts a run in the background. The session must have been claimed with claimSession. */
export async function startRun(input: StartRunInput): Promise<ActiveRun> {
  const { db, ownerId, sessionId, history, model } = input;
  const runId = generateRunId();
  const messageId = input.continuation?.messageId ?? generateMessageId();
  const owner = instanceId();
  const claimed = await landRunWrite(() =>
    createRun(db, {
      id: runId,
      sessionId,
      ownerId,
      messageId,
      modelKey: model.info.key,
      instanceId: owner,
      leaseExpiresAt: Date.now() + LEASE_MS,
      baseMessage: input.continuation ? history.at(-1) : undefined,
      overrides: input.overrides,
    }),
  );
  if (!claimed) throw runActiveError();
  return launchRun(input, { runId, messageId, owner, lastSeq: 0, resume: input.afterPause?.checkpoint, release: input.afterPause?.release });
}

export interface ResumeRunInput extends StartRunInput {
  runId: string;
  messageId: string;
  checkpoint: LoopCheckpoint;
  /** The last chunk the earlier invocations logged. */
  lastSeq: number;
  /** Stop was asked while the run waited for this invocation: it ends as stopped at once. */
  stopRequested: boolean;
}

/**
 * Resumes, in this invocation, a run an earlier one paused (run-continuation.ts claimed
 * it for this instance): from the loop's checkpoint, on the stored history, writing on
 * after the log's last chunk.
 */
export async function resumeRun(input: ResumeRunInput): Promise<ActiveRun> {
  // A server that is shutting down takes no run, not even one that was on its way.
  if (isDraining()) throw shuttingDownError();
  const { runId, messageId, checkpoint, lastSeq, stopRequested } = input;
  return launchRun(input, { runId, messageId, owner: instanceId(), lastSeq, resume: checkpoint, stopRequested });
}

/** The run's life in this process: its stream into the log, the heartbeat, and its end (or its hand-off to the next invocation). */
async function launchRun(
  input: StartRunInput,
  chain: { runId: string; messageId: string; owner: string; lastSeq: number; resume?: LoopCheckpoint; release?: ReleasedModelCall; stopRequested?: boolean },
): Promise<ActiveRun> {
  const { db, ownerId, sessionId } = input;
  const { runId, messageId, owner } = chain;
  const logLine = logger.child({ runId, sessionId });
  const controller = new AbortController();
  if (chain.stopRequested) controller.abort(new Error('stopped by user'));
  const toolSet = input.toolSet ?? (await sessionToolsFor({ db, ownerId, sessionId, forRun: true, switchedOff: input.overrides?.switchedOff }));
  const lease = startHeartbeat(db, runId, owner, {
    controller,
    logLine,
    // This process stalled past its lease and another instance interrupted the run: its message, log and row are that
    // instance's now. Followers here go on reading the table (where that instance wrote the end).
    onLost: () => {
      logLine.warn('another instance took this run over as interrupted (its lease ran out here): letting go of it');
      log.handOff();
      controller.abort(new Error('This run was taken over as interrupted (its lease ran out).'));
    },
  });
  // A run whose log cannot be written fails visibly (not as "stopped by you").
  let logFailure: RunEnd | undefined;
  const log = new RunLog(
    db,
    runId,
    (error) => {
      logLine.error({ err: error }, 'writing the run log failed');
      logFailure = { reason: 'error', message: 'The run stopped because its progress could not be saved: the database is unavailable.' };
      controller.abort(new Error(logFailure.message));
    },
    chain.lastSeq,
    lease,
  );
  const saver = messageSaver(db, ownerId, sessionId, logLine, lease);
  const outcome: { result?: RunResult | PausedRun } = {};
  const budgetMs = invocationBudgetMs();
  const invocationStartedAt = Date.now();
  const shouldPause = budgetMs === undefined ? undefined : () => Date.now() - invocationStartedAt >= budgetMs;
  // Every chunk goes to the log in the turn the loop writes it; runStream never throws (a bug is logged here).
  const streamed = runStream(
    {
      ...input,
      runId,
      messageId,
      toolSet,
      signal: controller.signal,
      saver,
      logLine,
      resume: chain.resume,
      release: chain.release,
      shouldPause,
      onResult: (result) => (outcome.result = result),
    },
    (chunk) => log.append(chunk),
  ).catch((error) => logLine.error({ err: error }, 'the run stream failed'));

  const run: ActiveRun = { runId, sessionId, ownerId, messageId, controller, log, done: Promise.resolve() };
  activeRuns.set(sessionId, run);
  releaseSession(sessionId);

  run.done = (async () => {
    try {
      await runToItsEnd();
    } finally {
      releaseRunSignal(controller);
    }
    // The run is over and its followers here have their end: its log in fewer bytes (read the same; pruned later anyway).
    await log.compact().catch((error) => logLine.warn({ err: error }, 'compacting the run log failed (its rows stay as written)'));
  })().finally(flushTraces);

  async function runToItsEnd(): Promise<void> {
    await streamed;
    await saver.settled();
    // Taken over while this process stalled: nothing more is written here (no end, no row, no next queued message).
    if (!(await lease.held())) return letGo();
    const result = outcome.result;
    // Step mode paused before a model call: the run ends here, waiting (its call kept on the row for Continue).
    const pausedCall = result && 'paused' in result ? result.beforeModelCall : undefined;
    if (result && 'paused' in result && !pausedCall && !run.interruptedByShutdown) {
      await log.flush();
      lease.stop();
      if (!logFailure) return handOff(run, result.paused, { input, owner, toolSet, logLine });
    }
    // Cut short by a shutdown, or by a log it could not write: the message and followers say which.
    const override = run.interruptedByShutdown ? SERVER_RESTART_END : logFailure;
    const end: RunEnd =
      override ?? (result && 'end' in result ? result.end : undefined) ?? (pausedCall ? runEnd('paused', { count: pausedCall.modelCall }) : undefined) ?? { reason: 'error', message: 'The run ended unexpectedly.' };
    if (override) await endInterrupted(db, ownerId, sessionId, log, saver.last(), override);
    else if (pausedCall && result && 'paused' in result) await landRunWrite(() => recordPausedCall(db, runId, { checkpoint: result.paused, call: pausedCall, origin: input.origin })).catch((error) => logLine.error({ err: error }, 'keeping the paused call failed'));
    // The workspace as this turn left it: a fork from this message starts with these files.
    if (saver.last()) await landRunWrite(() => saveWorkspaceSnapshot(db, ownerId, sessionId, messageId)).catch((error) => logLine.error({ err: error }, 'saving the workspace snapshot failed'));
    // Every chunk written while the lease still answers for them, then the row.
    await log.close();
    lease.stop();
    await settleRun({ db, ownerId, sessionId, runId, end, usage: outcome.result?.usage, logLine });
    await release();
    // Before the stream ends: a follower reattaches to the next run.
    if (!isDraining()) await input.afterRun?.(end).catch((error) => logLine.error({ err: error }, 'after-run step failed'));
    log.endFollowers();
  }

  // Its log was handed off when the lease was found lost (onLost).
  async function letGo(): Promise<void> {
    lease.stop();
    await release();
  }
  /** The run's tools closed and the session free for its next run. */
  async function release(): Promise<void> {
    await toolSet.close().catch((error) => logLine.error({ err: error }, 'closing tools failed'));
    activeRuns.delete(sessionId);
  }
  // The run's spans leave (flushTraces) however it ended or paused, while the platform still keeps this invocation alive for it.

  return run;
}

/**
 * Once a run is over, its signal is aborted, so every `{ once: true }` abort listener still on it (or on the signals
 * combined from it with AbortSignal.any) is removed. Node keeps a combined signal that has abort listeners in a
 * process-wide set until they are removed or it aborts with them gone; a listener added at each tool step
 * (lib/agent/tool-executor.ts, now removed there) held the run's whole request context this way, about 0.5 MB a run,
 * for good; this keeps any other listener (ours or a library's) from doing the same. Nothing listens for a real stop any more at this point: the run's end is already written.
 */
function releaseRunSignal(controller: AbortController): void {
  if (!controller.signal.aborted) controller.abort(new RunOverError());
}

/** The reason a finished run's signal carries (never shown: nothing is listening for a stop by then). */
class RunOverError extends Error {
  constructor() {
    super('The run is over.');
    this.name = 'RunOverError';
  }
}

/**
 * The run paused with its message and log saved: this invocation lets go of it (its
 * followers here go on reading the log from the table) and asks for the next one.
 */
async function handOff(run: ActiveRun, checkpoint: LoopCheckpoint, context: { input: StartRunInput; owner: string; toolSet: SessionToolSet; logLine: LogLine }): Promise<void> {
  const { input, owner, toolSet, logLine } = context;
  await toolSet.close().catch((error) => logLine.error({ err: error }, 'closing tools failed'));
  activeRuns.delete(run.sessionId);
  run.log.handOff();
  // Never throws: the run is the next invocation's now, or recovery's when its lease runs out.
  await handOffRun({ db: input.db, runId: run.runId, owner, checkpoint, origin: input.origin, logLine }).catch((error) =>
    logLine.error({ err: error }, 'handing the run on failed; recovery interrupts it when its lease runs out'),
  );
}

/** A run cut short by a shutdown or a log failure: its message gets that end and closed tool calls, and so does its log. */
async function endInterrupted(db: Db, ownerId: string, sessionId: string, log: RunLog, last: AgentUIMessage | undefined, end: RunEnd): Promise<void> {
  if (last) await landRunWrite(() => saveMessage(db, ownerId, sessionId, closeInterruptedMessage(withoutRunEnd(last), end))).catch(() => {});
  log.append({ type: 'data-run-end', id: 'run-end', data: end });
  log.append({ type: 'message-metadata', messageMetadata: { runEnd: end } });
  log.append({ type: 'finish' });
}

/** The run's row says how it ended (called once its log is closed, every event in the table: followers elsewhere read to the end). */
async function settleRun(input: { db: Db; ownerId: string; sessionId: string; runId: string; end: RunEnd; usage?: RunResult['usage']; logLine: LogLine }) {
  const { db, end, logLine } = input;
  await landRunWrite(() => finishRun(db, input.runId, { status: runStatus(end), endReason: end.reason, usage: input.usage ? { ...input.usage } : undefined })).catch((error) =>
    logLine.error({ err: error }, 'finishing run failed'),
  );
  await landRunWrite(() => touchSession(db, input.ownerId, input.sessionId)).catch(() => {});
}

/* ---------- Graceful shutdown ---------- */

// On globalThis like the run registry: each route bundle may carry its own copy of this module.
const shutdown = (globalThis as { __agentShutdown?: { draining: boolean } }).__agentShutdown ??= { draining: false };

/** How long a shutdown lets active runs finish before it interrupts them (RUN_DRAIN_TIMEOUT_MS, default 25 s). */
function drainTimeoutMs(): number {
  const configured = Number(process.env.RUN_DRAIN_TIMEOUT_MS);
  return Number.isFinite(configured) && configured >= 0 ? configured : 25_000;
}

function isDraining(): boolean {
  return shutdown.draining;
}

/**
 * SIGTERM/SIGINT (scripts/server.mjs calls this): new runs get 503 from now on, active
 * runs may finish within the drain timeout, and the rest end as interrupted with their
 * message, log and row written, so the next process (or another instance) shows them
 * as such and the user can continue.
 */
async function drainRuns(timeoutMs = drainTimeoutMs()): Promise<{ finished: number; interrupted: number }> {
  shutdown.draining = true;
  const running = [...activeRuns.values()];
  const deadline = new Promise((resolve) => setTimeout(resolve, timeoutMs).unref?.());
  await Promise.race([Promise.all(running.map((run) => run.done)), deadline]);
  const left = [...activeRuns.values()];
  for (const run of left) {
    run.interruptedByShutdown = true;
    run.controller.abort(new Error('The server is shutting down.'));
  }
  await Promise.all(left.map((run) => run.done));
  return { finished: running.length - left.length, interrupted: left.length };
}

(globalThis as { __agentPlaygroundDrain?: () => Promise<unknown> }).__agentPlaygroundDrain = () => drainRuns();
/** Runs going on in this process: scripts/server.mjs collects garbage only when there are none (lib/runtime/memory.mjs). */
(globalThis as { __agentPlaygroundActiveRuns?: () => number }).__agentPlaygroundActiveRuns = () => activeRuns.size + reserved.size;
