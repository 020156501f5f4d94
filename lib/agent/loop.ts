import type { ModelMessage } from 'ai';
import { emptyUsage, type RunEnd } from './messages';
import type { AgentTool, RunAgentInput, RunResult } from './types';
import type { PausedRun, RunChain } from './checkpoint';
import { runAfterModelCallHooks, runBeforeModelCallHooks } from './hooks';
import { createStepTrace, redactSecrets, type ReleaseRecord } from './trace';
import { executeToolCalls, CANCELLED_TOOL_RESULT } from './tool-executor';
import { decideOnFinish, runEnd } from './finish';
import { DONE_TOOL_NAME, DONE_TOOL_NUDGE, doneTool, unfinishedWorkNudge } from './done-tool';
import { errorMessage } from './errors';
import { addUsage } from './messages';
import { abortEnd, checkpointOf, createRunContext, hookOptions, refreshRunTools, toolsForRequest, type LoopState, type OpenStep, type RunContext } from './run-context';
import { appendToolResults, applyCompaction, askCompaction, closeStep, nudge, runModelStep, settleUnexecuted } from './loop-step';
import { resumeApprovals } from './resume-approvals';
import { pauseNotice, type GatedRequest, type PendingModelCall, type ReleasedModelCall } from './step-gate';

export { historyToModelMessages } from './run-context';

/**
 * The agent loop as an explicit state machine. Each state is handled by one
 * function that does its work and returns the next state:
 *
 *   (resume-approvals ─►) start-iteration ─► check-budget ─► call-model ─┬► run-tools ─► start-iteration | end (awaiting-approval)
 *        │                                          ├► model-stopped ──────► start-iteration | end
 *        └► summarize (max iterations) ─► end       ├► compact-after-length ► start-iteration | end
 *                                                    └► end (also: the call failed after its retries)
 *
 * With a RunChain, start-iteration may also go to `paused` (checkpoint.ts): the run stops
 * at that step boundary without an end, and a later call resumes from the checkpoint.
 * In step mode, call-model goes to `paused` before the call, with a `paused` run end and
 * the request it would send (step-gate.ts); the run that continues it sends that request.
 *
 * A failed attempt of a model call (error, dropped or stalled stream,
 * malformed event) is retried inside call-model (model-call.ts): its partial
 * output is withdrawn with `reset-step` and kept only in a `data-step-error`
 * row, so it never reads as the model's answer nor enters its history.
 *
 * Chunks per step: start-step, the model's chunks, tool outputs (request
 * order), nudges, message-metadata (usage, and the caller's stepMetadata), finish-step. At the end:
 * message-metadata (usage, runEnd, stopped) and data-run-end.
 */

export const SUMMARY_PROMPT = 'You have reached the step limit for this run. Do not call tools. Summarize what you did and what is left.';

function maxIterationsFallbackText(iterations: number): string {
  return `I reached the limit of ${iterations} steps before finishing, and could not write a summary. Ask me to continue to pick up where I left off.`;
}

/**
 * Runs the agent to its end. With a `chain` it may instead pause at a step boundary
 * (`chain.shouldPause`) and answer a checkpoint that a later call resumes from
 * (`chain.resume`), in this process or another one (checkpoint.ts).
 */
export async function runAgent(input: RunAgentInput): Promise<RunResult>;
export async function runAgent(input: RunAgentInput, chain: RunChain): Promise<RunResult | PausedRun>;
export async function runAgent(input: RunAgentInput, chain: RunChain = {}): Promise<RunResult | PausedRun> {
  let ctx: RunContext;
  try {
    ctx = await createRunContext(input, chain);
  } catch (error) {
    // The stored history could not be converted: end with a readable reason instead of throwing to the caller.
    const end = runEnd('error', { detail: `Could not prepare the conversation for the model: ${errorMessage(error)}` });
    input.write({ type: 'message-metadata', messageMetadata: { usage: emptyUsage(), runEnd: end } });
    input.write({ type: 'data-run-end', id: 'run-end', data: end });
    return { end, usage: emptyUsage(), steps: [] };
  }
  // A resumed run has used part of its wall-clock time already.
  const wallClockLeft = Math.max(0, ctx.startedAt + ctx.settings.maxWallClockMs - ctx.clock.now());
  const timer = setTimeout(() => ctx.deadline.abort(new Error('wall-clock limit')), wallClockLeft);
  (timer as { unref?: () => void }).unref?.();
  let state: LoopState = input.approvals?.length && !chain.resume ? { kind: 'resume-approvals', answers: input.approvals } : { kind: 'start-iteration' };
  try {
    while (state.kind !== 'ended' && state.kind !== 'paused') {
      try {
        await input.takeTurn?.();
        state = await transition(state, ctx);
      } catch (error) {
        // A bug or a broken seam must still end the run cleanly, with a valid message.
        const end = runEnd('error', { detail: `Internal error: ${errorMessage(error)}` });
        state = state.kind === 'end' ? finishRunWithoutStep(ctx, end) : { kind: 'end', end, step: 'step' in state ? state.step : undefined };
      }
    }
  } finally {
    clearTimeout(timer);
  }
  if (state.kind === 'paused') {
    return { paused: checkpointOf(ctx), usage: ctx.usage, steps: ctx.steps, ...(state.beforeModelCall ? { beforeModelCall: state.beforeModelCall } : {}) };
  }
  return { end: state.end, usage: ctx.usage, steps: ctx.steps };
}

