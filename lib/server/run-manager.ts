import { createIdGenerator, createUIMessageStream } from 'ai';
import type { Db } from '@/db/client';
import { withBusyRetry } from '@/db/open.mjs';
import { saveMessage } from '@/db/queries/messages';
import { createRun, finishRun, insertRunStep } from '@/db/queries/runs';
import { touchSession } from '@/db/queries/sessions';
import { getSessionTodos } from '@/db/queries/todos';
import { runAgent, type LoopSettings, type RunResult, type StepTrace } from '@/lib/agent';
import type { ApprovalAnswer } from '@/lib/agent/types';
import type { AgentUIMessage, AgentUIMessageChunk, RunEnd } from '@/lib/agent/messages';
import type { ResolvedModel } from '@/lib/models/types';
import { openTodoItems } from '@/lib/todos/todos';
import { sessionTools, type SessionToolSet } from '@/lib/tools/session-tools';
import { permissionHooks } from './permission-hooks';
import { agentInstructions } from './instructions';
import { createContextSeam } from './context-seam';
import { summarizerFor } from './summarizer';
import { describeError } from './errors';
import { RunChunkLog } from './run-stream';
import { dispatchQueueAfterRun } from './message-queue';

/**
 * Runs belong to the server, not to the HTTP request that started them: the
 * request only reads the run's chunk log. A run keeps going (and keeps saving
 * at every step boundary) when the browser goes away; Stop is a server command.
 */

export interface ActiveRun {
  runId: string;
  sessionId: string;
  ownerId: string;
  messageId: string;
  controller: AbortController;
  log: RunChunkLog;
  done: Promise<void>;
}

/**
 * A run's own writes (checkpoints, step traces, its end) must land: they wait out a
 * locked database far longer than a request would (which answers 503 instead).
 */
const RUN_WRITE_BUDGET_MS = 120_000;
const landRunWrite = <T>(write: () => Promise<T>) => withBusyRetry(write, { budgetMs: RUN_WRITE_BUDGET_MS });

const generateRunId = createIdGenerator({ prefix: 'run', size: 16 });
const generateMessageId = createIdGenerator({ prefix: 'msg', size: 16 });
const generateStepId = createIdGenerator({ prefix: 'step', size: 16 });
const generateCompactionId = createIdGenerator({ prefix: 'cmp', size: 16 });

// Kept on globalThis so Next's module reloading in dev sees one registry.
const globalForRuns = globalThis as unknown as { __agentRuns?: Map<string, ActiveRun>; __agentReserved?: Set<string> };
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
export function reserveSession(sessionId: string): boolean {
  if (isSessionRunning(sessionId)) return false;
  reserved.add(sessionId);
  return true;
}

export function releaseSession(sessionId: string) {
  reserved.delete(sessionId);
}

/** Aborts the session's run on the server. The loop fills cancelled tool results and saves the partial answer. */
export function stopRun(sessionId: string): boolean {
  const run = activeRuns.get(sessionId);
  if (!run) return false;
  run.controller.abort(new Error('stopped by user'));
  return true;
}

function runStatus(end: RunEnd): 'completed' | 'failed' | 'cancelled' {
  if (end.reason === 'cancelled') return 'cancelled';
  return end.reason === 'completed' || end.reason === 'done-tool' || end.reason === 'awaiting-approval' ? 'completed' : 'failed';
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
  /** Tools the caller already opened (e.g. to validate edited arguments); the run closes them. */
  toolSet?: SessionToolSet;
}

