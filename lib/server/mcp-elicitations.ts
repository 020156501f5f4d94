import 'server-only';
import { createIdGenerator, generateText, type ModelMessage } from 'ai';
import type { CreateMessageRequest, CreateMessageResult, ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Db } from '@/db/client';
import { answerElicitation, getElicitation, insertElicitation } from '@/db/queries/mcp-elicitations';
import { findMcpServerByName } from '@/db/queries/mcp-servers';
import { getRunningRun } from '@/db/queries/runs';
import { getSession } from '@/db/queries/sessions';
import type { McpElicitationRow } from '@/db/schema';
import type { ElicitationNotice, SamplingNotice, UsageTotals } from '@/lib/agent/messages';
import { usageFromSdk } from '@/lib/agent/usage';
import type { McpClientHandlers, McpRequestContext } from '@/lib/mcp/connect';
import { checkElicitationContent, elicitationFields } from '@/lib/mcp/elicitation';
import { SAMPLING_MAX_TOKENS_LIMIT, samplingMessagesForModel, samplingRefusal, samplingRequestView, samplingStopReason } from '@/lib/mcp/sampling';
import { describeError } from './errors';
import { ApiError } from './http';
import { resolveModelFor } from './models';

/**
 * A server's questions to the user in the middle of a tool call: MCP elicitation (a
 * form) and sampling (the server asks to call our model; the user approves each).
 * Each waits, durably, as an approval does: the question is a row (mcp_elicitations),
 * the card in the transcript answers it through the answer route from any tab or
 * instance, and the waiting call reads the answer from the row (woken at once in this
 * process, else by polling). Stop, the call's end or the run's end cancels it: the
 * server gets "cancel", the card says "Cancelled".
 */

const generateElicitationId = createIdGenerator({ prefix: 'elicit', size: 16 });

/** How often a waiting call reads its row when the answer may come from another instance. */
const ANSWER_POLL_MS = 1_000;
/** A server's message is shown whole up to this many characters. */
const MAX_MESSAGE_CHARS = 4_000;
/** A form's schema is stored with the message and the row: a larger one is declined rather than kept. */
const MAX_SCHEMA_CHARS = 20_000;

/** The call in flight a request came with, as the MCP connection passes it (lib/mcp/connection.ts). */
type CallContext = NonNullable<McpRequestContext['toolCall']> & {
  /** The call's own signal: Stop or the tool's end aborts it. */
  signal?: AbortSignal;
  addUsage?(usage: UsageTotals): void;
  pauseTimeout?(): () => void;
};

/** Calls the session's model for a sampling request (lib/server wires generateText; tests may stub it). */
type SamplingModel = (request: {
  system?: string;
  messages: ModelMessage[];
  maxOutputTokens: number;
  temperature?: number;
  stopSequences?: string[];
  signal: AbortSignal;
}) => Promise<{ text: string; model: string; usage: UsageTotals; finishReason: string }>;

interface Scope {
  db: Db;
  ownerId: string;
  sessionId: string;
  /** Defaults to the run's model (or the session's) through generateText. */
  model?: SamplingModel;
}

/* ---------- Waking a waiting call in this process ---------- */

// On globalThis like the run registry: each route bundle may carry its own copy of this module.
const waiters = ((globalThis as { __mcpElicitationWaiters?: Map<string, Set<() => void>> }).__mcpElicitationWaiters ??= new Map());

function wake(id: string): void {
  for (const resolve of waiters.get(id) ?? []) resolve();
}