async function transition(state: LoopState, ctx: RunContext): Promise<LoopState> {
  switch (state.kind) {
    case 'resume-approvals':
      return resumeApprovals(ctx, state.answers);
    case 'start-iteration':
      return startIteration(ctx);
    case 'check-budget':
      return checkBudget(ctx);
    case 'call-model':
      return callModelState(ctx);
    case 'run-tools':
      return runTools(ctx, state.step);
    case 'model-stopped':
      return modelStopped(ctx, state.step);
    case 'compact-after-length':
      return compactAfterLength(ctx, state.step);
    case 'summarize':
      return summarize(ctx);
    case 'end':
      return endRun(ctx, state.end, state.step);
    case 'ended':
    case 'paused':
      return state;
  }
}

// ---- states ----

function startIteration(ctx: RunContext): LoopState {
  if (ctx.signal.aborted) return { kind: 'end', end: abortEnd(ctx) };
  if (ctx.clock.now() - ctx.startedAt >= ctx.settings.maxWallClockMs) {
    return { kind: 'end', end: runEnd('wall-clock', { count: ctx.settings.maxWallClockMs }) };
  }
  // A step boundary: the last step and its tool results are written. Each call makes one step at least, so a chain always advances.
  if (ctx.steps.length > 0 && ctx.shouldPause()) return { kind: 'paused' };
  if (ctx.iteration >= ctx.settings.maxIterations) return { kind: 'summarize' };
  return { kind: 'check-budget' };
}

async function checkBudget(ctx: RunContext): Promise<LoopState> {
  if (ctx.input.compact) {
    const result = await askCompaction(ctx, 'budget', 0);
    if (result) applyCompaction(ctx, result);
    if (result?.contextLimitExceeded) return { kind: 'end', end: runEnd('context-limit', { detail: result.contextLimitExceeded }) };
  }
  return { kind: 'call-model' };
}

async function callModelState(ctx: RunContext): Promise<LoopState> {
  await refreshRunTools(ctx);
  const trace = createStepTrace(ctx.stepBase + ctx.iteration, 'model', ctx.clock.now());
  ctx.iteration += 1;
  const prepared = await runBeforeModelCallHooks(
    ctx.hooks.beforeModelCall,
    { iteration: ctx.iteration, instructions: ctx.instructions, tools: ctx.tools, messages: ctx.messages },
    hookOptions(ctx, trace),
  );
  let tools = [...prepared.tools];
  // Done-tool mode cannot work without the done tool, whatever a hook did.
  if (ctx.settings.requireDoneTool && !tools.some((t) => t.name === DONE_TOOL_NAME)) tools.push(doneTool());
  tools = toolsForRequest(ctx, dedupeByName(tools), { notify: true });
  const built = { instructions: prepared.instructions, tools, messages: ctx.messages, callSettings: ctx.input.callSettings };
  const gate = ctx.stepGate.decide(built, { stepNumber: trace.stepNumber, modelCall: ctx.iteration });
  if (gate.kind === 'pause') return pauseBeforeModelCall(ctx, gate.call);
  if (gate.released) noteReleased(ctx, gate.released, gate.request);
  const step = await runModelStep(ctx, trace, gate.request);
  if (gate.released) step.trace.request.released = releaseRecord(gate.released);

  await runAfterModelCallHooks(
    ctx.hooks.afterModelCall,
    {
      iteration: ctx.iteration,
      finishReason: step.outcome.finishReason,
      text: step.outcome.text,
      toolCalls: step.outcome.toolCalls.map(({ toolCallId, toolName, input }) => ({ toolCallId, toolName, input })),
      usage: trace.usage,
      error: step.outcome.error?.message,
    },
    hookOptions(ctx, trace),
  );

  const { outcome } = step;
  if (outcome.status === 'aborted') return { kind: 'end', end: abortEnd(ctx), step };
  if (outcome.status === 'failed') {
    const error = outcome.error!;
    if (!error.retryable) return { kind: 'end', end: runEnd('error', { detail: error.message }), step };
    // The retries ran and were used up: the provider is down (or stalling) for now.
    const retries = step.trace.retries.length;
    return { kind: 'end', end: runEnd('error', { detail: `${error.message} (gave up after ${retries} ${retries === 1 ? 'retry' : 'retries'})` }), step };
  }

  ctx.messages.push(...outcome.responseMessages);
  const decision = decideOnFinish(outcome.finishReason ?? 'other', outcome.rawFinishReason, outcome.toolCalls.length);
  switch (decision.kind) {
    case 'execute-tools':
      return { kind: 'run-tools', step };
    case 'model-stopped':
      return { kind: 'model-stopped', step };
    case 'compact':
      return { kind: 'compact-after-length', step };
    case 'end':
      return { kind: 'end', end: decision.end, step };
  }
}

