import { addUsage, emptyUsage, type UsageTotals } from '@/lib/agent/messages';
import type { RunSummary } from '@/lib/api-types';
import { modelLimits, usageCost } from '@/lib/models/catalog';
import { normalizeUsage } from './message-usage';

/** One model's share of a session's spend: every run on it, on every branch (tokens spent stay spent). */
interface ModelSpend {
  modelKey: string;
  runs: number;
  usage: UsageTotals;
  /** USD at list prices; undefined when the catalog has no price for the model. */
  cost?: number;
}

export interface SessionSpend {
  byModel: ModelSpend[];
  total: UsageTotals;
  /** The priced part (runs and compaction summaries); undefined when nothing had a price. */
  cost?: number;
  /** Models without a known price: the total leaves them out. */
  unpriced: string[];
  /** Runs still going: their usage is counted when they end. */
  running: number;
}

/** `/cost`: the runs' usage added up per model, most expensive first, plus what compaction summaries cost. */
export function sessionSpend(runs: readonly RunSummary[], compactionCost?: number): SessionSpend {
  const byKey = new Map<string, ModelSpend>();
  let running = 0;
  for (const run of runs) {
    if (!run.usage) {
      if (run.status === 'running') running++;
      continue;
    }
    const spend = byKey.get(run.modelKey) ?? { modelKey: run.modelKey, runs: 0, usage: emptyUsage() };
    spend.runs++;
    spend.usage = addUsage(spend.usage, normalizeUsage(run.usage));
    byKey.set(run.modelKey, spend);
  }
  const byModel = [...byKey.values()].map((spend) => ({ ...spend, cost: usageCost(spend.usage, modelLimits(spend.modelKey).pricing) }));
  byModel.sort((a, b) => (b.cost ?? -1) - (a.cost ?? -1) || b.usage.inputTokens + b.usage.outputTokens - (a.usage.inputTokens + a.usage.outputTokens));
  const total = byModel.reduce((sum, spend) => addUsage(sum, spend.usage), emptyUsage());
  const priced = [...byModel.map((spend) => spend.cost), compactionCost].filter((cost): cost is number => cost !== undefined);
  return {
    byModel,
    total,
    cost: priced.length ? priced.reduce((sum, cost) => sum + cost, 0) : undefined,
    unpriced: byModel.filter((spend) => spend.cost === undefined).map((spend) => spend.modelKey),
    running,
  };
}
