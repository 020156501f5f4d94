import {
  experimental_streamLanguageModelCall as streamLanguageModelCall,
  experimental_streamTextLowMemory as streamTextLowMemory,
  type LanguageModelStreamPart,
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
import { StepContent } from './response-messages';
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
  /** What the call said, as its message to the history will carry it. */
  content: StepContent;
  /** The single call's response: its metadata part, and the headers it was answered with. */
  response?: { id?: string; modelId?: string; timestamp?: Date };
  responseHeaders?: Record<string, string>;
  /** The single call's request went out (its stream ending without an end part is then a finish, not a failure). */
  started?: boolean;
}

/**
 * One model call, converted to UI chunks as it arrives; a silent stream is abandoned after the idle timeout.
 *
 * The call is the SDK's single-call primitive (`streamLanguageModelCall`): the loop runs tools, retries and steps
 * itself, so `streamText`'s step machinery (its stitched streams, tool transform, step results and callbacks) was
 * work done for nothing at every step. Measured on a 20-step run over 100 messages, side by side: 13.8 → 10.5 ms of
 * server CPU per step, 244 → 187 ms wall. With tracing on, `streamText` makes the call: its OpenTelemetry
 * integration is what opens the model call's spans (invoke_agent → step → chat, docs/observability.md).
 */
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
    content: new StepContent(),
  };
  const { outcome } = state;

  // Abandons this attempt only (a stall); the run's own signal stays untouched.
  const attemptAbort = new AbortController();
  const signal = AbortSignal.any([request.signal, attemptAbort.signal]);
  trace.timeToFirstTokenMs = null;
  let call: CallStream;
  try {
    call = request.telemetry ? tracedCall(request, signal) : modelCall(request, signal);
  } catch (e) {
    return fail(outcome, e, request.signal);
  }

  // Silence for the idle timeout cancels the stream: a read waiting on it resolves as its end (a stall, below).
  const idle = new IdleTimer(request.settings.modelIdleTimeoutMs, () => call.cancel());
  try {
    for (let first = true; ; first = false) {
      let read: Read;
      if (first) {
        // The first read also waits for the response to begin: a server that never answers is a stall too, and a
        // model that ignores the abort may never settle it, so it races the timer (later reads settle at the cancel).
        const next = call.next();
        // A stall abandons the pending read; its later rejection (the abort) is expected.
        next.catch(() => {});
        const raced = await Promise.race([next, idle.expired]);
        read = raced === IDLE ? { done: true } : raced;
      } else read = await call.next();
      if (idle.fired) {
        attemptAbort.abort();
        if (!request.signal.aborted) state.error ??= new StreamStallError(request.settings.modelIdleTimeoutMs);
        break;
      }
      if (read.done) break;
      // Nothing the model sends after a stop is shown (streamText ends its stream at the abort the same way).
      if (request.signal.aborted) {
        state.aborted = true;
        call.cancel();
        break;
      }
      idle.restart();
      onPart(state, read.value);
    }
    // A stream that simply stops, without its end, ends as `other` with no usage reported, as streamText ends such a step.
    if (!state.sawFinishStep && state.error === undefined && !state.aborted && state.started) {
      endCall(state, { finishReason: 'other', rawFinishReason: undefined, usage: NO_USAGE }, { ...state.response, headers: state.responseHeaders });
    }
  } catch (e) {
    if (isAbortError(e) || request.signal.aborted) state.aborted = true;
    else state.error ??= e;
  } finally {
    idle.stop();
    // A stream left unread (a part that failed to fold in) lets go of its response.
    call.cancel();
  }

  outcome.pendingToolInputs = [...state.pending].map(([toolCallId, toolName]) => ({ toolCallId, toolName }));
  if (state.aborted || request.signal.aborted) {
    outcome.status = 'aborted';
    return outcome;
  }
  if (state.error !== undefined || !state.sawFinishStep) {
    outcome.responseMessages = partialResponseMessages(outcome);
    return fail(outcome, state.error ?? new Error('The provider stream ended without a finish event.'), request.signal);
  }
  outcome.responseMessages = await state.content.responseMessages(request.tools);
  return outcome;
}

/** What a call's stream carries: streamText's parts (traced) or the single call's, which has its own start and end. */
type StreamPart = TextStreamPart<ToolSet> | LanguageModelStreamPart<ToolSet> | ResponseStart;

/** The single call's request, once it was sent (its `start-step` counterpart). */
interface ResponseStart {
  type: 'response-start';
  body: unknown;
  headers: Record<string, string> | undefined;
}

/** One read of a call's stream. */
type Read = { done: true } | { done: false; value: StreamPart };

/**
 * A call's parts, read one at a time (a reader's reads, not an async iterator's: each part costs a promise less), and
 * `cancel`, which resolves a read still waiting as the end.
 */
interface CallStream {
  next(): Promise<Read>;
  cancel(): void;
}

/** `stream` read through its reader (a cancel's own failure is of no interest: the attempt is over). */
function readerOf(stream: ReadableStream<StreamPart>): CallStream {
  const reader = stream.getReader();
  return { next: () => reader.read() as Promise<Read>, cancel: () => void reader.cancel().catch(() => {}) };
}