/** Step mode: the call is not made; the run ends its stream waiting, and the checkpoint counts the call as not made yet. */
function pauseBeforeModelCall(ctx: RunContext, call: PendingModelCall): LoopState {
  ctx.iteration -= 1;
  ctx.write({ type: 'data-model-pause', id: `model-pause-${call.stepNumber}`, data: pauseNotice(call, call.request, 'paused') });
  finishRunWithoutStep(ctx, runEnd('paused', { count: call.modelCall }));
  return { kind: 'paused', beforeModelCall: call };
}

/** The step's record of a released call: an edited one with the request before and after the edit (redacted). */
function releaseRecord({ edited, original, request }: ReleasedModelCall): ReleaseRecord {
  return edited && original ? { edited, original: redactSecrets(original), request: redactSecrets(request) } : { edited };
}

/** The continued call goes out: the transcript's pause record says so (and whether the request was edited). */
function noteReleased(ctx: RunContext, released: ReleasedModelCall, sent: GatedRequest): void {
  ctx.write({ type: 'data-model-pause', id: `model-pause-${released.stepNumber}`, data: pauseNotice(released, sent, 'continued', released.edited) });
}

async function runTools(ctx: RunContext, step: OpenStep): Promise<LoopState> {
  const { results, cancelled } = await executeToolCalls(step.outcome.toolCalls, {
    tools: step.tools,
    settings: ctx.settings,
    hooks: ctx.hooks,
    hookRecords: step.trace.hooks,
    signal: ctx.signal,
    now: ctx.clock.now,
    iteration: ctx.iteration,
    writer: step.writer,
    traceToolCall: ctx.input.telemetry?.traceToolCall,
    addUsage: (usage) => (ctx.usage = addUsage(ctx.usage, usage)),
  });
  for (const result of results) step.settled.add(result.call.toolCallId);
  step.trace.tools.push(...results.map((r) => r.trace));
  appendToolResults(ctx, step, results);

  if (cancelled) return { kind: 'end', end: abortEnd(ctx), step };
  const awaiting = results.filter((r) => r.status === 'awaiting-approval').length;
  if (awaiting > 0) return { kind: 'end', end: runEnd('awaiting-approval', { count: awaiting }), step };
  const done = results.find((r) => r.call.toolName === DONE_TOOL_NAME && r.status === 'ok');
  if (ctx.settings.requireDoneTool && done) {
    const summary = (done.output as { summary?: unknown } | undefined)?.summary;
    return { kind: 'end', end: runEnd('done-tool', { detail: typeof summary === 'string' ? summary : undefined }), step };
  }

  const verdict = ctx.loopGuard.observe(step.outcome.toolCalls);
  if (verdict.kind === 'stop') return { kind: 'end', end: runEnd('loop-detected', { detail: verdict.message }), step };
  if (verdict.kind === 'nudge') {
    nudge(ctx, step, { kind: 'loop-guard', message: verdict.message, call: verdict.call, count: verdict.count }, `loop-guard-${verdict.nudges}`);
  }
  await closeStep(ctx, step);
  return { kind: 'start-iteration' };
}

