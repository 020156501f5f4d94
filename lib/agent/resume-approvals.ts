import { runEnd } from './finish';
import type { ApprovalAnswer } from './types';
import { createStepTrace } from './trace';
import { addUsage } from './messages';
import { executeToolCalls } from './tool-executor';
import { StepWriter } from './step-writer';
import { answeredCalls, withResolvedCalls, type ResolvedCall } from './approvals';
import type { ToolCallUserDecision } from './hooks';
import { abortEnd, historyToModelMessages, type LoopState, type OpenStep, type RunContext } from './run-context';
import { closeStep } from './loop-step';

/**
 * The continuation after approval requests, before any model call: records
 * each answer in the message, runs the approved calls (the beforeToolCall
 * hooks see the answer and may still refuse, e.g. in plan mode), gives denied
 * calls a denied result, then rebuilds the model's view from the updated history.
 */
export async function resumeApprovals(ctx: RunContext, answers: ApprovalAnswer[]): Promise<LoopState> {
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
      traceToolCall: ctx.input.telemetry?.traceToolCall,
      addUsage: (usage) => (ctx.usage = addUsage(ctx.usage, usage)),
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
