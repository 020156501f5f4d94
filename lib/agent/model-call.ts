import {
  streamText,
  toUIMessageChunk,
  type FinishReason,
  type LanguageModel,
  type LanguageModelUsage,
  type ModelMessage,
  type TextStreamPart,
  type ToolSet,
} from 'ai';
import type { SharedV4ProviderOptions } from '@ai-sdk/provider';
import { DISCARDED_TEXT_LIMIT, type AgentUIMessageChunk, type StepErrorNotice } from './messages';
import type { Clock, LoopSettings } from './types';
import type { StepTrace } from './trace';
import { redactSecrets } from './trace';
import { classifyError, errorMessage, isAbortError, retryLabel, StreamStallError, type ClassifiedError } from './errors';
import { retryDelayMs, retryNotice, shouldRetry } from './retry';
import { estimateTextTokens, modelIdentity } from './usage';
import type { StepWriter } from './step-writer';

/**
 * One model step: a single streamText call (no SDK loop, no SDK retries),
 * converted to UI chunks as it arrives, with our own retry policy around it.
 */

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
  signal: AbortSignal;
  settings: LoopSettings;
  clock: Clock;
  writer: StepWriter;
  /** For notices that must not open the step (retry notices). */
  write: (chunk: AgentUIMessageChunk) => void;
  trace: StepTrace;
  retryNoticeId: string;
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

export async function callModel(request: ModelCallRequest): Promise<ModelCallOutcome> {
  const { settings, clock, trace } = request;
  // Rows of this call's failed attempts: a later reset-step withdraws them too, so they are written again.
  const failedAttemptRows: AgentUIMessageChunk[] = [];
  for (let retries = 0; ; retries++) {
    const outcome = await streamOneAttempt(request);
    if (outcome.status !== 'failed' || !outcome.error) return outcome;
    const error = outcome.error;
    const attempt = retries + 1;
    trace.error = { message: error.message, detail: error.providerMessage, cause: error.cause, statusCode: error.statusCode };
    const retrying = shouldRetry(error, retries, settings);
    // A first attempt that fails for good without showing anything (a 401): the run-end banner says it all.
    if (!retrying && !outcome.streamedOutput && failedAttemptRows.length === 0) return outcome;

    if (outcome.streamedOutput) {
      request.writer.reset();
      for (const row of failedAttemptRows) request.writer.write(row);
    }
    const row: AgentUIMessageChunk = {
      type: 'data-step-error',
      id: `step-error-${trace.stepNumber}-${attempt}`,
      data: await failedAttemptNotice(request, outcome, error, attempt, retrying),
    };
    failedAttemptRows.push(row);
    request.writer.write(row);
    // The attempt's output is withdrawn: nothing of it may reach the message, the history or the tool runner.
    const withdrawn: ModelCallOutcome = { ...outcome, text: '', reasoning: '', toolCalls: [], pendingToolInputs: [], responseMessages: [] };
    if (!retrying) return withdrawn;

    const delayMs = retryDelayMs(error, attempt, settings, clock.random, clock.now());
    const notice = retryNotice(error, attempt, settings.maxRetries, delayMs);
    trace.retries.push({ attempt, cause: error.cause, statusCode: error.statusCode, message: error.message, detail: error.providerMessage, delayMs });
    request.write({ type: 'data-retry', id: request.retryNoticeId, data: notice });
    try {
      await clock.sleep(delayMs, request.signal);
    } catch {
      return { ...withdrawn, status: 'aborted' };
    }
    if (request.signal.aborted) return { ...withdrawn, status: 'aborted' };
    trace.error = null;
  }
}

