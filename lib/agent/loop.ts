import { convertToModelMessages, type ModelMessage, type ToolSet } from 'ai';
import type { AgentUIMessage, AgentUIMessageChunk, NudgeNotice, RunEnd, UsageTotals } from './messages';
import { addUsage, emptyUsage } from './messages';
import type { AgentTool, ApprovalAnswer, Clock, LoopSettings, RunAgentInput, RunResult } from './types';
import { resolveSettings } from './settings';
import { systemClock } from './clock';
import { resolveHooks, runAfterModelCallHooks, runBeforeModelCallHooks, type AgentHooks } from './hooks';
import { createStepTrace, redactSecrets, type StepTrace } from './trace';
import { LoopGuard } from './loop-guard';
import { callModel, type ModelCallOutcome } from './model-call';
import { executeToolCalls, toolResultParts, CANCELLED_TOOL_RESULT, type ToolCallResult } from './tool-executor';
import { StepWriter } from './step-writer';
import { toSdkToolSet } from './tool-set';
import { decideOnFinish, runEnd } from './finish';
import { estimateNextInputTokens, type BudgetState, type CompactionResult } from './budget';
import { estimatePromptTokens, modelIdentity, resolveStepUsage, type ModelIdentity } from './usage';
import { DONE_TOOL_INSTRUCTIONS, DONE_TOOL_NAME, DONE_TOOL_NUDGE, doneTool, unfinishedWorkNudge } from './done-tool';
import { errorMessage } from './errors';
import { answeredCalls, withoutApprovalBookkeeping, withResolvedCalls, type ResolvedCall } from './approvals';
import type { ToolCallUserDecision } from './hooks';

/**
 * The agent loop as an explicit state machine. Each state is handled by one
 * function that does its work and returns the next state:
 *
 *   (resume-approvals ─►) start-iteration ─► check-budget ─► call-model ─┬► run-tools ─► start-iteration | end (awaiting-approval)
 *        │                                          ├► model-stopped ──────► start-iteration | end
 *        └► summarize (max iterations) ─► end       ├► compact-after-length ► start-iteration | end
 *                                                    └► end (also: the call failed after its retries)
 *
 * A failed attempt of a model call (error, dropped or stalled stream,
 * malformed event) is retried inside call-model (model-call.ts): its partial
 * output is withdrawn with `reset-step` and kept only in a `data-step-error`
 * row, so it never reads as the model's answer nor enters its history.
 *
 * Chunks per step: start-step, the model's chunks, tool outputs (request
 * order), nudges, message-metadata (usage), finish-step. At the end:
 * message-metadata (usage, runEnd, stopped) and data-run-end.
 */

export type LoopState =
  | { kind: 'resume-approvals'; answers: ApprovalAnswer[] }
  | { kind: 'start-iteration' }
  | { kind: 'check-budget' }
  | { kind: 'call-model' }
  | { kind: 'run-tools'; step: OpenStep }
  | { kind: 'model-stopped'; step: OpenStep }
  | { kind: 'compact-after-length'; step: OpenStep }
  | { kind: 'summarize' }
  | { kind: 'end'; end: RunEnd; step?: OpenStep }
  | { kind: 'ended'; end: RunEnd };

/** A model step whose `finish-step` has not been written yet. */
export interface OpenStep {
  writer: StepWriter;
  trace: StepTrace;
  startedAt: number;
  outcome: ModelCallOutcome;
  tools: ReadonlyMap<string, AgentTool>;
  /** Tool call ids that already have a result chunk. */
  settled: Set<string>;
}

interface RunContext {
  input: RunAgentInput;
  settings: LoopSettings;
  hooks: AgentHooks;
  clock: Clock;
  /** The user's signal combined with the wall-clock deadline. */
  signal: AbortSignal;
  deadline: AbortController;
  model: ModelIdentity;
  tools: AgentTool[];
  instructions: string;
  messages: ModelMessage[];
  iteration: number;
  compactionAttempts: number;
  unfinishedWorkNudged: boolean;
  loopGuard: LoopGuard;
  usage: UsageTotals;
  steps: StepTrace[];
  startedAt: number;
  budget: BudgetState;
  write: (chunk: AgentUIMessageChunk) => void;
  /** Steps written before the first model call (the approvals step), so step numbers stay unique. */
  stepBase: number;
  /** Usage the continued message already had; message metadata shows the sum. */
  messageUsageBase: UsageTotals;
}

