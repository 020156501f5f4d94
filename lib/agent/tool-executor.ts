import type { ToolResultPart } from 'ai';
import type { AgentTelemetry, AgentTool, LoopSettings } from './types';
import type { ToolEmit } from './tool';
import type { AgentHooks, ApprovalTicket, HookRecord, ToolCallUserDecision } from './hooks';
import { runAfterToolCallHooks, runBeforeToolCallHooks } from './hooks';
import type { ToolTrace } from './trace';
import type { AgentUIMessageChunk, ToolDecisionNotice, UsageTotals } from './messages';
import type { ModelToolCall } from './model-call';
import type { StepWriter } from './step-writer';
import { errorMessage, formatSeconds } from './errors';
import { modelErrorOutput, modelToolOutput, truncateForModel } from './truncate';
import { hasOwnValidator, unknownToolMessage, validateToolInput } from './validate-input';

/**
 * Runs the tool calls of one step. Read-only tools in a row run in parallel;
 * any other tool runs alone, in request order. Results are always written in
 * request order. A failing tool is a result the model can read, never an
 * exception: unknown tool, bad arguments, a throw, a timeout, a denial and a
 * cancellation all become error results. Arguments are checked against the
 * tool's schema before anything else (a call with bad arguments is never put
 * to the user) and again when a hook or the user changed them. A call a hook wants the user to
 * approve does not run: it gets a `tool-approval-request` instead of a result.
 */

export const CANCELLED_TOOL_RESULT = 'operation cancelled by user';

export interface ToolCallResult {
  call: ModelToolCall;
  status: ToolTrace['status'];
  output?: unknown;
  errorText?: string;
  /** Set when status is 'awaiting-approval'. */
  approval?: ApprovalTicket;
  trace: ToolTrace;
}

export interface ToolRunContext {
  tools: ReadonlyMap<string, AgentTool>;
  settings: LoopSettings;
  hooks: AgentHooks;
  hookRecords: HookRecord[];
  signal: AbortSignal;
  now: () => number;
  iteration: number;
  writer: StepWriter;
  /** When resuming answered approvals: the user's answer per tool call id. */
  userDecisions?: ReadonlyMap<string, ToolCallUserDecision>;
  /** Tracing of each call (RunAgentInput.telemetry). */
  traceToolCall?: AgentTelemetry['traceToolCall'];
  /** Adds what a tool spent on the model (MCP sampling) to the run's usage. */
  addUsage?(usage: UsageTotals): void;
}

export async function executeToolCalls(
  calls: readonly ModelToolCall[],
  ctx: ToolRunContext,
): Promise<{ results: ToolCallResult[]; cancelled: boolean }> {
  const results: Array<ToolCallResult | undefined> = new Array(calls.length);
  let written = 0;
  let closed = false;
  const flushInOrder = () => {
    while (written < calls.length && results[written]) {
      writeResult(results[written]!, ctx.writer);
      written++;
    }
  };

  // Removed once the calls are over: a listener left on the run's (combined) signal would keep the run alive in memory.
  let onAbort = () => {};
  const cancelled = new Promise<'cancelled'>((resolve) => {
    if (ctx.signal.aborted) resolve('cancelled');
    onAbort = () => resolve('cancelled');
    ctx.signal.addEventListener('abort', onAbort, { once: true });
  });

  for (const batch of batchesOf(calls, ctx.tools)) {
    if (ctx.signal.aborted) break;
    const running = batch.map(async (index) => {
      const call = calls[index];
      const result = await (ctx.traceToolCall ? ctx.traceToolCall(call, () => runToolCall(call, ctx)) : runToolCall(call, ctx));
      if (closed) return; // abandoned after cancellation: its slot was already filled
      results[index] = result;
      flushInOrder();
    });
    const outcome = await Promise.race([Promise.all(running).then(() => 'done' as const), cancelled]);
    if (outcome === 'cancelled') break;
  }

  closed = true;
  ctx.signal.removeEventListener('abort', onAbort);
  for (let i = 0; i < calls.length; i++) {
    results[i] ??= cancelledResult(calls[i]);
  }
  flushInOrder();
  return { results: results as ToolCallResult[], cancelled: ctx.signal.aborted };
}

