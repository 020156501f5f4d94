import type { AgentUIMessage } from '@/lib/agent/messages';
import { errorMessage } from '@/lib/agent/errors';
import type { CompactionRecord, CompactionTier } from '../types';
import { applyCompaction } from '../view';
import { selectPrunableOutputs } from './prune-tool-outputs';
import { droppableTurns } from './drop-oldest-turns';
import { SUMMARIZER_INSTRUCTIONS, renderTranscript, selectSummarySpan, summaryPrompt, type Summarizer } from './summarize-middle';

/**
 * Runs the tiers from cheap to expensive until the view fits the target:
 * prune old tool outputs → summarize the middle → drop the oldest turns.
 * Returns the new record (building on the previous one), or null when no
 * tier could change anything (SummaryFailedError when only the failed
 * summary could have).
 */

/** Summarizing was the only thing left to try, and it failed. */
export class SummaryFailedError extends Error {
  constructor(readonly reason: string) {
    super(`The summary could not be written: ${reason}`);
    this.name = 'SummaryFailedError';
  }
}

export interface CompactHistoryInput {
  /** The full, original history (what the database keeps). */
  history: readonly AgentUIMessage[];
  pinned: ReadonlySet<string>;
  /** The record currently in effect, if any: the new one builds on it. */
  previous?: CompactionRecord;
  /** Tokens the view should fit in. */
  target: number;
  /**
   * Size of the current view as the trigger measured it (often the provider's
   * figure); candidate views are estimated and scaled to it. Default: the estimate.
   */
  tokensBefore?: number;
  keepRecentTurns: number;
  /** Size of a candidate view, in tokens: the same measure the trigger uses. */
  measure: (view: AgentUIMessage[]) => Promise<number>;
  /** Tier 2; without it, pruning and dropping only. */
  summarize?: Summarizer;
  /** Manual `/compact`: summarize even when pruning alone would fit. */
  alwaysSummarize?: boolean;
  focus?: string;
  signal: AbortSignal;
}

export async function compactHistory(input: CompactHistoryInput): Promise<CompactionRecord | null> {
  const { history, pinned, previous } = input;
  const record: CompactionRecord = {
    summary: previous?.summary,
    cutoffMessageId: previous?.cutoffMessageId,
    summarizedIds: [...(previous?.summarizedIds ?? [])],
    pruned: [...(previous?.pruned ?? [])],
    dropped: [...(previous?.dropped ?? [])],
    afterMessageId: history.at(-1)?.id,
    tiers: [],
    ...(input.focus?.trim() ? { focus: input.focus.trim() } : {}),
    tokensBefore: 0,
    tokensAfter: 0,
  };
  const tiers: CompactionTier[] = [];
  const hidden = () => new Set([...record.summarizedIds, ...record.dropped.map((d) => d.messageId)]);
  const view = () => applyCompaction(history, record, pinned);
  // Candidate views are estimated; the provider's figure for the current view calibrates
  // those estimates, so before, after and the target are in the same units.
  const estimatedBefore = await input.measure(view());
  const tokensBefore = input.tokensBefore ?? estimatedBefore;
  const scale = estimatedBefore > 0 ? tokensBefore / estimatedBefore : 1;
  const measure = async () => Math.round((await input.measure(view())) * scale);
  record.tokensBefore = tokensBefore;
  let tokens = tokensBefore;

  // 1. Prune old tool outputs.
  const prunable = selectPrunableOutputs(history, { pinned, keepRecentTurns: input.keepRecentTurns, alreadyPruned: record.pruned, hidden: hidden() });
  if (prunable.length) {
    record.pruned.push(...prunable);
    tiers.push('prune');
    tokens = await measure();
  }

  // 2. Summarize the middle.
  if (input.summarize && (tokens > input.target || input.alwaysSummarize)) {
    const span = selectSummarySpan(history, view(), { pinned, keepRecentTurns: input.keepRecentTurns, hidden: hidden() });
    if (span) {
      try {
        const result = await input.summarize({
          instructions: SUMMARIZER_INSTRUCTIONS,
          transcript: renderTranscript(span.viewMessages),
          prompt: summaryPrompt(input.focus),
          signal: input.signal,
        });
        if (!result.text.trim()) throw new Error('The summarizer returned an empty summary.');
        record.summary = result.text.trim();
        record.summarizedIds.push(...span.historyIds);
        record.cutoffMessageId = span.historyIds.at(-1);
        record.model = result.model;
        if (result.cost !== undefined) record.cost = result.cost;
        tiers.push('summarize');
        tokens = await measure();
      } catch (error) {
        if (input.signal.aborted) throw error;
        record.summaryError = errorMessage(error);
      }
    }
  }

  // 3. Backstop: drop the oldest turns until the view fits.
  if (tokens > input.target) {
    for (const turn of droppableTurns(history, { pinned, hidden: hidden() })) {
      record.dropped.push(...turn);
      if (!tiers.includes('drop')) tiers.push('drop');
      tokens = await measure();
      if (tokens <= input.target) break;
    }
  }

  if (!tiers.length) {
    if (record.summaryError) throw new SummaryFailedError(record.summaryError);
    return null;
  }
  // A summary longer than what it replaces helps nobody: keep the view as it was.
  if (tokens >= tokensBefore) return null;
  record.tiers = tiers;
  record.tokensAfter = tokens;
  return record;
}
