import { convertToModelMessages, type ModelMessage } from 'ai';
import type { AgentUIMessage, AgentUIMessageChunk, RunEnd, UsageTotals } from './messages';
import { emptyUsage } from './messages';
import { resourceAttachmentText } from './resource-attachment';
import type { AgentTool, ApprovalAnswer, Clock, LoopSettings, RefreshedTools, RunAgentInput } from './types';
import { errorMessage } from './errors';
import { createToolCapState, selectTools, type ToolCapState } from './tool-cap';
import { searchToolsTool } from './tool-search';
import type { LoopCheckpoint, RunChain } from './checkpoint';
import { resolveSettings } from './settings';
import { systemClock } from './clock';
import { resolveHooks, type AgentHooks } from './hooks';
import type { StepTrace } from './trace';
import { LoopGuard } from './loop-guard';
import type { ModelCallOutcome } from './model-call';
import type { StepWriter } from './step-writer';
import { toSdkToolSet } from './tool-set';
import { runEnd } from './finish';
import type { BudgetState } from './budget';
import { modelIdentity, type ModelIdentity } from './usage';
import { DONE_TOOL_INSTRUCTIONS, DONE_TOOL_NAME, doneTool } from './done-tool';
import { withoutApprovalBookkeeping } from './approvals';
import { withoutUnreadableMessages } from './unreadable-message';
import { StepGate, type PendingModelCall } from './step-gate';

// The loop's states and the run's mutable context, shared by the state handlers (loop.ts, loop-step.ts, resume-approvals.ts).

export type LoopState =
  | { kind: 'resume-approvals'; answers: ApprovalAnswer[] }
  | { kind: 'start-iteration' }
  | { kind: 'check-budget' }
  | { kind: 'call-model' }
  | { kind: 'run-tools'; step: OpenStep }
  | { kind: 'model-stopped'; step: OpenStep }
  | { kind: 'compact-after-length'; step: OpenStep }
  | { kind: 'summarize' }
  | { kind: 'end'; end: RunEnd; step?: OpenStep }
  | { kind: 'ended'; end: RunEnd }
  /** Stopped at a step boundary to go on later (checkpoint.ts); nothing ended. Or, in step mode, stopped before a model call (step-gate.ts). */
  | { kind: 'paused'; beforeModelCall?: PendingModelCall };

/** A model step whose `finish-step` has not been written yet. */
export interface OpenStep {
  writer: StepWriter;
  trace: StepTrace;
  startedAt: number;
  outcome: ModelCallOutcome;
  tools: ReadonlyMap<string, AgentTool>;
  /** Tool call ids that already have a result chunk. */
  settled: Set<string>;
}

export interface RunContext {
  input: RunAgentInput;
  settings: LoopSettings;
  hooks: AgentHooks;
  clock: Clock;
  /** The user's signal combined with the wall-clock deadline. */
  signal: AbortSignal;
  deadline: AbortController;
  model: ModelIdentity;
  tools: AgentTool[];
  instructions: string;
  messages: ModelMessage[];
  iteration: number;
  compactionAttempts: number;
  unfinishedWorkNudged: boolean;
  loopGuard: LoopGuard;
  usage: UsageTotals;
  steps: StepTrace[];
  /** The last step's redacted request body (or the caller's `traceBase`): the next one is redacted against it. */
  traceBase: unknown;
  startedAt: number;
  budget: BudgetState;
  write: (chunk: AgentUIMessageChunk) => void;
  /** Steps written before the first model call (the approvals step), so step numbers stay unique. */
  stepBase: number;
  /** Usage the continued message already had; message metadata shows the sum. */
  messageUsageBase: UsageTotals;
  /** Whether to pause at this step boundary (RunChain.shouldPause). */
  shouldPause: () => boolean;
  /** The tool cap's memory: tools the model enabled, the latest step's left-out list (tool-cap.ts). */
  toolCap: ToolCapState;
  /** Offered when the cap leaves tools out; one per run, bound to `toolCap`. */
  searchTool: AgentTool;
  /** Step mode: whether to pause before a model call, and the paused call this run continues (step-gate.ts). */
  stepGate: StepGate;
}

export async function createRunContext(input: RunAgentInput, chain: RunChain = {}): Promise<RunContext> {
  const settings = resolveSettings(input.settings);
  const clock = input.clock ?? systemClock;
  const deadline = new AbortController();
  const tools = withDoneTool(input.tools, settings);
  const instructions = settings.requireDoneTool ? `${input.instructions}\n\n${DONE_TOOL_INSTRUCTIONS}`.trim() : input.instructions;
  const toolCap = createToolCapState();
  const ctx: RunContext = {
    input,
    settings,
    hooks: resolveHooks(input.hooks),
    clock,
    signal: AbortSignal.any([input.signal, deadline.signal]),
    deadline,
    model: modelIdentity(input.model),
    tools,
    instructions,
    messages: await historyToModelMessages(input.messages, tools, settings.maxToolResultChars),
    iteration: 0,
    compactionAttempts: 0,
    unfinishedWorkNudged: false,
    loopGuard: new LoopGuard({
      repeatLimit: settings.loopGuardRepeatLimit,
      sameToolLimit: settings.loopGuardSameToolLimit,
      maxNudges: settings.loopGuardMaxNudges,
    }),
    usage: emptyUsage(),
    steps: [],
    traceBase: input.traceBase,
    startedAt: clock.now(),
    budget: { lastInputTokens: undefined, messagesAtLastMeasure: 0 },
    write: input.write,
    stepBase: 0,
    messageUsageBase: (input.approvals?.length ? input.messages.at(-1)?.metadata?.usage : undefined) ?? emptyUsage(),
    shouldPause: chain.shouldPause ?? (() => false),
    toolCap,
    searchTool: searchToolsTool(toolCap),
    stepGate: new StepGate(settings.pauseBeforeModelCall, chain.release),
  };
  if (chain.resume) resumeFrom(ctx, chain.resume);
  return ctx;
}