/** Consecutive read-only calls form one parallel batch; every other call is a batch of its own. */
function batchesOf(calls: readonly ModelToolCall[], tools: ReadonlyMap<string, AgentTool>): number[][] {
  const batches: number[][] = [];
  let current: number[] = [];
  calls.forEach((call, index) => {
    const tool = tools.get(call.toolName);
    const parallel = call.invalidError !== undefined || !tool || tool.readOnly;
    if (parallel) {
      current.push(index);
      return;
    }
    if (current.length) batches.push(current);
    batches.push([index]);
    current = [];
  });
  if (current.length) batches.push(current);
  return batches;
}

function cancelledResult(call: ModelToolCall): ToolCallResult {
  return {
    call,
    status: 'cancelled',
    errorText: CANCELLED_TOOL_RESULT,
    trace: { toolCallId: call.toolCallId, toolName: call.toolName, status: 'cancelled', durationMs: 0, error: CANCELLED_TOOL_RESULT },
  };
}

function writeResult(result: ToolCallResult, writer: StepWriter): void {
  if (result.status === 'awaiting-approval') {
    const { approvalId, signature, reason } = result.approval!;
    writer.write({ type: 'tool-approval-request', approvalId, toolCallId: result.call.toolCallId, ...(signature ? { signature } : {}), ...(reason ? { reason } : {}) } as AgentUIMessageChunk);
    return;
  }
  if (result.status === 'ok') writer.write({ type: 'tool-output-available', toolCallId: result.call.toolCallId, output: result.output });
  else writer.write({ type: 'tool-output-error', toolCallId: result.call.toolCallId, errorText: result.errorText ?? 'The tool failed.' });
}

class ToolTimeoutError extends Error {
  constructor(toolName: string, ms: number) {
    super(`${toolName} timed out after ${ms < 1000 ? `${ms} ms` : formatSeconds(ms)}`);
    this.name = 'ToolTimeoutError';
  }
}
/** A tool's timeout that stands still while the tool waits for the user (ToolExecutionContext.pauseTimeout). */
class PausableTimeout {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private onTimeout: (() => void) | undefined;
  private remainingMs: number;
  private armedAt = 0;
  private pauses = 0;
  private stopped = false;

  constructor(ms: number) {
    this.remainingMs = ms;
  }

  start(onTimeout: () => void): void {
    this.onTimeout = onTimeout;
    if (this.pauses === 0) this.arm();
  }

  pause(): () => void {
    if (this.pauses++ === 0 && this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.remainingMs -= performance.now() - this.armedAt;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.pauses === 0) this.arm();
    };
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private arm(): void {
    if (this.stopped || !this.onTimeout) return;
    this.armedAt = performance.now();
    this.timer = setTimeout(this.onTimeout, Math.max(0, this.remainingMs));
  }
}

class ToolCancelledError extends Error {
  constructor() {
    super(CANCELLED_TOOL_RESULT);
    this.name = 'ToolCancelledError';
  }
}

