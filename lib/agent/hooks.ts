import type { FinishReason, ModelMessage } from 'ai';
import type { UsageTotals } from './messages';
import type { AgentTool } from './tool';

/**
 * Hooks: extension points around model calls and tool calls. Each kind is a
 * list run in order. Every hook runs under a timeout; a hook that throws or
 * times out is recorded in the trace and skipped, never fatal to the run.
 */

export interface BeforeModelCallContext {
  /** 1-based count of model calls in this run, this one included (the trace's stepNumber is 0-based). */
  iteration: number;
  instructions: string;
  tools: readonly AgentTool[];
  messages: readonly ModelMessage[];
}
/** Return changed tools (a subset or a replacement) and/or instructions for this model call. */
type BeforeModelCallResult = { tools?: AgentTool[]; instructions?: string } | void | undefined;

export interface AfterModelCallContext {
  iteration: number;
  finishReason: FinishReason | undefined;
  text: string;
  toolCalls: ReadonlyArray<{ toolCallId: string; toolName: string; input: unknown }>;
  usage: UsageTotals;
  error?: string;
}

export interface BeforeToolCallContext {
  iteration: number;
  toolCallId: string;
  toolName: string;
  input: unknown;
  /** Set when the call resumes after the user answered its approval request. */
  userDecision?: ToolCallUserDecision;
  /** The permission class of the tool as the step offered it (tools can change mid-run: list_changed, search_tools). */
  permission?: AgentTool['permission'];
}

/** The user's answer to an approval request, as the loop resumes the call. */
export type ToolCallUserDecision = { approved: true; editedInput: boolean } | { approved: false; reason?: string };

/** An approval the hook registered: the loop sends it to the client and does not run the call. */
export interface ApprovalTicket {
  approvalId: string;
  signature?: string;
  reason?: string;
}

/**
 * `reason` on allow/deny/ask says why the call ran or not ("mode auto",
 * "grant: always allow write_file"); the loop shows it on the tool card.
 */
export type BeforeToolCallDecision =
  | { action: 'allow'; reason?: string }
  | { action: 'deny'; reason: string }
  | { action: 'rewrite'; input: unknown }
  | ({ action: 'ask' } & ApprovalTicket)
  | void
  | undefined;

export interface AfterToolCallContext {
  iteration: number;
  toolCallId: string;
  toolName: string;
  input: unknown;
  output: unknown;
  isError: boolean;
  errorText?: string;
}
/** Return `{ output }` to replace a successful tool's output. */
type AfterToolCallResult = { output: unknown } | void | undefined;

type Hook<CTX, RESULT> =
  | ((ctx: CTX) => RESULT | Promise<RESULT>)
  | {
      name: string;
      run: (ctx: CTX) => RESULT | Promise<RESULT>;
      /** A beforeToolCall hook that enforces permissions: when it throws or times out, the call is denied instead of allowed. */
      failClosed?: boolean;
    };

export interface AgentHooks {
  beforeModelCall: Hook<BeforeModelCallContext, BeforeModelCallResult>[];
  afterModelCall: Hook<AfterModelCallContext, void>[];
  beforeToolCall: Hook<BeforeToolCallContext, BeforeToolCallDecision>[];
  afterToolCall: Hook<AfterToolCallContext, AfterToolCallResult>[];
}

type HookKind = keyof AgentHooks;

export interface HookRecord {
  kind: HookKind;
  name: string;
  latencyMs: number;
  /** Set when the hook threw or timed out; the hook's effect was skipped. */
  error?: string;
  timedOut?: boolean;
  toolCallId?: string;
}

export function resolveHooks(hooks: Partial<AgentHooks> | undefined): AgentHooks {
  return {
    beforeModelCall: hooks?.beforeModelCall ?? [],
    afterModelCall: hooks?.afterModelCall ?? [],
    beforeToolCall: hooks?.beforeToolCall ?? [],
    afterToolCall: hooks?.afterToolCall ?? [],
  };
}

function hookName(hook: Hook<never, unknown>, index: number): string {
  if (typeof hook === 'function') return hook.name || `hook#${index + 1}`;
  return hook.name;
}

class HookTimeoutError extends Error {
  constructor(ms: number) {
    super(`hook timed out after ${ms} ms`);
    this.name = 'HookTimeoutError';
  }
}

