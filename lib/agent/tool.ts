import type { FlexibleSchema } from 'ai';
import type { AgentUIMessageChunk, UsageTotals } from './messages';

/**
 * A tool the loop can execute. The loop, not the SDK, runs tools: this gives it
 * control over timeouts, ordering, hooks, truncation and cancellation.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds tools of many input types
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
  /** May be left out of a request past the tool cap (MCP tools; lib/agent/tool-cap.ts). Built-ins never are. */
  deferrable?: boolean;
  execute(input: INPUT, ctx: ToolExecutionContext): Promise<OUTPUT>;
}

/**
 * Writes a data chunk into the running step's stream (stored with the message
 * unless `transient`): progress, log lines, forms a tool shows while it runs.
 * A no-op once the call is over, so a late notification cannot write into a
 * finished step.
 */
export type ToolEmit = (chunk: Extract<AgentUIMessageChunk, { type: `data-${string}` }>) => void;

interface ToolExecutionContext {
  toolCallId: string;
  /** Aborted when the call is cancelled (Stop, the tool timeout, the run's end). */
  signal: AbortSignal;
  emit: ToolEmit;
  /** Adds usage the tool spent on a model (MCP sampling) to the run's usage. */
  addUsage?(usage: UsageTotals): void;
  /**
   * Stops the tool's timeout while the tool waits for the user (an MCP form or a sampling
   * approval), as Claude Code does: a person may take longer than any tool should. Call the
   * returned function when the wait is over; the timeout resumes with the time it had left.
   */
  pauseTimeout?(): () => void;
}
