import {
  experimental_streamTextLowMemory as streamTextLowMemory,
  toUIMessageChunk,
  type FinishReason,
  type LanguageModel,
  type LanguageModelUsage,
  type ModelMessage,
  type TelemetryOptions,
  type TextStreamPart,
  type ToolSet,
} from 'ai';
import type { SharedV4ProviderOptions } from '@ai-sdk/provider';
import type { AgentUIMessageChunk } from './messages';
import type { StepTrace } from './trace';
import { redactSecrets } from './trace';
import { redactRequestBody } from './trace-body';
import { classifyError, errorMessage, isAbortError, StreamStallError, type ClassifiedError } from './errors';
import type { CallSettings, Clock, LoopSettings } from './types';
import type { StepWriter } from './step-writer';
import { unknownToolMessage } from './validate-input';

export interface ModelToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
  /** Set when the SDK rejected the call (unknown tool, bad JSON, schema failure). */
  invalidError?: string;
}

export interface ModelCallRequest {
  model: LanguageModel;
  instructions: string;
  messages: readonly ModelMessage[];
  tools: ToolSet | undefined;
  toolChoice?: 'none';
  providerOptions?: SharedV4ProviderOptions;
  /** Temperature, top-p, max output tokens (RunAgentInput.callSettings). */
  callSettings?: CallSettings;
  signal: AbortSignal;
  settings: LoopSettings;
  clock: Clock;
  writer: StepWriter;
  /** For notices that must not open the step (retry notices). */
  write: (chunk: AgentUIMessageChunk) => void;
  trace: StepTrace;
  retryNoticeId: string;
  /** The AI SDK's telemetry for this call (RunAgentInput.telemetry); absent: none. */
  telemetry?: TelemetryOptions;
  /** The previous step's redacted request body: the new one is redacted against it (trace-body.ts). */
  traceBase?: unknown;
  /** The answer to a call to a tool this request does not carry but the run has (left out by the tool cap); undefined: unknown. */
  notSentToolMessage?: (toolName: string) => string | undefined;
}

export interface ModelCallOutcome {
  status: 'finished' | 'failed' | 'aborted';
  finishReason?: FinishReason;
  rawFinishReason?: string;
  /** The assistant message(s) of this step, ready to append to the model history. */
  responseMessages: ModelMessage[];
  toolCalls: ModelToolCall[];
  /** Tool calls whose input was still streaming when the step ended (cancel, error). */
  pendingToolInputs: Array<{ toolCallId: string; toolName: string }>;
  text: string;
  reasoning: string;
  /** The attempt wrote something to the step (so a retry must withdraw it first). */
  streamedOutput: boolean;
  /** Text, reasoning and tool-call JSON: what the output-token estimate counts. */
  outputText: string;
  sdkUsage?: LanguageModelUsage;
  error?: ClassifiedError;
}

/** What one attempt has seen so far; `onPart` folds each stream part into it. */
interface Attempt {
  request: ModelCallRequest;
  outcome: ModelCallOutcome;
  /** Tool inputs still streaming, by call id. */
  pending: Map<string, string>;
  error: unknown;
  aborted: boolean;
  sawFinishStep: boolean;
  startedAt: number;
  /** The step's response messages, from the SDK's step end (a step that failed before its end has none). */
  stepMessages?: ModelMessage[];
}