/** The collapsed row's content: what failed, after how much output, and the withdrawn output itself. */
async function failedAttemptNotice(
  request: ModelCallRequest,
  outcome: ModelCallOutcome,
  error: ClassifiedError,
  attempt: number,
  retrying: boolean,
): Promise<StepErrorNotice> {
  const reported = outcome.sdkUsage?.outputTokens;
  const tokens = outcome.streamedOutput
    ? (reported ?? (await estimateTextTokens(outcome.outputText, modelIdentity(request.model).modelId).catch(() => Math.ceil(outcome.outputText.length / 4))))
    : 0;
  const toolCalls = [...outcome.toolCalls.map((c) => c.toolName), ...outcome.pendingToolInputs.map((c) => c.toolName)];
  return {
    step: request.trace.stepNumber,
    attempt,
    message: error.message,
    cause: error.cause,
    ...(error.statusCode !== undefined ? { statusCode: error.statusCode } : {}),
    summary: attemptSummary(error, outcome.streamedOutput, tokens),
    outcome: retrying ? 'retrying' : 'failed',
    discardedTokens: tokens,
    ...(outcome.text ? { discardedText: outcome.text.slice(0, DISCARDED_TEXT_LIMIT) } : {}),
    ...(outcome.reasoning ? { discardedReasoning: outcome.reasoning.slice(0, DISCARDED_TEXT_LIMIT) } : {}),
    ...(toolCalls.length ? { discardedToolCalls: toolCalls } : {}),
  };
}

