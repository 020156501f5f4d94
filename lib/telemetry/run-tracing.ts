import 'server-only';
import { OpenTelemetry } from '@ai-sdk/otel';
import { context, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import type { PausedRun, RunResult } from '@/lib/agent';
import type { RunEndReason } from '@/lib/agent/messages';
import type { ToolTrace } from '@/lib/agent/trace';
import type { AgentTelemetry } from '@/lib/agent/types';
import { tracingEnabled } from './config';
import { tracingState } from './state';

/**
 * The spans of a run (docs/observability.md):
 *
 *   playground.run                 one per run: session, run, model, how it ended
 *   ├─ invoke_agent {model}        the AI SDK's spans of each model call (@ai-sdk/otel),
 *   │  └─ step 1 → chat {model}    with tokens and finish reason
 *   └─ execute_tool {name}         one per tool call: name, call id, outcome, duration
 *
 * No span holds what was said or passed: the AI SDK records neither inputs nor outputs
 * (recordInputs/recordOutputs off), and tool spans carry no arguments, results or error
 * text, which could hold secrets.
 */

const TRACER_NAME = 'agent-playground';

export interface RunSpanInfo {
  sessionId: string;
  runId: string;
  /** e.g. `openai:gpt-4.1-mini`. */
  modelKey: string;
  /** The run continues after the user answered approval requests. */
  continuation: boolean;
  /** This invocation resumes a run that paused at a step boundary in an earlier one (same run id). */
  resumed: boolean;
}

/** Ends that mean the run failed; a stop, an approval wait or a limit the user set are outcomes, not failures. */
const FAILED_RUN_ENDS: ReadonlySet<RunEndReason> = new Set(['error', 'interrupted', 'server-restart', 'context-limit', 'consecutive-errors', 'content-filter']);
const FAILED_TOOL_OUTCOMES: ReadonlySet<ToolTrace['status']> = new Set(['error', 'invalid', 'timeout']);

let integration: OpenTelemetry | undefined;

/**
 * Runs `run` inside its run span when tracing is on, handing it the loop's telemetry
 * seams; off, it runs untouched. The run span starts a trace of its own (a run outlives
 * the request that started it, and the queue starts runs with no request at all) and
 * links to the request's span when there is one. A run that pauses for a chained
 * invocation ends its span as `paused`; the next invocation opens one with the same run id.
 */
export async function traceRun<R extends RunResult | PausedRun>(info: RunSpanInfo, run: (telemetry: AgentTelemetry | undefined) => Promise<R>): Promise<R> {
  if (!tracingEnabled()) return run(undefined);
  const tracer = trace.getTracer(TRACER_NAME);
  const request = trace.getSpanContext(context.active());
  const span = tracer.startSpan('playground.run', {
    root: true,
    links: request ? [{ context: request }] : [],
    attributes: {
      'playground.session.id': info.sessionId,
      'playground.run.id': info.runId,
      'playground.model': info.modelKey,
      'playground.run.continuation': info.continuation,
      'playground.run.resumed': info.resumed,
      'gen_ai.conversation.id': info.sessionId,
    },
  });
  try {
    const result = await context.with(trace.setSpan(context.active(), span), () => run(agentTelemetry(info)));
    const status = 'end' in result ? result.end.reason : 'paused';
    span.setAttributes({
      'playground.run.status': status,
      'playground.run.steps': result.steps.length,
      'gen_ai.usage.input_tokens': result.usage.inputTokens,
      'gen_ai.usage.output_tokens': result.usage.outputTokens,
    });
    if ('end' in result && FAILED_RUN_ENDS.has(result.end.reason)) span.setStatus({ code: SpanStatusCode.ERROR, message: status });
    return result;
  } catch (error) {
    failed(span, { 'playground.run.status': 'exception' }, error);
    throw error;
  } finally {
    span.end();
  }
}

function agentTelemetry(info: RunSpanInfo): AgentTelemetry {
  integration ??= new OpenTelemetry();
  return {
    // Per call, not registered globally: only the agent's own model calls are traced, always without content.
    modelCall: { isEnabled: true, recordInputs: false, recordOutputs: false, functionId: 'agent-playground.run', integrations: [integration] },
    traceToolCall(call, run) {
      const attributes: Attributes = {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': call.toolName,
        'gen_ai.tool.call.id': call.toolCallId,
        'playground.run.id': info.runId,
      };
      return trace.getTracer(TRACER_NAME).startActiveSpan(`execute_tool ${call.toolName}`, { attributes }, async (span) => {
        try {
          const result = await run();
          const { status, durationMs } = result.trace;
          span.setAttributes({ 'playground.tool.outcome': status, 'playground.tool.duration_ms': durationMs });
          if (FAILED_TOOL_OUTCOMES.has(status)) span.setStatus({ code: SpanStatusCode.ERROR, message: status });
          return result;
        } catch (error) {
          failed(span, { 'playground.tool.outcome': 'exception' }, error);
          throw error;
        } finally {
          span.end();
        }
      });
    },
  };
}

/** The error's class only: its message could quote what the model or a tool was given. */
function failed(span: Span, attributes: Attributes, error: unknown): void {
  span.setAttributes(attributes);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
}

/**
 * Exports the spans ended so far, waiting at most `timeoutMs` (a run calls it when it is
 * over, so a platform that freezes the process afterwards, such as Vercel, loses none).
 * Nothing to do when tracing is off.
 */
export async function flushTraces(timeoutMs = 5_000): Promise<void> {
  const flush = tracingState().flush;
  if (!flush) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
    timer.unref?.();
  });
  await Promise.race([flush().catch(() => {}), deadline]);
  clearTimeout(timer);
}
