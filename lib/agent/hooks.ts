import type { FinishReason, ModelMessage } from 'ai';
import type { UsageTotals } from './messages';
import type { AgentTool } from './types';

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
export type BeforeModelCallResult = { tools?: AgentTool[]; instructions?: string } | void | undefined;

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
}
export type BeforeToolCallDecision =
  | { action: 'allow' }
  | { action: 'deny'; reason: string }
  | { action: 'rewrite'; input: unknown }
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
export type AfterToolCallResult = { output: unknown } | void | undefined;

export type Hook<CTX, RESULT> =
  | ((ctx: CTX) => RESULT | Promise<RESULT>)
  | { name: string; run: (ctx: CTX) => RESULT | Promise<RESULT> };

export interface AgentHooks {
  beforeModelCall: Hook<BeforeModelCallContext, BeforeModelCallResult>[];
  afterModelCall: Hook<AfterModelCallContext, void>[];
  beforeToolCall: Hook<BeforeToolCallContext, BeforeToolCallDecision>[];
  afterToolCall: Hook<AfterToolCallContext, AfterToolCallResult>[];
}

export type HookKind = keyof AgentHooks;

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

export function hookName(hook: Hook<never, unknown>, index: number): string {
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
export async function runHook<CTX, RESULT>(
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

export type ToolCallPermission = { action: 'allow'; input: unknown } | { action: 'deny'; reason: string; hook: string };

/** Hooks see the input as rewritten by the hooks before them; the first deny wins. */
export async function runBeforeToolCallHooks(
  hooks: AgentHooks['beforeToolCall'],
  ctx: BeforeToolCallContext,
  options: HookRunOptions,
): Promise<ToolCallPermission> {
  let input = ctx.input;
  for (const [index, hook] of hooks.entries()) {
    const result = await runHook('beforeToolCall', hook, index, { ...ctx, input }, { ...options, toolCallId: ctx.toolCallId });
    if (!result.ok || !result.value) continue;
    if (result.value.action === 'deny') return { action: 'deny', reason: result.value.reason, hook: hookName(hook as Hook<never, unknown>, index) };
    if (result.value.action === 'rewrite') input = result.value.input;
  }
  return { action: 'allow', input };
}

export async function runAfterToolCallHooks(hooks: AgentHooks['afterToolCall'], ctx: AfterToolCallContext, options: HookRunOptions): Promise<unknown> {
  let output = ctx.output;
  for (const [index, hook] of hooks.entries()) {
    const result = await runHook('afterToolCall', hook, index, { ...ctx, output }, { ...options, toolCallId: ctx.toolCallId });
    if (result.ok && result.value && 'output' in result.value && !ctx.isError) output = result.value.output;
  }
  return output;
}