/** "connection dropped after 212 tokens", "the model stopped sending data for 60 s", "server error (503)". */
export function attemptSummary(error: ClassifiedError, streamedOutput: boolean, tokens: number): string {
  const after = streamedOutput ? ` after ${tokens} ${tokens === 1 ? 'token' : 'tokens'}` : '';
  switch (error.cause) {
    case 'network':
      return streamedOutput ? `connection dropped${after}` : 'network error before any output';
    case 'stalled':
      return `${lowerFirst(error.message)}${after}`;
    case 'malformed':
      return `malformed stream event${after}`;
    default:
      return `${lowerFirst(retryLabel(error))}${after}`;
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

async function streamOneAttempt(request: ModelCallRequest): Promise<ModelCallOutcome> {
  const { trace, clock } = request;
  const attemptStarted = clock.now();
  const outcome: ModelCallOutcome = {
    status: 'finished',
    responseMessages: [],
    toolCalls: [],
    pendingToolInputs: [],
    text: '',
    reasoning: '',
    streamedOutput: false,
    outputText: '',
  };
  const write = (chunk: AgentUIMessageChunk) => {
    outcome.streamedOutput = true;
    request.writer.write(chunk);
  };
  const pending = new Map<string, string>();
  let error: unknown;
  let aborted = false;
  let sawFinishStep = false;
  const markFirstToken = () => {
    if (trace.timeToFirstTokenMs === null) trace.timeToFirstTokenMs = clock.now() - attemptStarted;
  };
  const toChunk = (part: TextStreamPart<ToolSet>) =>
    toUIMessageChunk(part, { tools: request.tools, sendStart: false, sendFinish: false, onError: errorMessage, redactToolErrors: false }) as
      | AgentUIMessageChunk
      | undefined;

  // Abandons this attempt only (a stall); the run's own signal stays untouched.
  const attemptAbort = new AbortController();
  trace.timeToFirstTokenMs = null;
  let result: ReturnType<typeof streamText>;
  try {
    result = streamText({
      model: request.model,
      instructions: request.instructions || undefined,
      messages: [...request.messages],
      tools: request.tools,
      toolChoice: request.toolChoice,
      providerOptions: request.providerOptions,
      maxRetries: 0,
      abortSignal: AbortSignal.any([request.signal, attemptAbort.signal]),
      include: { requestBody: true },
      // Errors are read from the stream; this only silences the SDK's console logging.
      onError: () => {},
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
        if (!request.signal.aborted) error ??= new StreamStallError(request.settings.modelIdleTimeoutMs);
        break;
      }
      if (step.done) break;
      idle.restart();
      const part = step.value;
      switch (part.type) {
        case 'start':
        case 'finish':
        case 'raw':
        case 'ping':
          break;
        case 'start-step':
          recordRequest(trace, part.request?.body, request);
          trace.warnings = redactSecrets(part.warnings ?? []) as unknown[];
          break;
        case 'finish-step':
          sawFinishStep = true;
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
          break;
        case 'error':
          error ??= part.error;
          break;
        case 'abort':
          aborted = true;
          break;
        case 'tool-error':
        case 'tool-result':
          // Only invalid calls get SDK results (the tools have no execute); the loop writes its own, in request order.
          break;
        case 'tool-call': {
          markFirstToken();
          pending.delete(part.toolCallId);
          const call: ModelToolCall = { toolCallId: part.toolCallId, toolName: part.toolName, input: part.input };
          if ('invalid' in part && part.invalid) call.invalidError = describeInvalidCall(part.error, request.tools);
          outcome.toolCalls.push(call);
          outcome.outputText += `${part.toolName} ${typeof part.input === 'string' ? part.input : JSON.stringify(part.input)}\n`;
          const chunk = toChunk(part);
          if (chunk?.type === 'tool-input-error' && call.invalidError) chunk.errorText = call.invalidError;
          if (chunk) write(chunk);
          break;
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
          if (part.type === 'tool-input-start') pending.set(part.id, part.toolName);
          if (part.type === 'text-delta' || part.type === 'reasoning-delta' || part.type === 'tool-input-start') markFirstToken();
          const chunk = toChunk(part);
          if (chunk) write(chunk);
        }
      }
    }
  } catch (e) {
    if (isAbortError(e) || request.signal.aborted) aborted = true;
    else error ??= e;
  } finally {
    idle.stop();
  }

  outcome.pendingToolInputs = [...pending].map(([toolCallId, toolName]) => ({ toolCallId, toolName }));
  if (aborted || request.signal.aborted) {
    outcome.status = 'aborted';
    return outcome;
  }
  outcome.responseMessages = await responseMessages(result, outcome);
  if (error !== undefined) return fail(outcome, error, request.signal);
  if (!sawFinishStep) return fail(outcome, new Error('The provider stream ended without a finish event.'), request.signal);
  return outcome;
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

  restart(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(this.fire, this.ms);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

function fail(outcome: ModelCallOutcome, error: unknown, signal: AbortSignal): ModelCallOutcome {
  if (signal.aborted || isAbortError(error)) return { ...outcome, status: 'aborted' };
  return { ...outcome, status: 'failed', error: classifyError(error) };
}

/** The step's assistant message from the SDK, or one rebuilt from what arrived (after a failure). */
async function responseMessages(result: ReturnType<typeof streamText>, outcome: ModelCallOutcome): Promise<ModelMessage[]> {
  // The stream has ended, so the response is settled or about to be; the timeout only guards against an SDK hang.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const response = await Promise.race([
    Promise.resolve(result.response).catch(() => undefined),
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), 1_000);
    }),
  ]).finally(() => clearTimeout(timer));
  const messages = response?.messages.filter((m) => m.role === 'assistant') as ModelMessage[] | undefined;
  if (messages && messages.length > 0) return messages;
  const content: Array<{ type: 'text'; text: string } | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }> = [];
  if (outcome.text) content.push({ type: 'text', text: outcome.text });
  for (const call of outcome.toolCalls) {
    content.push({ type: 'tool-call', toolCallId: call.toolCallId, toolName: call.toolName, input: call.invalidError ? {} : call.input });
  }
  return content.length ? [{ role: 'assistant', content }] : [];
}

function recordRequest(trace: StepTrace, body: unknown, _request: ModelCallRequest): void {
  let parsed = body;
  if (typeof body === 'string') {
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = body;
    }
  }
  if (parsed !== undefined && parsed !== null) {
    trace.request.body = redactSecrets(parsed);
    trace.request.bodySource = 'provider';
  }
}

/** Readable reasons for calls the SDK rejected before they could run. */
export function describeInvalidCall(error: unknown, tools: ToolSet | undefined): string {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'AI_NoSuchToolError') {
    const toolName = (error as { toolName?: string }).toolName ?? 'unknown';
    const available = Object.keys(tools ?? {});
    return `Unknown tool "${toolName}". Available tools: ${available.length ? available.join(', ') : '(none)'}.`;
  }
  const message = errorMessage(error);
  if (name === 'AI_InvalidToolInputError') return message.replace(/AI_(JSONParseError|TypeValidationError): /g, '');
  return message;
}