/** Starts a run in the background. The session must have been reserved with reserveSession. */
export async function startRun(input: StartRunInput): Promise<ActiveRun> {
  const { db, ownerId, sessionId, history, model } = input;
  const runId = generateRunId();
  const messageId = input.continuation?.messageId ?? generateMessageId();
  const controller = new AbortController();
  const log = new RunChunkLog();

  await createRun(db, { id: runId, sessionId, ownerId, messageId, modelKey: model.info.key });
  const toolSet = input.toolSet ?? (await sessionTools({ db, ownerId, sessionId }));

  // Saves run one after another, so a slow step save never lands after the final one.
  let saving = Promise.resolve();
  const persist = (message: AgentUIMessage) => {
    saving = saving.then(() => landRunWrite(() => saveMessage(db, ownerId, sessionId, message))).catch((error) => {
      console.error(`[run ${runId}] saving message failed`, error);
    });
    return saving;
  };

  let result: RunResult | undefined;
  const stream = createUIMessageStream<AgentUIMessage>({
    originalMessages: history,
    generateId: generateMessageId,
    execute: async ({ writer }) => {
      writer.write({ type: 'start', messageId, messageMetadata: { createdAt: Date.now(), model: model.info.key, runId } });
      toolSet.notices?.forEach((notice, index) => writer.write({ type: 'data-tool-notice', id: `tool-notice-${index}`, data: notice }));
      try {
        const instructions = agentInstructions();
        const write = (chunk: AgentUIMessageChunk) => writer.write(chunk);
        const context = await createContextSeam({
          db,
          ownerId,
          sessionId,
          runId,
          modelKey: model.info.key,
          history,
          settings: input.settings,
          tools: toolSet.tools,
          instructions,
          summarizer: await summarizerFor(model, input.settings?.summarizerModel),
          write,
          generateId: generateCompactionId,
        });
        result = await runAgent({
          model: model.model,
          providerOptions: model.providerOptions,
          instructions,
          messages: context.view,
          compact: context.compact,
          tools: toolSet.tools,
          settings: input.settings,
          hooks: permissionHooks({ db, ownerId, sessionId, runId, messageId, tools: toolSet.tools }),
          approvals: input.continuation?.approvals,
          signal: controller.signal,
          getOpenTodos: async () => openTodoItems(await getSessionTodos(db, ownerId, sessionId)),
          write,
          onStepEnd: (trace: StepTrace) => {
            context.onStepEnd(trace);
            return landRunWrite(() => insertRunStep(db, {
              id: generateStepId(),
              runId,
              sessionId,
              ownerId,
              stepNumber: trace.stepNumber,
              trace: { ...trace, baseUrl: model.baseUrl } as unknown as Record<string, unknown>,
            })).catch((error) => console.error(`[run ${runId}] saving step trace failed`, error));
          },
        });
      } catch (error) {
        // The loop turns provider failures into run ends; reaching here is a bug, but the history must stay valid.
        const end: RunEnd = { reason: 'error', message: describeError(error) };
        writer.write({ type: 'data-run-end', id: 'run-end', data: end });
        writer.write({ type: 'message-metadata', messageMetadata: { runEnd: end } });
      }
      writer.write({ type: 'finish' });
    },
    onStepEnd: ({ responseMessage }) => {
      void persist(responseMessage);
    },
    onEnd: async ({ responseMessage }) => {
      await persist(responseMessage);
    },
    onError: describeError,
  });

  const run: ActiveRun = { runId, sessionId, ownerId, messageId, controller, log, done: Promise.resolve() };
  activeRuns.set(sessionId, run);
  releaseSession(sessionId);

  run.done = (async () => {
    const reader = stream.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        log.append(value);
      }
    } catch (error) {
      console.error(`[run ${runId}] stream failed`, error);
    } finally {
      await saving;
      const end = result?.end ?? { reason: 'error' as const, message: 'The run ended unexpectedly.' };
      await landRunWrite(() =>
        finishRun(db, runId, {
          status: runStatus(end),
          endReason: end.reason,
          usage: result ? { ...result.usage } : undefined,
        }),
      ).catch((error) => console.error(`[run ${runId}] finishing run failed`, error));
      await landRunWrite(() => touchSession(db, ownerId, sessionId)).catch(() => {});
      await toolSet.close().catch((error) => console.error(`[run ${runId}] closing tools failed`, error));
      activeRuns.delete(sessionId);
      await dispatchQueueAfterRun({ ownerId, sessionId, end }); // before close: a follower reattaches to the next run
      log.close();
    }
  })();

  return run;
}
