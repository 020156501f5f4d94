import type { LanguageModel, TelemetryOptions } from 'ai';
import type { SharedV4ProviderOptions } from '@ai-sdk/provider';
import type { AgentMetadata, AgentUIMessage, AgentUIMessageChunk, RunEnd, ToolNotice, UsageTotals } from './messages';
import type { AgentHooks } from './hooks';
import type { CompactFunction } from './budget';
import type { StepTrace, ToolTrace } from './trace';
import type { AgentTool } from './tool';
import type { LoopSettings } from './settings';

export type { AgentTool } from './tool';

/** The loop's options: derived from the settings table in ./settings.ts (one descriptor per setting). */
export type { LoopSettings };

// ---- The loop's entry point (lib/agent/loop.ts) ----

/** Call settings a session can set, passed to every model call as streamText's own options. */
export interface CallSettings {
  temperature?: number;
  topP?: number;
  maxOutputTokens?: number;
}

/** Time and randomness, injectable so tests never really sleep. */
export interface Clock {
  now(): number;
  /** Must reject when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  random(): number;
}

export interface RunAgentInput {
  /** Any AI SDK LanguageModel (V4 spec). */
  model: LanguageModel;
  /** The system prompt. */
  instructions: string;
  /** Full history including the new user message, as stored (UI messages). */
  messages: AgentUIMessage[];
  tools: AgentTool[];
  /**
   * Asked before each model step: a non-null answer replaces the run's tools from that step on
   * (e.g. an MCP server announced `notifications/tools/list_changed`), and its notices are written.
   */
  refreshTools?: () => Promise<RefreshedTools | null>;
  settings?: Partial<LoopSettings>;
  hooks?: Partial<AgentHooks>;
  signal: AbortSignal;
  /** Receives the UI message chunks. The caller writes `start` before and `finish` after the run. */
  write: (chunk: AgentUIMessageChunk) => void;
  /** After each model step and its tool results were written (right after its `finish-step`). */
  onStepEnd?: (trace: StepTrace) => void | Promise<void>;
  /** Message metadata a finished step adds besides its usage (the context it measured), written in the same chunk. */
  stepMetadata?: (trace: StepTrace) => AgentMetadata | undefined;
  /** Unfinished work (e.g. open todos); when the model stops with items open, it is nudged once. */
  getOpenTodos?: () => string[] | Promise<string[]>;
  /** The compaction seam: asked before each model call (`budget`) and after a `length` finish. */
  compact?: CompactFunction;
  providerOptions?: SharedV4ProviderOptions;
  /** The session's sampling and output limit, already checked against the model (lib/models/call-options.ts); absent: the provider's defaults. */
  callSettings?: CallSettings;
  clock?: Clock;
  /**
   * Continuing after approval requests: the user's answers for tool calls of the
   * last (assistant) message in `messages`. The loop first runs the approved
   * calls (through the beforeToolCall hooks, which see the answer), gives denied
   * ones a denied result with the user's reason, then calls the model again.
   */
  approvals?: ApprovalAnswer[];
  /**
   * The request body of the step before this run (a stored trace's, redacted), if any: the
   * first step's body is redacted against it, and `requestBodyDelta` says what they share.
   */
  traceBase?: unknown;
  /** Tracing: off when absent (lib/telemetry fills it when tracing is on; the loop knows no OpenTelemetry). */
  telemetry?: AgentTelemetry;
  /**
   * Awaited before each state of the loop: a server running many runs answers when it is this run's turn, so one
   * run's step boundary (saving, building the next request) does not hold up the other runs' streams.
   */
  takeTurn?: () => Promise<void>;
}

/** The loop's tracing seams. */
export interface AgentTelemetry {
  /** Given to every model call as streamText's `telemetry`: the AI SDK records its model-call spans with it. */
  modelCall: TelemetryOptions;
  /** Wraps one tool call, from its permission check to its result; the result's trace says how it ended. */
  traceToolCall<R extends { trace: ToolTrace }>(call: { toolName: string; toolCallId: string }, run: () => Promise<R>): Promise<R>;
}

/** A new tool list for the rest of the run (RunAgentInput.refreshTools). */
export interface RefreshedTools {
  tools: AgentTool[];
  /** Shown in the transcript, e.g. "MCP · github changed its tools: added x, removed y". */
  notices?: ToolNotice[];
}

export interface ApprovalAnswer {
  approvalId: string;
  toolCallId: string;
  approved: boolean;
  /** The user's reason (shown to the model when denied). */
  reason?: string;
  /** Arguments the user edited before approving; already validated by the caller. */
  editedInput?: unknown;
  /** With editedInput: the arguments the model asked for (kept visible next to the ones that ran). */
  originalInput?: unknown;
}

export interface RunResult {
  end: RunEnd;
  usage: UsageTotals;
  steps: StepTrace[];
}