/** One streamText call, converted to UI chunks as it arrives; a silent stream is abandoned after the idle timeout. */
export async function streamOneAttempt(request: ModelCallRequest): Promise<ModelCallOutcome> {
  const { trace, clock } = request;
  const state: Attempt = {
    request,
    outcome: {
      status: 'finished',
      responseMessages: [],
      toolCalls: [],
      pendingToolInputs: [],
      text: '',
      reasoning: '',
      streamedOutput: false,
      outputText: '',
    },
    pending: new Map(),
    error: undefined,
    aborted: false,
    sawFinishStep: false,
    startedAt: clock.now(),
  };
  const { outcome } = state;

  // Abandons this attempt only (a stall); the run's own signal stays untouched.
  const attemptAbort = new AbortController();
  trace.timeToFirstTokenMs = null;
  // The single-consumer form: no copy of the stream kept for replay, which the plain form tees, buffers for the
  // whole step and reads a second time when a result such as `response` is asked for. The step's messages come from
  // its step-end callback instead.
  let result: ReturnType<typeof streamTextLowMemory>;
  try {
    result = streamTextLowMemory({
      model: request.model,
      instructions: request.instructions || undefined,
      messages: [...request.messages],
      tools: request.tools,
      toolChoice: request.toolChoice,
      providerOptions: request.providerOptions,
      ...request.callSettings,
      maxRetries: 0,
      abortSignal: AbortSignal.any([request.signal, attemptAbort.signal]),
      include: { requestBody: true },
      telemetry: request.telemetry,
      // Errors are read from the stream; this only silences the SDK's console logging.
      onError: () => {},
      onStepEnd: (step) => {
        state.stepMessages = step.response.messages as ModelMessage[];
      },
    });
  } catch (e) {
    return fail(outcome, e, request.signal);
  }

  const idle = new IdleTimer(request.settings.modelIdleTimeoutMs);
  const iterator = result.stream[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = iterator.next();
      // A stall abandons the pending read; its later rejection (the abort) is expected.
      next.catch(() => {});
      const step = await Promise.race([next, idle.expired]);
      if (step === IDLE) {
        attemptAbort.abort();
        void iterator.return?.().catch(() => {});
        if (!request.signal.aborted) state.error ??= new StreamStallError(request.settings.modelIdleTimeoutMs);
        break;
      }
      if (step.done) break;
      idle.restart();
      onPart(state, step.value);
    }
  } catch (e) {
    if (isAbortError(e) || request.signal.aborted) state.aborted = true;
    else state.error ??= e;
  } finally {
    idle.stop();
  }

  outcome.pendingToolInputs = [...state.pending].map(([toolCallId, toolName]) => ({ toolCallId, toolName }));
  if (state.aborted || request.signal.aborted) {
    outcome.status = 'aborted';
    return outcome;
  }
  outcome.responseMessages = responseMessages(state.stepMessages, outcome);
  if (state.error !== undefined) return fail(outcome, state.error, request.signal);
  if (!state.sawFinishStep) return fail(outcome, new Error('The provider stream ended without a finish event.'), request.signal);
  return outcome;
}

function onPart(state: Attempt, part: TextStreamPart<ToolSet>): void {
  const { request, outcome } = state;
  const { trace } = request;
  switch (part.type) {
    case 'start':
    case 'finish':
    case 'raw':
    case 'ping':
      return;
    case 'custom':
      // Anthropic's message_start (id, model, initial usage) is bookkeeping, not content: the transcript skips it.
      if (part.kind === 'anthropic.message_start') return;
      {
        const chunk = toChunk(request, part);
        if (chunk) write(state, chunk);
      }
      return;
    case 'start-step':
      recordRequest(trace, part.request?.body, request.traceBase);
      trace.warnings = redactSecrets(part.warnings ?? []) as unknown[];
      return;
    case 'finish-step':
      state.sawFinishStep = true;
      outcome.finishReason = part.finishReason;
      outcome.rawFinishReason = part.rawFinishReason;
      outcome.sdkUsage = part.usage;
      trace.finishReason = { unified: part.finishReason, raw: part.rawFinishReason ?? null };
      trace.response = redactSecrets({
        id: part.response.id,
        modelId: part.response.modelId,
        timestamp: part.response.timestamp instanceof Date ? part.response.timestamp.toISOString() : String(part.response.timestamp),
        headers: part.response.headers,
      });
      return;
    case 'error':
      state.error ??= part.error;
      return;
    case 'abort':
      state.aborted = true;
      return;
    case 'tool-error':
    case 'tool-result':
      // Only invalid calls get SDK results (the tools have no execute); the loop writes its own, in request order.
      return;
    case 'tool-call': {
      markFirstToken(state);
      state.pending.delete(part.toolCallId);
      const call: ModelToolCall = { toolCallId: part.toolCallId, toolName: part.toolName, input: part.input };
      if ('invalid' in part && part.invalid) call.invalidError = describeInvalidCall(part.error, request);
      outcome.toolCalls.push(call);
      outcome.outputText += `${part.toolName} ${typeof part.input === 'string' ? part.input : JSON.stringify(part.input)}\n`;
      const chunk = toChunk(request, part);
      if (chunk?.type === 'tool-input-error' && call.invalidError) chunk.errorText = call.invalidError;
      if (chunk) write(state, chunk);
      return;
    }
    default: {
      if (part.type === 'text-delta') {
        outcome.text += part.text;
        outcome.outputText += part.text;
      }
      if (part.type === 'reasoning-delta') {
        outcome.reasoning += part.text;
        outcome.outputText += part.text;
      }
      if (part.type === 'tool-input-start') state.pending.set(part.id, part.toolName);
      if (part.type === 'text-delta' || part.type === 'reasoning-delta' || part.type === 'tool-input-start') markFirstToken(state);
      const chunk = toChunk(request, part);
      if (chunk) write(state, chunk);
    }
  }
}

