import type { ModelMessage, ToolSet } from 'ai';
import type { NudgeNotice } from './messages';
import { addUsage } from './messages';
import type { AgentTool, CallSettings } from './types';
import { redactSecrets, type StepTrace } from './trace';
import { redactRequestBody } from './trace-body';
import { callModel } from './model-call';
import { toolResultParts, CANCELLED_TOOL_RESULT, type ToolCallResult } from './tool-executor';
import { StepWriter } from './step-writer';
import { toSdkToolSet } from './tool-set';
import { leftOutCallMessage } from './tool-cap';
import { estimateNextInputTokens, type CompactionResult } from './budget';
import { estimatePromptTokens, resolveStepUsage } from './usage';
import type { OpenStep, RunContext } from './run-context';

// One model step's life inside a run: the call, its usage, its tool results and nudges, and closing it; plus compaction requests.

export interface StepRequest {
  instructions: string;
  tools: readonly AgentTool[];
  messages: readonly ModelMessage[];
  toolChoice?: 'none';
  /** This call's own sampling settings (step mode's released request); absent: the run's (RunAgentInput.callSettings). */
  callSettings?: CallSettings;
}

export async function runModelStep(ctx: RunContext, trace: StepTrace, request: StepRequest): Promise<OpenStep> {
  const startedAt = ctx.clock.now();
  const writer = new StepWriter(ctx.write);
  const sdkTools: ToolSet | undefined = request.tools.length ? toSdkToolSet(request.tools, ctx.settings.maxToolResultChars) : undefined;
  const callSettings = request.callSettings ?? ctx.input.callSettings;
  // The provider's own body replaces this at `start-step`; ours is redacted only when none came.
  trace.request = {
    body: null,
    bodySource: 'reconstructed',
    modelId: ctx.model.modelId,
    provider: ctx.model.provider,
    instructions: request.instructions,
    messageCount: request.messages.length,
    tools: request.tools.map((t) => t.name),
    settings: redactSecrets({
      maxRetries: ctx.settings.maxRetries,
      toolChoice: request.toolChoice ?? 'auto',
      ...callSettings,
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
    callSettings,
    signal: ctx.signal,
    settings: ctx.settings,
    clock: ctx.clock,
    writer,
    write: ctx.write,
    trace,
    retryNoticeId: `retry-${trace.stepNumber}`,
    telemetry: ctx.input.telemetry?.modelCall,
    traceBase: ctx.traceBase,
    notSentToolMessage: (toolName) => leftOutCallMessage(ctx.toolCap, toolName),
  });
  if (trace.request.bodySource === 'reconstructed') {
    const reconstructed = {
      instructions: request.instructions,
      messages: request.messages,
      tools: request.tools.map((t) => ({ name: t.name, description: t.description })),
      toolChoice: request.toolChoice ?? 'auto',
    };
    trace.request.body = redactRequestBody(reconstructed, ctx.traceBase);
  }

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
export async function closeStep(ctx: RunContext, step: OpenStep): Promise<void> {
  step.writer.closeOpenParts();
  // One chunk for the step's metadata: its usage (when it wrote anything) and what the caller adds (the context it measured).
  const metadata = { ...(step.writer.hasOutput ? { usage: addUsage(ctx.messageUsageBase, ctx.usage) } : {}), ...ctx.input.stepMetadata?.(step.trace) };
  if (Object.keys(metadata).length > 0) ctx.write({ type: 'message-metadata', messageMetadata: metadata });
  step.writer.finish();
  step.trace.durationMs = ctx.clock.now() - step.startedAt;
  // The next step's body is redacted against this one's, sharing what did not change.
  if (step.trace.request.body !== null && typeof step.trace.request.body === 'object') ctx.traceBase = step.trace.request.body;
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
export function settleUnexecuted(ctx: RunContext, step: OpenStep, errorText: string): void {
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

export function appendToolResults(ctx: RunContext, step: OpenStep, results: ToolCallResult[]): void {
  const settled = results.filter((r) => r.status !== 'awaiting-approval');
  if (!settled.length) return;
  ctx.messages.push({ role: 'tool', content: toolResultParts(settled, step.tools, ctx.settings.maxToolResultChars) });
}

/** A nudge is visible twice: a data part in the transcript, and a user message the model reads. */
export function nudge(ctx: RunContext, step: OpenStep, notice: NudgeNotice, id: string): void {
  step.writer.write({ type: 'data-nudge', id: `nudge-${id}`, data: notice });
  step.trace.nudges.push(notice);
  ctx.messages.push({ role: 'user', content: notice.message });
}

export async function askCompaction(ctx: RunContext, reason: 'budget' | 'length', attempt: number): Promise<CompactionResult | null> {
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

export function applyCompaction(ctx: RunContext, result: CompactionResult): void {
  ctx.messages = [...result.messages];
  if (typeof result.instructions === 'string') ctx.instructions = result.instructions;
  ctx.budget = { lastInputTokens: undefined, messagesAtLastMeasure: 0 };
}
