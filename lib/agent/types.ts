import type { LanguageModel } from 'ai';
import type { SharedV4ProviderOptions } from '@ai-sdk/provider';
import type { AgentUIMessage, AgentUIMessageChunk, RunEnd, UsageTotals } from './messages';
import type { AgentHooks } from './hooks';
import type { CompactFunction } from './budget';
import type { StepTrace } from './trace';
import type { AgentTool } from './tool';

export type { AgentTool, ToolExecutionContext } from './tool';

export interface LoopSettings {
  /** Model calls per run before the loop summarizes and stops. */
  maxIterations: number;
  maxWallClockMs: number;
  /** How often the `length` finish reason may trigger compaction before the run ends. */
  maxCompactionAttempts: number;
  /**
   * Retries per model call. A failed attempt (error, dropped connection, stall, malformed event) is retried
   * this many times, also after part of its answer was shown; then the run ends with `error`.
   */
  maxRetries: number;
  /** A model stream silent for this long (no chunk, also before the first) is abandoned as stalled and retried. */
  modelIdleTimeoutMs: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  toolTimeoutMs: number;
  maxToolResultChars: number;
  hookTimeoutMs: number;
  /** Loop guard: identical calls in a row before a nudge. */
  loopGuardRepeatLimit: number;
  /** Loop guard: calls of the same tool in a row before a nudge. */
  loopGuardSameToolLimit: number;
  /** Loop guard: nudges in one run before the run stops with a loop error. */
  loopGuardMaxNudges: number;
  requireDoneTool: boolean;
  /** Context window in tokens for this session; 0 = from the model catalog. */
  contextWindowOverride: number;
  /** Percent of the window where the meter turns amber and a notice appears. */
  contextWarnPercent: number;
  /** Auto-compact when the next request would exceed this percent of the window. */
  autoCompactPercent: number;
  /** Auto-compaction shrinks the context to at most this percent. */
  compactTargetPercent: number;
  /** Still above this percent after compaction: the run ends with "context limit exceeded". */
  hardLimitPercent: number;
  /** `/compact` shrinks the context to at most this percent. */
  manualCompactTargetPercent: number;
  /** Compaction keeps this many most recent turns (user message + replies) verbatim. */
  compactKeepRecentTurns: number;
  /** Model key that writes compaction summaries; empty = the session's model. */
  summarizerModel: string;
}

// ---- The loop's entry point (lib/agent/loop.ts) ----

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
  settings?: Partial<LoopSettings>;
  hooks?: Partial<AgentHooks>;
  signal: AbortSignal;
  /** Receives the UI message chunks. The caller writes `start` before and `finish` after the run. */
  write: (chunk: AgentUIMessageChunk) => void;
  /** After each model step and its tool results were written (right after its `finish-step`). */
  onStepEnd?: (trace: StepTrace) => void | Promise<void>;
  /** Unfinished work (e.g. open todos); when the model stops with items open, it is nudged once. */
  getOpenTodos?: () => string[] | Promise<string[]>;
  /** The compaction seam: asked before each model call (`budget`) and after a `length` finish. */
  compact?: CompactFunction;
  providerOptions?: SharedV4ProviderOptions;
  clock?: Clock;
  /**
   * Continuing after approval requests: the user's answers for tool calls of the
   * last (assistant) message in `messages`. The loop first runs the approved
   * calls (through the beforeToolCall hooks, which see the answer), gives denied
   * ones a denied result with the user's reason, then calls the model again.
   */
  approvals?: ApprovalAnswer[];
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
