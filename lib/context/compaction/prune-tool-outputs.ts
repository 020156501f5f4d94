import type { AgentUIMessage } from '@/lib/agent/messages';
import { recentStart } from '../turns';
import type { PrunedItem } from '../types';
import { toolOutputs } from '../view';

/**
 * Tier 1, the cheap one: the model stops seeing the outputs of older tool
 * calls (a stub says how much was cleared and that the tool can be called
 * again). The newest outputs — everything in the last turns — stay intact.
 * Lossless for the user: the transcript keeps every output.
 */

/** Outputs shorter than this are not worth a stub (the stub itself is ~80 characters). */
const MIN_PRUNABLE_OUTPUT_CHARS = 200;

export interface PruneOptions {
  pinned: ReadonlySet<string>;
  keepRecentTurns: number;
  /** Already pruned by an earlier compaction. */
  alreadyPruned: readonly PrunedItem[];
  /** Already out of the view (summarized or dropped). */
  hidden: ReadonlySet<string>;
}

/** The tool outputs to prune now, oldest first. */
export function selectPrunableOutputs(history: readonly AgentUIMessage[], options: PruneOptions): PrunedItem[] {
  const done = new Set(options.alreadyPruned.map((p) => p.toolCallId));
  const protectedFrom = recentStart(history, options.keepRecentTurns);
  const items: PrunedItem[] = [];
  history.slice(0, protectedFrom).forEach((message) => {
    if (message.role !== 'assistant' || options.pinned.has(message.id) || options.hidden.has(message.id)) return;
    for (const output of toolOutputs(message)) {
      if (done.has(output.toolCallId) || output.chars < MIN_PRUNABLE_OUTPUT_CHARS) continue;
      items.push({ messageId: message.id, ...output });
    }
  });
  return items;
}