/** Waits until the row is answered, or `signal` aborts (then the row is cancelled, unless an answer beat it). */
async function waitForAnswer(scope: Scope, id: string, signal: AbortSignal): Promise<McpElicitationRow> {
  const { db, ownerId, sessionId } = scope;
  for (;;) {
    const row = await getElicitation(db, ownerId, sessionId, id);
    if (!row) throw new Error('The question disappeared (its session was deleted).');
    if (row.status !== 'pending') return row;
    if (signal.aborted) {
      // Answered at once, while the connection is still there to carry "cancel" (the run closes it next); the row follows.
      void answerElicitation(db, ownerId, sessionId, id, { status: 'cancelled' }).catch(() => {});
      return { ...row, status: 'cancelled', answeredAt: Date.now() };
    }
    await new Promise<void>((resolve) => {
      const set = waiters.get(id) ?? new Set();
      waiters.set(id, set);
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        set.delete(done);
        if (set.size === 0) waiters.delete(id);
        resolve();
      };
      const timer = setTimeout(done, ANSWER_POLL_MS);
      set.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
    if (signal.aborted) {
      void answerElicitation(db, ownerId, sessionId, id, { status: 'cancelled' }).catch(() => {});
      return { ...row, status: 'cancelled', answeredAt: Date.now() };
    }
  }
}

/** Aborted when the server withdraws its request, or the call it came with ends (Stop, timeout, the run's end). */
function requestSignal(ctx: McpRequestContext, call: CallContext): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const sources = [ctx.signal, call.signal].filter((signal): signal is AbortSignal => signal !== undefined);
  const abort = () => controller.abort();
  for (const source of sources) {
    if (source.aborted) abort();
    else source.addEventListener('abort', abort, { once: true });
  }
  return { signal: controller.signal, release: () => sources.forEach((source) => source.removeEventListener('abort', abort)) };
}

async function runIdOf(scope: Scope): Promise<string | null> {
  return (await getRunningRun(scope.db, scope.ownerId, scope.sessionId))?.id ?? null;
}

/* ---------- Elicitation ---------- */

async function elicit(scope: Scope, params: ElicitRequest['params'], ctx: McpRequestContext): Promise<ElicitResult> {
  const call = ctx.toolCall as CallContext | undefined;
  // A form needs a place in the transcript: the tool call it came with. URL mode is not declared, so not expected.
  if (!call || params.mode === 'url') return { action: 'decline' };
  const requestedSchema = 'requestedSchema' in params ? params.requestedSchema : undefined;
  const id = generateElicitationId();
  const message = params.message.slice(0, MAX_MESSAGE_CHARS);
  const show = (data: Pick<ElicitationNotice, 'status' | 'content' | 'note'> & { requestedSchema?: unknown }) =>
    call.emit({
      type: 'data-elicitation',
      id: `elicitation-${id}`,
      data: { elicitationId: id, toolCallId: call.toolCallId, server: ctx.server, message, requestedSchema, ...data },
    });

  const form = JSON.stringify(requestedSchema ?? null).length > MAX_SCHEMA_CHARS ? { ok: false as const, reason: 'the form is too large to show' } : elicitationFields(requestedSchema);
  if (!form.ok) {
    show({ status: 'declined', note: `declined for you: ${form.reason}`, requestedSchema: null });
    return { action: 'decline' };
  }
  await insertElicitation(scope.db, {
    id,
    ownerId: scope.ownerId,
    sessionId: scope.sessionId,
    runId: await runIdOf(scope),
    toolCallId: call.toolCallId,
    server: ctx.server,
    kind: 'elicitation',
    message,
    request: requestedSchema,
  });
  const { signal, release } = requestSignal(ctx, call);
  // Written at the moment of the abort: the call's end follows at once and silences emit.
  const onCancel = () => show({ status: 'cancelled', note: ctx.signal.aborted ? 'the server withdrew its question' : 'the call ended before an answer' });
  signal.addEventListener('abort', onCancel, { once: true });
  show({ status: 'pending' });
  const resume = call.pauseTimeout?.();
  try {
    const row = await waitForAnswer(scope, id, signal);
    if (row.status === 'accepted') {
      const content = (row.answer ?? {}) as NonNullable<ElicitationNotice['content']>;
      show({ status: 'accepted', content });
      return { action: 'accept', content };
    }
    if (row.status === 'declined') {
      show({ status: 'declined' });
      return { action: 'decline' };
    }
    if (!signal.aborted) show({ status: 'cancelled' });
    return { action: 'cancel' };
  } finally {
    resume?.();
    signal.removeEventListener('abort', onCancel);
    release();
  }
}

