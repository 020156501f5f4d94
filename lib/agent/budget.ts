import type { ModelMessage } from 'ai';

/**
 * The context-budget seam. The loop asks before every model call (reason
 * `budget`) and after a `length` finish (reason `length`); the seam decides
 * whether and how to compact. Compaction itself lives outside the loop
 * (lib/server/context-seam.ts wires lib/context): without a seam, the loop
 * simply carries on (budget) or ends (length).
 */

export interface CompactionRequest {
  reason: 'budget' | 'length';
  /** 1-based count of `length` compactions in this run (0 for budget checks). */
  attempt: number;
  instructions: string;
  /** The model messages the next call would send. Do not mutate; return new ones. */
  messages: readonly ModelMessage[];
  /** The last step's reported input tokens: the real current context size. */
  lastInputTokens: number | undefined;
  /** How many leading `messages` `lastInputTokens` covers (the rest were appended since). */
  messagesAtLastMeasure: number;
  /** Estimate of the next request's input tokens (last input + what was appended since). */
  estimatedInputTokens: number;
  modelId: string;
  signal: AbortSignal;
}

export interface CompactionResult {
  /** Replaces the model messages for the rest of the run. */
  messages: ModelMessage[];
  instructions?: string;
  /** Set when the context is still too large after compaction: the run ends with `context-limit` and this message. */
  contextLimitExceeded?: string;
}

export type CompactFunction = (request: CompactionRequest) => Promise<CompactionResult | null>;

/** What the loop needs to know to ask the seam. */
export interface BudgetState {
  lastInputTokens: number | undefined;
  /** Message count when `lastInputTokens` was measured, to estimate what was added since. */
  messagesAtLastMeasure: number;
}

/**
 * Next request size: the last measured input plus an estimate of messages
 * appended since (tool results, nudges), or a full estimate before any step.
 */
export function estimateNextInputTokens(
  state: BudgetState,
  messages: readonly ModelMessage[],
  estimate: (messages: readonly ModelMessage[]) => Promise<number>,
  fullEstimate: () => Promise<number>,
): Promise<number> {
  if (state.lastInputTokens === undefined) return fullEstimate();
  return estimate(messages.slice(state.messagesAtLastMeasure)).then((added) => state.lastInputTokens! + added);
}