export const SUMMARY_PROMPT = 'You have reached the step limit for this run. Do not call tools. Summarize what you did and what is left.';

export function maxIterationsFallbackText(iterations: number): string {
  return `I reached the limit of ${iterations} steps before finishing, and could not write a summary. Ask me to continue to pick up where I left off.`;
}

export async function runAgent(input: RunAgentInput): Promise<RunResult> {
  let ctx: RunContext;
  try {
    ctx = await createRunContext(input);
  } catch (error) {
    // The stored history could not be converted: end with a readable reason instead of throwing at the route.
    const end = runEnd('error', { detail: `Could not prepare the conversation for the model: ${errorMessage(error)}` });
    input.write({ type: 'message-metadata', messageMetadata: { usage: emptyUsage(), runEnd: end } });
    input.write({ type: 'data-run-end', id: 'run-end', data: end });
    return { end, usage: emptyUsage(), steps: [] };
  }
  const timer = setTimeout(() => ctx.deadline.abort(new Error('wall-clock limit')), ctx.settings.maxWallClockMs);
  (timer as { unref?: () => void }).unref?.();
  let state: LoopState = input.approvals?.length ? { kind: 'resume-approvals', answers: input.approvals } : { kind: 'start-iteration' };
  try {
    while (state.kind !== 'ended') {
      try {
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
  return { end: state.end, usage: ctx.usage, steps: ctx.steps };
}

export async function transition(state: LoopState, ctx: RunContext): Promise<LoopState> {
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
      return state;
  }
}

async function createRunContext(input: RunAgentInput): Promise<RunContext> {
  const settings = resolveSettings(input.settings);
  const clock = input.clock ?? systemClock;
  const deadline = new AbortController();
  const tools = settings.requireDoneTool ? [...input.tools.filter((t) => t.name !== DONE_TOOL_NAME), doneTool()] : [...input.tools];
  const instructions = settings.requireDoneTool ? `${input.instructions}\n\n${DONE_TOOL_INSTRUCTIONS}`.trim() : input.instructions;
  return {
    input,
    settings,
    hooks: resolveHooks(input.hooks),
    clock,
    signal: AbortSignal.any([input.signal, deadline.signal]),
    deadline,
    model: modelIdentity(input.model),
    tools,
    instructions,
    messages: await historyToModelMessages(input.messages, tools, settings.maxToolResultChars),
    iteration: 0,
    compactionAttempts: 0,
    unfinishedWorkNudged: false,
    loopGuard: new LoopGuard({
      repeatLimit: settings.loopGuardRepeatLimit,
      sameToolLimit: settings.loopGuardSameToolLimit,
      maxNudges: settings.loopGuardMaxNudges,
    }),
    usage: emptyUsage(),
    steps: [],
    startedAt: clock.now(),
    budget: { lastInputTokens: undefined, messagesAtLastMeasure: 0 },
    write: input.write,
    stepBase: 0,
    messageUsageBase: (input.approvals?.length ? input.messages.at(-1)?.metadata?.usage : undefined) ?? emptyUsage(),
  };
}

/**
 * Stored UI messages → model messages. The tools' `toModelOutput` truncates old
 * results the way the loop does, and nudges stay visible to the model as text.
 */
export async function historyToModelMessages(messages: AgentUIMessage[], tools: readonly AgentTool[], maxToolResultChars: number): Promise<ModelMessage[]> {
  return convertToModelMessages<AgentUIMessage>(withoutApprovalBookkeeping(messages), {
    tools: toSdkToolSet(tools, maxToolResultChars),
    ignoreIncompleteToolCalls: true,
    convertDataPart: (part) => (part.type === 'data-nudge' ? { type: 'text', text: `[${part.data.kind} nudge] ${part.data.message}` } : undefined),
  });
}

// ---- states ----

/**
 * The continuation after approval requests, before any model call: records
 * each answer in the message, runs the approved calls (the beforeToolCall
 * hooks see the answer and may still refuse, e.g. in plan mode), gives denied
 * calls a denied result, then rebuilds the model's view from the updated history.
 */
async function resumeApprovals(ctx: RunContext, answers: ApprovalAnswer[]): Promise<LoopState> {
  const calls = answeredCalls(ctx.input.messages, answers);
  const trace = createStepTrace(0, 'approvals', ctx.clock.now());
  ctx.stepBase = 1;
  const step: OpenStep = {
    writer: new StepWriter(ctx.write),
    trace,
    startedAt: ctx.clock.now(),
    outcome: {
      status: 'finished',
      responseMessages: [],
      toolCalls: calls.map((c) => c.call),
      pendingToolInputs: [],
      text: '',
      reasoning: '',
      streamedOutput: false,
      outputText: '',
    },
    tools: new Map(ctx.tools.map((t) => [t.name, t])),
    settled: new Set(),
  };
  const resolved: ResolvedCall[] = [];
  const userDecisions = new Map<string, ToolCallUserDecision>();
  for (const { answer, call } of calls) {
    step.writer.write({ type: 'tool-approval-response', approvalId: answer.approvalId, approved: answer.approved, ...(answer.reason ? { reason: answer.reason } : {}) });
    if (answer.approved) {
      userDecisions.set(call.toolCallId, { approved: true, editedInput: answer.editedInput !== undefined });
      if (answer.editedInput !== undefined) {
        const data = { toolCallId: call.toolCallId, input: answer.editedInput, originalInput: answer.originalInput ?? null };
        step.writer.write({ type: 'data-tool-edit', id: `edit-${call.toolCallId}`, data });
      }
      continue;
    }
    const reason = answer.reason ? `denied by you: ${answer.reason}` : 'denied by you';
    step.writer.write({ type: 'data-tool-decision', id: `decision-${call.toolCallId}`, data: { toolCallId: call.toolCallId, outcome: 'denied', reason } });
    step.writer.write({ type: 'tool-output-denied', toolCallId: call.toolCallId });
    step.settled.add(call.toolCallId);
    trace.tools.push({ toolCallId: call.toolCallId, toolName: call.toolName, status: 'denied', durationMs: 0, error: reason });
    resolved.push({ toolCallId: call.toolCallId, approvalId: answer.approvalId, state: 'output-denied', reason: answer.reason });
  }

  const approved = calls.filter((c) => c.answer.approved);
  const { results, cancelled } = await executeToolCalls(
    approved.map((c) => c.call),
    {
      tools: step.tools,
      settings: ctx.settings,
      hooks: ctx.hooks,
      hookRecords: trace.hooks,
      signal: ctx.signal,
      now: ctx.clock.now,
      iteration: 0,
      writer: step.writer,
      userDecisions,
    },
  );
  for (const result of results) {
    step.settled.add(result.call.toolCallId);
    trace.tools.push(result.trace);
    const approvalId = approved.find((c) => c.call.toolCallId === result.call.toolCallId)!.answer.approvalId;
    if (result.status === 'ok') {
      resolved.push({ toolCallId: result.call.toolCallId, approvalId, state: 'output-available', input: result.call.input, output: result.output });
    } else if (result.status !== 'awaiting-approval') {
      resolved.push({ toolCallId: result.call.toolCallId, approvalId, state: 'output-error', input: result.call.input, errorText: result.errorText ?? 'The tool failed.' });
    }
  }
  ctx.messages = await historyToModelMessages(withResolvedCalls(ctx.input.messages, resolved), ctx.tools, ctx.settings.maxToolResultChars);

  if (cancelled) return { kind: 'end', end: abortEnd(ctx), step };
  const awaiting = results.filter((r) => r.status === 'awaiting-approval').length;
  if (awaiting > 0) return { kind: 'end', end: runEnd('awaiting-approval', { count: awaiting }), step };
  await closeStep(ctx, step);
  return { kind: 'start-iteration' };
}

function startIteration(ctx: RunContext): LoopState {
  if (ctx.signal.aborted) return { kind: 'end', end: abortEnd(ctx) };
  if (ctx.clock.now() - ctx.startedAt >= ctx.settings.maxWallClockMs) {
    return { kind: 'end', end: runEnd('wall-clock', { count: ctx.settings.maxWallClockMs }) };
  }
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
  tools = dedupeByName(tools);
  const step = await runModelStep(ctx, trace, { instructions: prepared.instructions, tools, messages: ctx.messages });

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
  const step = await runModelStep(ctx, trace, { instructions: ctx.instructions, tools: ctx.tools, messages, toolChoice: 'none' });
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

// ---- helpers ----

interface StepRequest {
  instructions: string;
  tools: readonly AgentTool[];
  messages: readonly ModelMessage[];
  toolChoice?: 'none';
}

async function runModelStep(ctx: RunContext, trace: StepTrace, request: StepRequest): Promise<OpenStep> {
  const startedAt = ctx.clock.now();
  const writer = new StepWriter(ctx.write);
  const sdkTools: ToolSet | undefined = request.tools.length ? toSdkToolSet(request.tools, ctx.settings.maxToolResultChars) : undefined;
  trace.request = {
    body: redactSecrets({
      instructions: request.instructions,
      messages: request.messages,
      tools: request.tools.map((t) => ({ name: t.name, description: t.description })),
      toolChoice: request.toolChoice ?? 'auto',
    }),
    bodySource: 'reconstructed',
    modelId: ctx.model.modelId,
    provider: ctx.model.provider,
    instructions: request.instructions,
    messageCount: request.messages.length,
    tools: request.tools.map((t) => t.name),
    settings: redactSecrets({
      maxRetries: ctx.settings.maxRetries,
      toolChoice: request.toolChoice ?? 'auto',
      providerOptions: ctx.input.providerOptions ?? null,
    }),
  };
  const outcome = await callModel({
    model: ctx.input.model,
    instructions: request.instructions,
    messages: request.messages,
    tools: sdkTools,
    toolChoice: request.toolChoice,
    providerOptions: ctx.input.providerOptions,
    signal: ctx.signal,
    settings: ctx.settings,
    clock: ctx.clock,
    writer,
    write: ctx.write,
    trace,
    retryNoticeId: `retry-${trace.stepNumber}`,
  });

  // Usage: reported where the provider sent it, estimated otherwise; a call that never streamed cost nothing.
  if (outcome.status === 'finished' || outcome.streamedOutput) {
    trace.usage = await resolveStepUsage({
      sdkUsage: outcome.sdkUsage,
      modelId: ctx.model.modelId,
      instructions: request.instructions,
      requestMessages: request.messages,
      outputText: outcome.outputText,
    });
    ctx.usage = addUsage(ctx.usage, trace.usage);
    if (trace.kind === 'model') ctx.budget = { lastInputTokens: trace.usage.inputTokens, messagesAtLastMeasure: ctx.messages.length };
  }
  return {
    writer,
    trace,
    startedAt,
    outcome,
    tools: new Map(request.tools.map((t) => [t.name, t])),
    settled: new Set(),
  };
}

/** Writes the step's usage and `finish-step`, then hands the trace to the caller. */
async function closeStep(ctx: RunContext, step: OpenStep): Promise<void> {
  step.writer.closeOpenParts();
  if (step.writer.hasOutput) ctx.write({ type: 'message-metadata', messageMetadata: { usage: addUsage(ctx.messageUsageBase, ctx.usage) } });
  step.writer.finish();
  step.trace.durationMs = ctx.clock.now() - step.startedAt;
  ctx.steps.push(step.trace);
  if (ctx.input.onStepEnd) {
    try {
      await ctx.input.onStepEnd(step.trace);
    } catch {
      // Persisting a trace must not break the run.
    }
  }
}

/**
 * Every tool call in the message needs a result, or the next model request is
 * invalid: calls that never ran (cancel, error, length) get an error result.
 */
function settleUnexecuted(ctx: RunContext, step: OpenStep, errorText: string): void {
  const unsettled: ToolCallResult[] = [];
  for (const call of step.outcome.toolCalls) {
    if (step.settled.has(call.toolCallId)) continue;
    const result: ToolCallResult = {
      call,
      status: errorText === CANCELLED_TOOL_RESULT ? 'cancelled' : 'error',
      errorText: call.invalidError ?? errorText,
      trace: { toolCallId: call.toolCallId, toolName: call.toolName, status: 'cancelled', durationMs: 0, error: errorText },
    };
    unsettled.push(result);
    step.settled.add(call.toolCallId);
    step.writer.write({ type: 'tool-output-error', toolCallId: call.toolCallId, errorText: result.errorText! });
  }
  for (const pending of step.outcome.pendingToolInputs) {
    if (step.settled.has(pending.toolCallId)) continue;
    step.settled.add(pending.toolCallId);
    step.writer.write({ type: 'tool-output-error', toolCallId: pending.toolCallId, errorText });
  }
  if (unsettled.length) {
    step.trace.tools.push(...unsettled.map((r) => r.trace));
    appendToolResults(ctx, step, unsettled);
  }
}

function appendToolResults(ctx: RunContext, step: OpenStep, results: ToolCallResult[]): void {
  const settled = results.filter((r) => r.status !== 'awaiting-approval');
  if (!settled.length) return;
  ctx.messages.push({ role: 'tool', content: toolResultParts(settled, step.tools, ctx.settings.maxToolResultChars) });
}

/** A nudge is visible twice: a data part in the transcript, and a user message the model reads. */
function nudge(ctx: RunContext, step: OpenStep, notice: NudgeNotice, id: string): void {
  step.writer.write({ type: 'data-nudge', id: `nudge-${id}`, data: notice });
  step.trace.nudges.push(notice);
  ctx.messages.push({ role: 'user', content: notice.message });
}

async function askCompaction(ctx: RunContext, reason: 'budget' | 'length', attempt: number): Promise<CompactionResult | null> {
  const estimate = (messages: readonly ModelMessage[]) => estimatePromptTokens('', messages, ctx.model.modelId);
  try {
    const estimatedInputTokens = await estimateNextInputTokens(ctx.budget, ctx.messages, estimate, () =>
      estimatePromptTokens(ctx.instructions, ctx.messages, ctx.model.modelId),
    );
    return await ctx.input.compact!({
      reason,
      attempt,
      instructions: ctx.instructions,
      messages: [...ctx.messages],
      lastInputTokens: ctx.budget.lastInputTokens,
      messagesAtLastMeasure: ctx.budget.messagesAtLastMeasure,
      estimatedInputTokens,
      modelId: ctx.model.modelId,
      signal: ctx.signal,
    });
  } catch {
    return null;
  }
}

function applyCompaction(ctx: RunContext, result: CompactionResult): void {
  ctx.messages = [...result.messages];
  if (typeof result.instructions === 'string') ctx.instructions = result.instructions;
  ctx.budget = { lastInputTokens: undefined, messagesAtLastMeasure: 0 };
}

function abortEnd(ctx: RunContext): RunEnd {
  if (ctx.input.signal.aborted) return runEnd('cancelled');
  return runEnd('wall-clock', { count: ctx.settings.maxWallClockMs });
}

function hookOptions(ctx: RunContext, trace: StepTrace) {
  return { timeoutMs: ctx.settings.hookTimeoutMs, now: ctx.clock.now, records: trace.hooks };
}

function dedupeByName(tools: AgentTool[]): AgentTool[] {
  const seen = new Map<string, AgentTool>();
  for (const t of tools) seen.set(t.name, t);
  return [...seen.values()];
}