/** The run's tools, with the done tool when done-tool mode is on. */
function withDoneTool(tools: readonly AgentTool[], settings: LoopSettings): AgentTool[] {
  return settings.requireDoneTool ? [...tools.filter((t) => t.name !== DONE_TOOL_NAME), doneTool()] : [...tools];
}

/**
 * Before a model step: asks the caller whether the tool list changed (RunAgentInput.refreshTools). A new
 * list replaces the run's tools from this step on, and its notices are written. A refresh that fails keeps
 * the tools the run has, with a notice.
 */
export async function refreshRunTools(ctx: RunContext): Promise<void> {
  if (!ctx.input.refreshTools) return;
  let refreshed: RefreshedTools | null;
  try {
    refreshed = await ctx.input.refreshTools();
  } catch (error) {
    refreshed = { tools: ctx.tools, notices: [{ source: 'Tools', message: `Could not refresh the tool list (${errorMessage(error)}); the run keeps the tools it had.` }] };
  }
  if (!refreshed) return;
  ctx.tools = withDoneTool(refreshed.tools, ctx.settings);
  refreshed.notices?.forEach((notice, index) => ctx.write({ type: 'data-tool-notice', id: `tool-notice-step-${ctx.stepBase + ctx.iteration}-${index}`, data: notice }));
}

/**
 * The tools one request carries: all of them within the cap (the `maxToolsSent` setting), else the
 * built-ins, the tools the model enabled and as many others as fit, plus search_tools. With `notify`,
 * a changed left-out list is written as the `data-tools-left-out` part (one per message, updated in place).
 */
export function toolsForRequest(ctx: RunContext, tools: readonly AgentTool[], options: { notify: boolean }): AgentTool[] {
  const selection = selectTools(tools, ctx.settings.maxToolsSent, ctx.toolCap.enabled);
  ctx.toolCap.latest = selection;
  if (options.notify) {
    const key = selection.leftOut.length ? `${selection.sent.length}/${selection.total}:${selection.leftOut.map((t) => t.name).join(',')}` : '';
    if (key !== (ctx.toolCap.noticeKey ?? '')) {
      ctx.toolCap.noticeKey = key;
      ctx.write({
        type: 'data-tools-left-out',
        id: 'tools-left-out',
        data: {
          cap: selection.cap,
          total: selection.total,
          sent: selection.sent.length,
          reason: `over the limit of ${selection.cap} tools per request (the Max tools per request setting)`,
          leftOut: selection.leftOut.map((tool) => ({ name: tool.name, ...(tool.title && tool.title !== tool.name ? { title: tool.title } : {}) })),
          enabled: [...ctx.toolCap.enabled],
        },
      });
    }
  }
  return selection.leftOut.length ? [...selection.sent, ctx.searchTool] : selection.sent;
}

/** Where a paused run stood: what the loop counts across steps (the conversation is the stored history). */
export function checkpointOf(ctx: RunContext): LoopCheckpoint {
  return {
    iteration: ctx.iteration,
    stepBase: ctx.stepBase,
    compactionAttempts: ctx.compactionAttempts,
    unfinishedWorkNudged: ctx.unfinishedWorkNudged,
    loopGuard: ctx.loopGuard.snapshot(),
    usage: ctx.usage,
    messageUsageBase: ctx.messageUsageBase,
    startedAt: ctx.startedAt,
    ...(ctx.toolCap.enabled.length ? { enabledTools: [...ctx.toolCap.enabled] } : {}),
  };
}

function resumeFrom(ctx: RunContext, checkpoint: LoopCheckpoint): void {
  ctx.iteration = checkpoint.iteration;
  ctx.stepBase = checkpoint.stepBase;
  ctx.compactionAttempts = checkpoint.compactionAttempts;
  ctx.unfinishedWorkNudged = checkpoint.unfinishedWorkNudged;
  ctx.loopGuard.restore(checkpoint.loopGuard);
  ctx.usage = checkpoint.usage;
  ctx.messageUsageBase = checkpoint.messageUsageBase;
  ctx.startedAt = checkpoint.startedAt;
  ctx.toolCap.enabled = [...(checkpoint.enabledTools ?? [])];
}

/**
 * Stored UI messages → model messages. The tools' `toModelOutput` truncates old
 * results the way the loop does, nudges stay visible to the model as text, and
 * messages that could not be read on load are left out.
 */
export async function historyToModelMessages(messages: AgentUIMessage[], tools: readonly AgentTool[], maxToolResultChars: number): Promise<ModelMessage[]> {
  return convertToModelMessages<AgentUIMessage>(withoutApprovalBookkeeping(withoutUnreadableMessages(messages)), {
    tools: toSdkToolSet(tools, maxToolResultChars),
    ignoreIncompleteToolCalls: true,
    convertDataPart: (part) => {
      if (part.type === 'data-nudge') return { type: 'text', text: `[${part.data.kind} nudge] ${part.data.message}` };
      // A resource the person attached with @: the model reads its content, wrapped in <resource>.
      if (part.type === 'data-mcp-resource') return { type: 'text', text: resourceAttachmentText(part.data) };
      return undefined;
    },
  });
}

export function abortEnd(ctx: RunContext): RunEnd {
  if (ctx.input.signal.aborted) return runEnd('cancelled');
  return runEnd('wall-clock', { count: ctx.settings.maxWallClockMs });
}


export function hookOptions(ctx: RunContext, trace: StepTrace) {
  return { timeoutMs: ctx.settings.hookTimeoutMs, now: ctx.clock.now, records: trace.hooks };
}