async function modelStopped(ctx: RunContext, step: OpenStep): Promise<LoopState> {
  if (ctx.settings.requireDoneTool) {
    nudge(ctx, step, { kind: 'done-tool', message: DONE_TOOL_NUDGE }, `done-tool-${ctx.iteration}`);
    await closeStep(ctx, step);
    return { kind: 'start-iteration' };
  }
  if (!ctx.unfinishedWorkNudged && ctx.input.getOpenTodos) {
    let open: string[] = [];
    try {
      open = await ctx.input.getOpenTodos();
    } catch {
      open = [];
    }
    if (open.length > 0) {
      ctx.unfinishedWorkNudged = true;
      nudge(ctx, step, { kind: 'unfinished-work', message: unfinishedWorkNudge(open), count: open.length }, 'unfinished-work');
      await closeStep(ctx, step);
      return { kind: 'start-iteration' };
    }
  }
  return { kind: 'end', end: runEnd('completed', { finishReason: step.outcome.finishReason }), step };
}

async function compactAfterLength(ctx: RunContext, step: OpenStep): Promise<LoopState> {
  const lengthEnd = (detail: string): LoopState => ({ kind: 'end', end: runEnd('length', { finishReason: 'length', detail }), step });
  if (!ctx.input.compact) {
    return lengthEnd('Context limit reached: the response was cut off at the model’s limit and no compaction is available.');
  }
  ctx.compactionAttempts += 1;
  if (ctx.compactionAttempts > ctx.settings.maxCompactionAttempts) {
    return lengthEnd(`Context limit reached: the response was still cut off after ${ctx.settings.maxCompactionAttempts} compactions.`);
  }
  settleUnexecuted(ctx, step, 'Not executed: the response was cut off at the length limit.');
  const result = await askCompaction(ctx, 'length', ctx.compactionAttempts);
  if (!result) return lengthEnd('Context limit reached: the response was cut off and the conversation could not be compacted.');
  applyCompaction(ctx, result);
  if (result.contextLimitExceeded) return { kind: 'end', end: runEnd('context-limit', { detail: result.contextLimitExceeded }), step };
  await closeStep(ctx, step);
  return { kind: 'start-iteration' };
}

async function summarize(ctx: RunContext): Promise<LoopState> {
  const trace = createStepTrace(ctx.stepBase + ctx.iteration, 'summary', ctx.clock.now());
  // A temporary copy: the summary request never becomes part of the stored history.
  const messages: ModelMessage[] = [...ctx.messages, { role: 'user', content: SUMMARY_PROMPT }];
  const tools = toolsForRequest(ctx, ctx.tools, { notify: false });
  const step = await runModelStep(ctx, trace, { instructions: ctx.instructions, tools, messages, toolChoice: 'none' });
  if (step.outcome.status === 'aborted') return { kind: 'end', end: abortEnd(ctx), step };
  if (step.outcome.status !== 'finished' || !step.outcome.text.trim()) {
    step.writer.closeOpenParts();
    const id = `summary-fallback-${trace.stepNumber}`;
    step.writer.write({ type: 'text-start', id });
    step.writer.write({ type: 'text-delta', id, delta: maxIterationsFallbackText(ctx.settings.maxIterations) });
    step.writer.write({ type: 'text-end', id });
  }
  return { kind: 'end', end: runEnd('max-iterations', { count: ctx.settings.maxIterations }), step };
}

async function endRun(ctx: RunContext, end: RunEnd, step: OpenStep | undefined): Promise<LoopState> {
  if (step) {
    settleUnexecuted(ctx, step, end.reason === 'cancelled' ? CANCELLED_TOOL_RESULT : `Not executed: ${end.message}`);
    await closeStep(ctx, step);
  }
  return finishRunWithoutStep(ctx, end);
}

function finishRunWithoutStep(ctx: RunContext, end: RunEnd): LoopState {
  const stopped = end.reason === 'cancelled';
  ctx.write({ type: 'message-metadata', messageMetadata: { usage: addUsage(ctx.messageUsageBase, ctx.usage), runEnd: end, ...(stopped ? { stopped: true } : {}) } });
  ctx.write({ type: 'data-run-end', id: 'run-end', data: end });
  return { kind: 'ended', end };
}

function dedupeByName(tools: AgentTool[]): AgentTool[] {
  const seen = new Map<string, AgentTool>();
  for (const t of tools) seen.set(t.name, t);
  return [...seen.values()];
}