/* ---------- Sampling ---------- */

/** The run's model (else the session's), called with generateText. */
function sessionModel(scope: Scope): SamplingModel {
  return async (request) => {
    const { db, ownerId, sessionId } = scope;
    const run = await getRunningRun(db, ownerId, sessionId);
    const modelKey = run?.modelKey ?? (await getSession(db, ownerId, sessionId))?.modelKey;
    if (!modelKey) throw new Error('The session has no model.');
    const model = await resolveModelFor(ownerId, modelKey);
    const result = await generateText({
      model: model.model,
      ...(request.system ? { instructions: request.system } : {}),
      messages: request.messages,
      maxOutputTokens: request.maxOutputTokens,
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.stopSequences?.length ? { stopSequences: request.stopSequences } : {}),
      providerOptions: model.providerOptions,
      maxRetries: 1,
      abortSignal: request.signal,
    });
    return { text: result.text, model: model.info.key, usage: usageFromSdk(result.usage).usage, finishReason: result.finishReason };
  };
}

async function sample(scope: Scope, params: CreateMessageRequest['params'], ctx: McpRequestContext): Promise<CreateMessageResult> {
  const call = ctx.toolCall as CallContext | undefined;
  const request = samplingRequestView(params);
  const id = generateElicitationId();
  const show = (data: Pick<SamplingNotice, 'status' | 'response' | 'note'>, samplingId: string | undefined = id) =>
    call?.emit({ type: 'data-sampling', id: `sampling-${id}`, data: { ...(samplingId ? { samplingId } : {}), ...(call ? { toolCallId: call.toolCallId } : {}), server: ctx.server, request, ...data } });
  const refuse = (reason: string): never => {
    show({ status: 'refused', note: reason }, undefined);
    throw new McpError(ErrorCode.InvalidRequest, reason);
  };

  // The setting is read now, not when the run started: turning it off stops the next request.
  const server = await findMcpServerByName(scope.db, scope.ownerId, ctx.server);
  if (!server?.allowSampling) return refuse(samplingRefusal(ctx.server));
  if (!call) return refuse(`sampling is only answered while one of "${ctx.server}"'s tools runs, so you can approve it in the transcript.`);
  const unsupported = samplingMessagesForModel(params).problem;
  if (unsupported) return refuse(unsupported);

  await insertElicitation(scope.db, {
    id,
    ownerId: scope.ownerId,
    sessionId: scope.sessionId,
    runId: await runIdOf(scope),
    toolCallId: call.toolCallId,
    server: ctx.server,
    kind: 'sampling',
    message: request.messages.at(-1)?.text.slice(0, MAX_MESSAGE_CHARS) ?? '',
    request,
  });
  const { signal, release } = requestSignal(ctx, call);
  const onCancel = () => show({ status: 'cancelled', note: ctx.signal.aborted ? 'the server withdrew its request' : 'the call ended first' });
  signal.addEventListener('abort', onCancel, { once: true });
  show({ status: 'pending' });
  const resume = call.pauseTimeout?.();
  let answered: McpElicitationRow;
  try {
    answered = await waitForAnswer(scope, id, signal);
  } finally {
    resume?.();
  }
  try {
    if (answered.status === 'declined') {
      show({ status: 'denied', note: 'you denied this model call' });
      throw new McpError(ErrorCode.InvalidRequest, 'The user denied this sampling request.');
    }
    if (answered.status !== 'accepted' || signal.aborted) {
      if (!signal.aborted) show({ status: 'cancelled' });
      throw new McpError(ErrorCode.InvalidRequest, 'The sampling request was cancelled.');
    }
    show({ status: 'running' });
    const model = scope.model ?? sessionModel(scope);
    let result: Awaited<ReturnType<SamplingModel>>;
    try {
      result = await model({
        ...(request.systemPrompt ? { system: request.systemPrompt } : {}),
        messages: samplingMessagesForModel(params).messages,
        maxOutputTokens: Math.min(params.maxTokens, SAMPLING_MAX_TOKENS_LIMIT),
        ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
        ...(params.stopSequences ? { stopSequences: params.stopSequences } : {}),
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw new McpError(ErrorCode.InvalidRequest, 'The sampling request was cancelled.');
      const reason = describeError(error);
      show({ status: 'failed', note: reason });
      throw new McpError(ErrorCode.InternalError, `The model call failed: ${reason}`);
    }
    call.addUsage?.(result.usage);
    show({ status: 'completed', response: { text: result.text, model: result.model, inputTokens: result.usage.inputTokens, outputTokens: result.usage.outputTokens } });
    return { role: 'assistant', content: { type: 'text', text: result.text }, model: result.model, stopReason: samplingStopReason(result.finishReason) };
  } finally {
    signal.removeEventListener('abort', onCancel);
    release();
  }
}

/** The handlers a run's MCP connections answer server requests with. */
export function mcpClientHandlersFor(scope: Scope): McpClientHandlers {
  return {
    elicit: (params, ctx) => elicit(scope, params, ctx),
    sample: (params, ctx) => sample(scope, params, ctx),
    samplingRefused: (params, ctx) =>
      ctx.toolCall?.emit({
        type: 'data-sampling',
        id: `sampling-${generateElicitationId()}`,
        data: { toolCallId: ctx.toolCall.toolCallId, server: ctx.server, status: 'refused', request: samplingRequestView(params), note: samplingRefusal(ctx.server) },
      }),
  };
}

/* ---------- Answers (the route) ---------- */

export type ElicitationAnswer = { action: 'accept'; content?: Record<string, unknown> } | { action: 'decline' } | { action: 'cancel' };

const STATUS_OF = { accept: 'accepted', decline: 'declined', cancel: 'cancelled' } as const;

/**
 * Records the user's answer to a waiting question. A form's content is checked
 * against its schema as the card checks it (400 with what is wrong); a question
 * already answered (another tab) or over (the run ended) is refused.
 */
export async function answerMcpElicitation(input: { db: Db; ownerId: string; sessionId: string; elicitationId: string; answer: ElicitationAnswer }): Promise<{ status: McpElicitationRow['status'] }> {
  const { db, ownerId, sessionId, elicitationId, answer } = input;
  const row = await getElicitation(db, ownerId, sessionId, elicitationId);
  if (!row) throw new ApiError('not_found', 'This question was not found in this session.');
  if (row.status !== 'pending') throw alreadyAnswered(row.status);
  // Its run is gone (a crash, a restart) without cancelling it: nobody waits for an answer any more.
  if (row.runId && (await getRunningRun(db, ownerId, sessionId))?.id !== row.runId) {
    await answerElicitation(db, ownerId, sessionId, elicitationId, { status: 'cancelled' });
    throw alreadyAnswered('cancelled');
  }
  let content: Record<string, unknown> | undefined;
  if (answer.action === 'accept' && row.kind === 'elicitation') {
    const form = elicitationFields(row.request);
    if (!form.ok) throw new ApiError('bad_request', `This form cannot be answered: ${form.reason}.`);
    const checked = checkElicitationContent(form.fields, answer.content ?? {});
    if (!checked.ok) {
      const problems = Object.entries(checked.errors).map(([name, problem]) => `${name} ${problem}`);
      throw new ApiError('bad_request', `The answer does not fit the form: ${problems.join('; ')}.`);
    }
    content = checked.content;
  }
  const recorded = await answerElicitation(db, ownerId, sessionId, elicitationId, { status: STATUS_OF[answer.action], ...(content ? { content } : {}) });
  if (!recorded) {
    const now = await getElicitation(db, ownerId, sessionId, elicitationId);
    throw alreadyAnswered(now?.status ?? 'cancelled');
  }
  wake(elicitationId);
  return { status: STATUS_OF[answer.action] };
}

function alreadyAnswered(status: McpElicitationRow['status']): ApiError {
  return new ApiError('bad_request', status === 'cancelled' ? 'This question is over: it was cancelled or its run ended.' : `This question was already answered (${status}).`);
}
