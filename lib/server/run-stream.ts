import 'server-only';
import { createIdGenerator } from 'ai';
import type { Logger } from 'pino';
import type { Db } from '@/db/client';
import { saveMessage } from '@/db/queries/messages';
import { getSessionTodos } from '@/db/queries/todos';
import { runAgent, type LoopCheckpoint, type LoopSettings, type PausedRun, type RunResult, type StepTrace } from '@/lib/agent';
import type { AgentUIMessage, AgentUIMessageChunk, RunEnd } from '@/lib/agent/messages';
import type { ApprovalAnswer } from '@/lib/agent/types';
import type { ReleasedModelCall } from '@/lib/agent/step-gate';
import { UIMessageState } from '@/lib/agent/ui-message-state';
import { callOptionsFor } from '@/lib/models/call-options';
import type { ResolvedModel } from '@/lib/models/types';
import { openTodoItems } from '@/lib/todos/todos';
import type { SessionToolSet } from '@/lib/tools/session-tools';
import { traceRun } from '@/lib/telemetry/run-tracing';
import { createContextSeam } from './context-seam';
import { deferredWrites } from './deferred-writes';
import { takeTurn } from './fair-turns';
import { coalesceDeltas } from './delta-coalescer';
import { describeError } from './errors';
import { agentInstructions } from './instructions';
import { permissionHooks } from './permission-hooks';
import type { RunLease } from './run-lease';
import { landRunWrite } from './run-log';
import { summarizerFor } from './summarizer';
import { openStepTraceStore, type StepTraceStore } from './step-trace-store';

export const generateMessageId = createIdGenerator({ prefix: 'msg', size: 16 });
const generateStepId = createIdGenerator({ prefix: 'step', size: 16 });
const generateCompactionId = createIdGenerator({ prefix: 'cmp', size: 16 });

/** What a run logs through: the run's child logger (run and session ids on every line). */
export type LogLine = Pick<Logger, 'error' | 'warn' | 'info'>;

/**
 * The run's message as it is saved: one save after another, so a slow step
 * save never lands after the final one, each after the turn it was asked in
 * (deferred-writes.ts). `last` is what was saved most recently.
 */
export function messageSaver(db: Db, ownerId: string, sessionId: string, logLine: LogLine, lease: Pick<RunLease, 'held'>) {
  const writes = deferredWrites();
  let last: AgentUIMessage | undefined;
  return {
    /** Saves the message (a snapshot may still be on its way: UIMessageState.snapshot); not once another instance took the run over. */
    save(message: AgentUIMessage | Promise<AgentUIMessage>): Promise<void> {
      return writes.add(async () => {
        const saved = await message;
        if (!(await lease.held())) return;
        last = saved;
        await landRunWrite(() => saveMessage(db, ownerId, sessionId, saved)).catch((error) => {
          logLine.error({ err: error }, 'saving message failed');
        });
      });
    },
    /** Resolves once every save asked for so far has landed (or failed and was logged). */
    settled: () => writes.settled(),
    last: () => last,
  };
}

type MessageSaver = ReturnType<typeof messageSaver>;

export interface RunStreamInput {
  db: Db;
  ownerId: string;
  sessionId: string;
  runId: string;
  messageId: string;
  history: AgentUIMessage[];
  model: ResolvedModel;
  settings?: Partial<LoopSettings>;
  continuation?: { messageId: string; approvals: ApprovalAnswer[] };
  /** Going on from an earlier invocation's pause: `history` ends with the run's message as saved then. */
  resume?: LoopCheckpoint;
  /** Going on after step mode paused before a model call: that call sends this request (a new run on the same message, so it writes `start`). */
  release?: ReleasedModelCall;
  /** Asked at each step boundary: true pauses the run there, to go on in a chained invocation. */
  shouldPause?: () => boolean;
  toolSet: SessionToolSet;
  signal: AbortSignal;
  saver: MessageSaver;
  logLine: LogLine;
  /** The loop's result, once it returned. */
  onResult: (result: RunResult | PausedRun) => void;
}

/**
 * One run's chunks, each handed to `emit` (the run log) in the turn it is written:
 * the agent loop over the session's context view, with the permission hooks, step
 * traces saved as they end, and the message built from the same chunks
 * (UIMessageState: what createUIMessageStream built, without its stream) and saved
 * at every step boundary and at the end. A loop that throws (a bug) still ends the
 * message with a run end, so the history stays valid. A run that pauses to go on in
 * a chained invocation writes no `finish`; the invocation that resumes it writes no
 * `start`: in its log the run is one message stream. Resolves once the final save
 * has landed.
 */