/** The call's parts, the first read starting it: `response-start` with what was sent, then the model's stream. */
function modelCall(request: ModelCallRequest, signal: AbortSignal): CallStream {
  let stream: CallStream | undefined;
  let cancelled = false;
  return {
    next() {
      if (stream) return stream.next();
      return streamLanguageModelCall(callArgs(request, signal)).then((call): Read => {
        stream = readerOf(call.stream);
        if (cancelled) stream.cancel();
        return { done: false, value: { type: 'response-start', body: call.request?.body, headers: call.response?.headers } };
      });
    },
    cancel() {
      cancelled = true;
      stream?.cancel();
    },
  };
}

/** What either form of the call sends. */
function callArgs(request: ModelCallRequest, signal: AbortSignal) {
  return {
    model: request.model,
    instructions: request.instructions || undefined,
    messages: [...request.messages],
    tools: request.tools,
    toolChoice: request.toolChoice,
    providerOptions: request.providerOptions,
    ...request.callSettings,
    abortSignal: signal,
  };
}

/** The same call through streamText, whose telemetry integration opens the call's spans. */
function tracedCall(request: ModelCallRequest, signal: AbortSignal): CallStream {
  // The single-consumer form: no copy of the stream kept for replay, which the plain form tees and buffers for the step.
  const result = streamTextLowMemory({
    ...callArgs(request, signal),
    maxRetries: 0,
    include: { requestBody: true },
    telemetry: request.telemetry,
    // Errors are read from the stream; this only silences the SDK's console logging.
    onError: () => {},
  });
  return readerOf(result.stream);
}

function onPart(state: Attempt, part: StreamPart): void {
  const { request, outcome } = state;
  const { trace } = request;
  switch (part.type) {
    case 'start':
    case 'finish':
    case 'raw':
    case 'ping':
      return;
    case 'custom':
      state.content.add(part);
      // Anthropic's message_start (id, model, initial usage) is bookkeeping, not content: the transcript skips it.
      if (part.kind === 'anthropic.message_start') return;
      {
        const chunk = toChunk(request, part);
        if (chunk) write(state, chunk);
      }
      return;
    case 'response-start':
      state.started = true;
      recordRequest(trace, part.body, request.traceBase);
      state.responseHeaders = part.headers;
      return;
    case 'start-step':
      recordRequest(trace, part.request?.body, request.traceBase);
      trace.warnings = redactSecrets(part.warnings ?? []) as unknown[];
      return;
    case 'model-call-start':
      trace.warnings = redactSecrets(part.warnings ?? []) as unknown[];
      return;
    case 'model-call-response-metadata':
      state.response = { id: part.id, modelId: part.modelId, timestamp: part.timestamp };
      return;
    case 'model-call-end':
      endCall(state, part, { ...state.response, headers: state.responseHeaders });
      return;
    case 'finish-step':
      endCall(state, part, part.response);
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
      state.content.add(part);
      return;
    case 'tool-call': {
      state.content.add(part);
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
      state.content.add(part);
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

const NO_USAGE: LanguageModelUsage = {
  inputTokens: undefined,
  inputTokenDetails: { noCacheTokens: undefined, cacheReadTokens: undefined, cacheWriteTokens: undefined },
  outputTokens: undefined,
  outputTokenDetails: { textTokens: undefined, reasoningTokens: undefined },
  totalTokens: undefined,
};

/** The call's end: its finish reason, usage and response, from streamText's `finish-step` or the single call's end. */
function endCall(
  state: Attempt,
  end: Pick<Extract<StreamPart, { type: 'finish-step' }>, 'finishReason' | 'rawFinishReason' | 'usage'>,
  response: { id?: string; modelId?: string; timestamp?: Date; headers?: Record<string, string> },
): void {
  const { outcome, request } = state;
  state.sawFinishStep = true;
  outcome.finishReason = end.finishReason;
  outcome.rawFinishReason = end.rawFinishReason;
  outcome.sdkUsage = end.usage;
  request.trace.finishReason = { unified: end.finishReason, raw: end.rawFinishReason ?? null };
  const timestamp = response.timestamp ?? new Date(state.startedAt);
  request.trace.response = redactSecrets({
    id: response.id,
    modelId: response.modelId ?? request.trace.request.modelId,
    timestamp: timestamp instanceof Date ? timestamp.toISOString() : String(timestamp),
    headers: response.headers,
  });
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

/** Calls `onExpire` and resolves `expired` once no `restart()` came for `ms`: the model stream has gone silent. */
class IdleTimer {
  readonly expired: Promise<typeof IDLE>;
  fired = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private fire: () => void = () => {};

  constructor(
    private readonly ms: number,
    onExpire: () => void,
  ) {
    this.expired = new Promise((resolve) => {
      this.fire = () => {
        this.fired = true;
        onExpire();
        resolve(IDLE);
      };
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

/** What a call that failed before its end said: its text and its calls (an invalid call's input as `{}`). */
function partialResponseMessages(outcome: ModelCallOutcome): ModelMessage[] {
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