/** Runs one hook under a timeout; returns undefined (and records why) when it fails. */
async function runHook<CTX, RESULT>(
  kind: HookKind,
  hook: Hook<CTX, RESULT>,
  index: number,
  ctx: CTX,
  options: { timeoutMs: number; now: () => number; records: HookRecord[]; toolCallId?: string },
): Promise<{ ok: true; value: RESULT } | { ok: false }> {
  const name = hookName(hook as Hook<never, unknown>, index);
  const started = options.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const run = typeof hook === 'function' ? hook : hook.run.bind(hook);
    const value = await Promise.race([
      Promise.resolve().then(() => run(ctx)),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new HookTimeoutError(options.timeoutMs)), options.timeoutMs);
      }),
    ]);
    options.records.push({ kind, name, latencyMs: options.now() - started, toolCallId: options.toolCallId });
    return { ok: true, value };
  } catch (error) {
    options.records.push({
      kind,
      name,
      latencyMs: options.now() - started,
      error: error instanceof Error ? error.message : String(error),
      timedOut: error instanceof HookTimeoutError || undefined,
      toolCallId: options.toolCallId,
    });
    return { ok: false };
  } finally {
    clearTimeout(timer);
  }
}

interface HookRunOptions {
  timeoutMs: number;
  now: () => number;
  records: HookRecord[];
}

export async function runBeforeModelCallHooks(
  hooks: AgentHooks['beforeModelCall'],
  ctx: BeforeModelCallContext,
  options: HookRunOptions,
): Promise<{ tools: readonly AgentTool[]; instructions: string }> {
  let tools = ctx.tools;
  let instructions = ctx.instructions;
  for (const [index, hook] of hooks.entries()) {
    const result = await runHook('beforeModelCall', hook, index, { ...ctx, tools, instructions }, options);
    if (!result.ok || !result.value) continue;
    if (result.value.tools) tools = result.value.tools;
    if (typeof result.value.instructions === 'string') instructions = result.value.instructions;
  }
  return { tools, instructions };
}

export async function runAfterModelCallHooks(hooks: AgentHooks['afterModelCall'], ctx: AfterModelCallContext, options: HookRunOptions): Promise<void> {
  for (const [index, hook] of hooks.entries()) await runHook('afterModelCall', hook, index, ctx, options);
}

export type ToolCallPermission =
  | { action: 'allow'; input: unknown; reason?: string }
  | { action: 'deny'; reason: string; hook: string }
  | ({ action: 'ask'; input: unknown; hook: string } & ApprovalTicket);

/**
 * Hooks see the input as rewritten by the hooks before them; the first deny or
 * ask wins. A fail-closed hook that fails denies the call.
 */
export async function runBeforeToolCallHooks(
  hooks: AgentHooks['beforeToolCall'],
  ctx: BeforeToolCallContext,
  options: HookRunOptions,
): Promise<ToolCallPermission> {
  let input = ctx.input;
  let reason: string | undefined;
  for (const [index, hook] of hooks.entries()) {
    const name = hookName(hook as Hook<never, unknown>, index);
    const result = await runHook('beforeToolCall', hook, index, { ...ctx, input }, { ...options, toolCallId: ctx.toolCallId });
    if (!result.ok) {
      if (typeof hook !== 'function' && hook.failClosed) return { action: 'deny', reason: 'the permission check failed', hook: name };
      continue;
    }
    const decision = result.value;
    if (!decision) continue;
    if (decision.action === 'deny') return { action: 'deny', reason: decision.reason, hook: name };
    if (decision.action === 'ask') return { ...decision, input, hook: name };
    if (decision.action === 'rewrite') input = decision.input;
    if (decision.action === 'allow' && decision.reason) reason = decision.reason;
  }
  return { action: 'allow', input, reason };
}

export async function runAfterToolCallHooks(hooks: AgentHooks['afterToolCall'], ctx: AfterToolCallContext, options: HookRunOptions): Promise<unknown> {
  let output = ctx.output;
  for (const [index, hook] of hooks.entries()) {
    const result = await runHook('afterToolCall', hook, index, { ...ctx, output }, { ...options, toolCallId: ctx.toolCallId });
    if (result.ok && result.value && 'output' in result.value && !ctx.isError) output = result.value.output;
  }
  return output;
}
