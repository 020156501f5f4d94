import { DISCARDED_TEXT_LIMIT, type AgentUIMessageChunk, type StepErrorNotice } from './messages';
import { retryLabel, type ClassifiedError } from './errors';
import { retryDelayMs, retryNotice, shouldRetry } from './retry';
import { estimateTextTokens, modelIdentity } from './usage';
import { streamOneAttempt, type ModelCallOutcome, type ModelCallRequest } from './model-stream';

export type { ModelCallOutcome, ModelCallRequest, ModelToolCall } from './model-stream';

/**
 * One model step: single streamText attempts (no SDK loop, no SDK retries, see
 * model-stream.ts) with our own retry policy around them. A failed attempt's
 * output is withdrawn and kept only in a `data-step-error` row.
 */
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
function attemptSummary(error: ClassifiedError, streamedOutput: boolean, tokens: number): string {
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
