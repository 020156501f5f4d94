'use client';

import { CircleDollarSignIcon, ClockIcon, GaugeIcon } from 'lucide-react';
import type { UsageTotals } from '@/lib/agent/messages';
import type { RunSummary } from '@/lib/api-types';
import { formatCost, formatDuration, formatNumber, formatTokens } from '@/lib/client/format';
import { useNow } from '@/lib/client/use-now';
import { usageCost, type ModelPricing } from '@/lib/models/catalog';

/** How often a running column's duration moves on. */
const LIVE_TICK_MS = 100;

/** The runs' time, each from its start to its end; a run still going counts up to `now`. */
function runsDuration(runs: readonly RunSummary[], now: number): number {
  return runs.reduce((total, run) => total + Math.max(0, (run.endedAt ?? Math.max(now, run.startedAt)) - run.startedAt), 0);
}

/**
 * A column's figures: tokens, cost at list prices and time spent in runs. Live
 * while a run streams (usage arrives with each step, the clock ticks), final
 * once it ended (the server's run times). `data-live` says which.
 */
export function ColumnStats({
  usage,
  pricing,
  runs,
}: {
  usage: UsageTotals | undefined;
  /** The model's list prices; without them the cost is unknown, not zero. */
  pricing: ModelPricing | undefined;
  /** The session's runs as the server has them (undefined until read). */
  runs: readonly RunSummary[] | undefined;
}) {
  const live = runs?.some((run) => run.status === 'running') ?? false;
  const now = useNow(LIVE_TICK_MS, live);
  const cost = usage ? usageCost(usage, pricing) : undefined;
  const duration = runs && runs.length > 0 && (!live || now > 0) ? runsDuration(runs, now) : undefined;
  const approx = usage?.estimated ? '≈ ' : '';

  return (
    <dl className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground tabular-nums" data-testid="compare-stats" data-live={live || undefined}>
      <Stat icon={<GaugeIcon />} label="Tokens" testId="compare-usage" title={usage ? `${formatNumber(usage.inputTokens)} input (${formatNumber(usage.cachedInputTokens)} cached), ${formatNumber(usage.outputTokens)} output (${formatNumber(usage.reasoningTokens)} reasoning)` : 'No usage yet'}>
        {usage ? `${approx}${formatTokens(usage.inputTokens)} in · ${formatTokens(usage.outputTokens)} out` : '–'}
      </Stat>
      <Stat icon={<CircleDollarSignIcon />} label="Cost" testId="compare-cost" title={cost === undefined ? (usage ? 'No list price is known for this model' : 'No usage yet') : 'At list prices'}>
        {cost === undefined ? '–' : `${approx}${formatCost(cost)}`}
      </Stat>
      <Stat icon={<ClockIcon />} label="Duration" testId="compare-duration" title={live ? 'Running' : 'Time spent in runs'}>
        {duration === undefined ? '–' : formatDuration(duration)}
      </Stat>
    </dl>
  );
}

function Stat({ icon, label, testId, title, children }: { icon: React.ReactNode; label: string; testId: string; title: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center gap-1 [&_svg]:size-3.5" title={title}>
      <dt className="flex items-center">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
