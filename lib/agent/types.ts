import type { FlexibleSchema, LanguageModel } from 'ai';
import type { AgentUIMessage, AgentUIMessageChunk, RunEnd, UsageTotals } from './messages';

/**
 * A tool the loop can execute. The loop, not the SDK, runs tools: this gives it
 * control over timeouts, ordering, hooks, truncation and cancellation.
 */
export interface AgentTool<INPUT = any, OUTPUT = unknown> {
  name: string;
  /** Plain-words label for the UI card, e.g. "Calculator". */
  title?: string;
  description: string;
  inputSchema: FlexibleSchema<INPUT>;
  /** Read-only tools may run in parallel; others run one at a time in request order. */
  readOnly: boolean;
  /** Permission class (issue 4). */
  permission?: 'read' | 'write' | 'network' | 'external';
  /** Per-tool timeout; defaults to LoopSettings.toolTimeoutMs. */
  timeoutMs?: number;
  /** Per-tool output limit for the model; defaults to LoopSettings.maxToolResultChars. */
  maxResultChars?: number;
  execute(input: INPUT, ctx: ToolExecutionContext): Promise<OUTPUT>;
}

export interface ToolExecutionContext {
  toolCallId: string;
  signal: AbortSignal;
}

export interface LoopSettings {
  /** Model calls per run before the loop summarizes and stops. */
  maxIterations: number;
  maxWallClockMs: number;
  /** Consecutive failed model calls (after retries) before the run ends. */
  maxConsecutiveErrors: number;
  /** How often the `length` finish reason may trigger compaction before the run ends. */
  maxCompactionAttempts: number;
  maxRetries: number;
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
}