function write(state: Attempt, chunk: AgentUIMessageChunk): void {
  state.outcome.streamedOutput = true;
  state.request.writer.write(chunk);
}

function markFirstToken(state: Attempt): void {
  const { trace, clock } = state.request;
  if (trace.timeToFirstTokenMs === null) trace.timeToFirstTokenMs = clock.now() - state.startedAt;
}

function toChunk(request: ModelCallRequest, part: TextStreamPart<ToolSet>): AgentUIMessageChunk | undefined {
  return toUIMessageChunk(part, { tools: request.tools, sendStart: false, sendFinish: false, onError: errorMessage, redactToolErrors: false }) as
    | AgentUIMessageChunk
    | undefined;
}

const IDLE = Symbol('idle');

/** Resolves `expired` once no `restart()` came for `ms`: the model stream has gone silent. */
class IdleTimer {
  readonly expired: Promise<typeof IDLE>;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private fire: () => void = () => {};

  constructor(private readonly ms: number) {
    this.expired = new Promise((resolve) => {
      this.fire = () => resolve(IDLE);
    });
    this.restart();
  }

  /** Called for every part of the stream: re-arms the one timer (refresh) rather than making a new one. */
  restart(): void {
    if (this.timer?.refresh) this.timer.refresh();
    else {
      clearTimeout(this.timer);
      this.timer = setTimeout(this.fire, this.ms);
    }
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function fail(outcome: ModelCallOutcome, error: unknown, signal: AbortSignal): ModelCallOutcome {
  if (signal.aborted || isAbortError(error)) return { ...outcome, status: 'aborted' };
  return { ...outcome, status: 'failed', error: classifyError(error) };
}

/**
 * The step's assistant message from the SDK, or one rebuilt from what arrived (after a failure). The SDK calls its
 * step end before it passes the step's last part on, so once the stream has ended it has been called or never will be.
 */
function responseMessages(stepMessages: ModelMessage[] | undefined, outcome: ModelCallOutcome): ModelMessage[] {
  const messages = stepMessages?.filter((m) => m.role === 'assistant');
  if (messages && messages.length > 0) return messages;
  const content: Array<{ type: 'text'; text: string } | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }> = [];
  if (outcome.text) content.push({ type: 'text', text: outcome.text });
  for (const call of outcome.toolCalls) {
    content.push({ type: 'tool-call', toolCallId: call.toolCallId, toolName: call.toolName, input: call.invalidError ? {} : call.input });
  }
  return content.length ? [{ role: 'assistant', content }] : [];
}

function recordRequest(trace: StepTrace, body: unknown, base: unknown): void {
  let parsed = body;
  if (typeof body === 'string') {
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = body;
    }
  }
  // @ai-sdk/openai's Responses model reports its body without the `stream: true` it adds when posting it: the trace shows what was sent.
  if (trace.request.provider === 'openai.responses' && parsed && typeof parsed === 'object' && !Array.isArray(parsed) && !('stream' in parsed)) {
    parsed = { ...parsed, stream: true };
  }
  if (parsed !== undefined && parsed !== null) {
    trace.request.body = redactRequestBody(parsed, base);
    trace.request.bodySource = 'provider';
  }
}

/** Readable reasons for calls the SDK rejected before they could run. */
function describeInvalidCall(error: unknown, request: Pick<ModelCallRequest, 'tools' | 'notSentToolMessage'>): string {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'AI_NoSuchToolError') {
    const toolName = (error as { toolName?: string }).toolName ?? 'unknown';
    return request.notSentToolMessage?.(toolName) ?? unknownToolMessage(toolName, Object.keys(request.tools ?? {}));
  }
  const message = errorMessage(error);
  if (name === 'AI_InvalidToolInputError') return message.replace(/AI_(JSONParseError|TypeValidationError): /g, '');
  return message;
}