async function runToolCall(call: ModelToolCall, ctx: ToolRunContext): Promise<ToolCallResult> {
  const started = ctx.now();
  const done = (status: ToolTrace['status'], fields: { output?: unknown; errorText?: string; extra?: Partial<ToolTrace> }): ToolCallResult => ({
    call,
    status,
    output: fields.output,
    errorText: fields.errorText,
    trace: {
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      status,
      durationMs: ctx.now() - started,
      ...(fields.errorText ? { error: fields.errorText } : {}),
      ...fields.extra,
    },
  });

  if (call.invalidError !== undefined) return done('invalid', { errorText: call.invalidError });
  const tool = ctx.tools.get(call.toolName);
  if (!tool) return done('invalid', { errorText: unknownToolMessage(call.toolName, [...ctx.tools.keys()]) });
  const userDecision = ctx.userDecisions?.get(call.toolCallId);
  // A tool with its own validator (zod) had the model's arguments checked by the SDK already; arguments the user edited had not.
  if (!hasOwnValidator(tool) || (userDecision?.approved && userDecision.editedInput)) {
    const check = await validateToolInput(tool, call.input);
    if (!check.ok) return done('invalid', { errorText: check.message });
  }

  const hookOptions = { timeoutMs: ctx.settings.hookTimeoutMs, now: ctx.now, records: ctx.hookRecords };
  const permission = await runBeforeToolCallHooks(
    ctx.hooks.beforeToolCall,
    { iteration: ctx.iteration, toolCallId: call.toolCallId, toolName: call.toolName, input: call.input, permission: tool.permission, ...(userDecision ? { userDecision } : {}) },
    hookOptions,
  );
  const decide = (outcome: ToolDecisionNotice['outcome'], reason: string | undefined) => {
    if (reason) ctx.writer.write({ type: 'data-tool-decision', id: `decision-${call.toolCallId}`, data: { toolCallId: call.toolCallId, outcome, reason } });
  };
  if (permission.action === 'deny') {
    decide('denied', permission.reason);
    return done('denied', { errorText: `Tool call denied (${permission.hook}): ${permission.reason}` });
  }
  if (permission.action === 'ask') {
    // Not executed: the user answers, and a continuation run executes or denies it.
    decide('asked', permission.reason);
    const { approvalId, signature, reason } = permission;
    return { ...done('awaiting-approval', {}), approval: { approvalId, signature, reason } };
  }
  decide('allowed', permission.reason);
  let input = permission.input;
  if (input !== call.input) {
    // Rewritten by a hook or edited by the user: what runs must fit the schema too.
    const check = await validateToolInput(tool, input);
    if (!check.ok) return done('invalid', { errorText: check.message, extra: { rewrittenInput: input } });
    input = check.value;
  }
  const rewritten = input !== call.input ? { rewrittenInput: input } : {};

  const timeoutMs = tool.timeoutMs ?? ctx.settings.toolTimeoutMs;
  // Data the tool shows while it runs (progress, log lines); silent once the call is over, as the step may be too.
  let running = true;
  const emit: ToolEmit = (chunk) => {
    if (running) ctx.writer.write(chunk);
  };
  const controller = new AbortController();
  const onRunAbort = () => controller.abort(new ToolCancelledError());
  ctx.signal.addEventListener('abort', onRunAbort, { once: true });
  const timeout = new PausableTimeout(timeoutMs);
  try {
    // A tool that ignores its signal is abandoned: the race settles without it.
    const output = await Promise.race([
      Promise.resolve().then(() =>
        tool.execute(input, {
          toolCallId: call.toolCallId,
          signal: controller.signal,
          emit,
          pauseTimeout: () => timeout.pause(),
          ...(ctx.addUsage ? { addUsage: ctx.addUsage } : {}),
        }),
      ),
      new Promise<never>((_, reject) => {
        timeout.start(() => {
          const error = new ToolTimeoutError(tool.name, timeoutMs);
          controller.abort(error);
          reject(error);
        });
      }),
      new Promise<never>((_, reject) => {
        if (ctx.signal.aborted) reject(new ToolCancelledError());
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
      }),
    ]);
    const finalOutput = await runAfterToolCallHooks(
      ctx.hooks.afterToolCall,
      { iteration: ctx.iteration, toolCallId: call.toolCallId, toolName: call.toolName, input, output, isError: false },
      hookOptions,
    );
    const truncated = truncateForModel(finalOutput, tool.name, tool.maxResultChars ?? ctx.settings.maxToolResultChars).truncated;
    return done('ok', { output: finalOutput, extra: { ...rewritten, ...(truncated ? { truncated } : {}) } });
  } catch (error) {
    const status: ToolTrace['status'] =
      error instanceof ToolTimeoutError ? 'timeout' : error instanceof ToolCancelledError || ctx.signal.aborted ? 'cancelled' : 'error';
    const errorText = status === 'cancelled' ? CANCELLED_TOOL_RESULT : status === 'timeout' ? errorMessage(error) : `${tool.name} failed: ${errorMessage(error)}`;
    await runAfterToolCallHooks(
      ctx.hooks.afterToolCall,
      { iteration: ctx.iteration, toolCallId: call.toolCallId, toolName: call.toolName, input, output: undefined, isError: true, errorText },
      hookOptions,
    );
    return done(status, { errorText, extra: rewritten });
  } finally {
    running = false;
    timeout.stop();
    ctx.signal.removeEventListener('abort', onRunAbort);
  }
}

/** The model's view of the results: the same truncation the UI-message round trip applies. */
export function toolResultParts(
  results: ReadonlyArray<Pick<ToolCallResult, 'call' | 'status' | 'output' | 'errorText'>>,
  tools: ReadonlyMap<string, AgentTool>,
  defaultMaxChars: number,
): ToolResultPart[] {
  return results.map(({ call, status, output, errorText }) => {
    const maxChars = tools.get(call.toolName)?.maxResultChars ?? defaultMaxChars;
    return {
      type: 'tool-result',
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      output: status === 'ok' ? modelToolOutput(output, call.toolName, maxChars) : modelErrorOutput(errorText ?? 'The tool failed.', call.toolName, maxChars),
    } as ToolResultPart;
  });
}