export async function runStream(input: RunStreamInput, emit: (chunk: AgentUIMessageChunk) => void): Promise<void> {
  const { runId, messageId, model, toolSet, logLine } = input;
  // As createUIMessageStream: the chunks continue the history's last message when it is the assistant's.
  const last = input.history.at(-1);
  const continued = last?.role === 'assistant' ? last : undefined;
  const startId = continued?.id ?? generateMessageId();
  const message = new UIMessageState({ lastMessage: continued && structuredClone(continued), messageId: startId }, (error) =>
    logLine.error({ err: error }, 'a chunk did not fit the message: it went to the log, but not into the saved message'),
  );
  const send = (chunk: AgentUIMessageChunk) => {
    const sent = chunk.type === 'start' && chunk.messageId == null ? { ...chunk, messageId: startId } : chunk;
    message.apply(sent);
    emit(sent);
    if (sent.type === 'finish-step') void input.saver.save(message.snapshot());
  };
  // Every chunk of the run goes through `out`: a burst of deltas is one chunk, and nothing is held past the end.
  const out = coalesceDeltas(send);
  try {
    if (!input.resume || input.release) out.write({ type: 'start', messageId, messageMetadata: { createdAt: Date.now(), model: model.info.key, runId } });
    toolSet.notices?.forEach((notice, index) => out.write({ type: 'data-tool-notice', id: `tool-notice-${index}`, data: notice }));
    let handedOn = false;
    try {
      const result = await runLoop(input, out.write);
      input.onResult(result);
      // A pause before a model call ends the stream (its run end is written); a hand-off does not.
      handedOn = 'paused' in result && !result.beforeModelCall;
    } catch (error) {
      // The loop turns provider failures into run ends; reaching here is a bug, but the history must stay valid.
      const end: RunEnd = { reason: 'error', message: describeError(error) };
      out.write({ type: 'data-run-end', id: 'run-end', data: end });
      out.write({ type: 'message-metadata', messageMetadata: { runEnd: end } });
    }
    if (!handedOn) out.write({ type: 'finish' });
  } catch (error) {
    out.flush();
    send({ type: 'error', errorText: describeError(error) });
  } finally {
    out.flush();
  }
  await input.saver.save(message.settled());
}

/** The loop itself, over the context view the seam builds (and compacts when asked). */
async function runLoop(input: RunStreamInput, write: (chunk: AgentUIMessageChunk) => void): Promise<RunResult | PausedRun> {
  const { db, ownerId, sessionId, runId, model, toolSet, settings } = input;
  const instructions = agentInstructions(new Date(), settings?.systemPrompt);
  // Sampling, output limit and reasoning effort as this model takes them; the rest is dropped here.
  const call = callOptionsFor(model.info, settings ?? {}, model.providerOptions);
  const context = await createContextSeam({
    db,
    ownerId,
    sessionId,
    runId,
    modelKey: model.info.key,
    history: input.history,
    settings,
    tools: toolSet.tools,
    instructions,
    summarizer: await summarizerFor(model, settings?.summarizerModel, ownerId),
    write,
    generateId: generateCompactionId,
  });
  const traces = await openStepTraceStore(db, { ownerId, sessionId, runId }, generateStepId);
  // The next step does not wait for a trace to land; the run's end (and its hand-off) waits for all of them.
  const traceSaves = deferredWrites();
  const chain = { shouldPause: input.shouldPause, resume: input.resume, release: input.release };
  const span = { sessionId, runId, modelKey: model.info.key, continuation: Boolean(input.continuation), resumed: Boolean(input.resume) };
  try {
    return await traceRun(span, (telemetry) => runAgent({
      model: model.model,
      providerOptions: call.providerOptions,
      callSettings: call.callSettings,
      instructions,
      messages: context.view,
      compact: context.compact,
      tools: toolSet.tools,
      refreshTools: toolSet.refresh,
      settings,
      hooks: permissionHooks({ db, ownerId, sessionId, runId, messageId: input.messageId, tools: toolSet.tools }),
      approvals: input.continuation?.approvals,
      signal: input.signal,
      getOpenTodos: async () => openTodoItems(await getSessionTodos(db, ownerId, sessionId)),
      write,
      traceBase: traces.base,
      stepMetadata: context.stepMetadata,
      onStepEnd: (trace: StepTrace) => void traceSaves.add(() => saveStepTrace(input, traces, trace)),
      telemetry,
      takeTurn,
    }, chain));
  } finally {
    await traceSaves.settled();
  }
}

/** The inspector's record of one model call; a failed save is logged and the run goes on. */
async function saveStepTrace({ model, logLine }: RunStreamInput, traces: StepTraceStore, trace: StepTrace): Promise<void> {
  try {
    await landRunWrite(() => traces.save({ ...trace, baseUrl: model.baseUrl }));
  } catch (error) {
    logLine.error({ err: error }, 'saving step trace failed');
  }
}
