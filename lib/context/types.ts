/**
 * Context management types. A compaction record changes only what the model
 * sees: the transcript and the database keep every original message.
 */

/** A tool output the model no longer sees in full. */
export interface PrunedItem {
  messageId: string;
  toolCallId: string;
  toolName: string;
  /** Characters of the original output (what the stub says was cleared). */
  chars: number;
}

/** A whole message the model no longer sees (the backstop tier). */
export interface DroppedItem {
  messageId: string;
  role: 'user' | 'assistant' | 'system';
  /** The first words of the message, for the divider's list. */
  preview: string;
}

export type CompactionTier = 'prune' | 'summarize' | 'drop';
export type CompactionTrigger = 'auto' | 'length' | 'manual';

/**
 * Self-contained: the latest non-undone record alone decides the model's view,
 * so undoing it falls back to the one before (or to the full history).
 */
export interface CompactionRecord {
  /** The structured summary that replaces the summarized span; absent when only pruning/dropping ran. */
  summary?: string;
  /** The last message of the summarized span. */
  cutoffMessageId?: string;
  /** Every message the summary stands for (pinned messages are never in here). */
  summarizedIds: string[];
  pruned: PrunedItem[];
  dropped: DroppedItem[];
  /** The transcript shows the divider after this message (the newest message when compaction ran). */
  afterMessageId?: string;
  /** Which tiers this compaction ran. */
  tiers: CompactionTier[];
  /** The model that wrote the summary (a model key). */
  model?: string;
  /** What the user asked the summary to focus on (`/compact <focus>`). */
  focus?: string;
  /** The context size that triggered compaction (the meter's figure). */
  tokensBefore: number;
  /** Estimated size of the compacted view (the provider reports the real one on the next step). */
  tokensAfter: number;
  /** USD of the summarizer call, when its price is known. */
  cost?: number;
  /** Set when the summarizer failed and a cheaper tier had to do. */
  summaryError?: string;
}

/** Where the context's tokens go, estimated per category and scaled to the measured total. */
/** What the meter's colour says: ok, warn (amber) from the warn threshold, over (red) past the hard limit. */
export type ContextLevel = 'ok' | 'warn' | 'over';

export interface ContextBreakdown {
  system: number;
  tools: number;
  conversation: number;
  toolOutputs: number;
}

export interface ContextMeasure {
  /** The size of the next request, in tokens. */
  tokens: number;
  /** True when any part of `tokens` is an estimate rather than the provider's count. */
  estimated: boolean;
  /** The provider-reported part (the last step's input, plus its output), when there is one. */
  reportedTokens?: number;
  breakdown: ContextBreakdown;
}
