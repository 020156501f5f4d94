import type { FlexibleSchema } from 'ai';

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
  execute(input: INPUT, ctx: ToolExecutionContext): Promise<OUTPUT>;
}

interface ToolExecutionContext {
  toolCallId: string;
  signal: AbortSignal;
}
