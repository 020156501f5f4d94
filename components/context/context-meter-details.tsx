'use client';

import type * as React from 'react';
import { ShrinkIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ContextReport } from '@/lib/api-types';
import { formatCost, formatNumber, formatTokens } from '@/lib/client/format';
import { cn } from '@/lib/utils';

/** The breakdown bar in the popover, with lines at the warn and auto-compaction thresholds. */
function BreakdownBar({ report }: { report: ContextReport }) {
  const segments: Array<[string, number, string]> = [
    ['System prompt', report.breakdown.system, 'bg-sky-500'],
    ['Tool schemas', report.breakdown.tools, 'bg-violet-500'],
    ['Conversation', report.breakdown.conversation, 'bg-emerald-500'],
    ['Tool outputs', report.breakdown.toolOutputs, 'bg-amber-500'],
  ];
  const pct = (value: number) => `${Math.min(100, (value / report.window) * 100)}%`;
  return (
    <div className="space-y-2">
      <div className="relative h-2.5 overflow-hidden rounded-full bg-muted" role="img" aria-label="Context breakdown">
        <div className="flex h-full">
          {segments.map(([label, value, colour]) => (
            <div key={label} className={colour} style={{ width: pct(value) }} />
          ))}
        </div>
        <div className="absolute inset-y-0 w-px bg-warning" style={{ left: pct(report.thresholds.warnAt) }} title="Warn" />
        <div className="absolute inset-y-0 w-0.5 bg-foreground" style={{ left: pct(report.thresholds.compactAt) }} title="Auto-compaction" />
      </div>
      <dl className="grid grid-cols-[auto_1fr_auto] items-center gap-x-2 gap-y-1 text-xs tabular-nums">
        {segments.map(([label, value, colour]) => (
          <div key={label} className="contents" data-testid={`context-breakdown-${label.toLowerCase().replace(/\s+/g, '-')}`}>
            <span className={cn('size-2 rounded-sm', colour)} aria-hidden />
            <dt className="text-muted-foreground">
              {label}
              {label === 'Tool schemas' && report.toolCount ? (
                <span data-testid="context-tool-count">
                  {' '}
                  · {report.toolCount.sent < report.toolCount.total ? `${report.toolCount.sent} of ${report.toolCount.total}` : report.toolCount.total} tools
                </span>
              ) : null}
            </dt>
            {/* The split is always an estimate, scaled to the total. */}
            <dd className="text-right">≈ {formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Row({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 text-xs tabular-nums" data-testid={testId}>
      <span className="text-muted-foreground">{label}</span>
      <span className="text-right">{value}</span>
    </div>
  );
}

/** The context meter's popover (components/context/context-meter.tsx), a chunk of its own: drawn only when opened. */
export default function MeterDetails({ report, onCompact, compactDisabled }: { report: ContextReport; onCompact: () => void; compactDisabled: boolean }) {
  const approx = report.estimated ? '≈ ' : '';
  const windowNote =
    report.windowSource === 'override' ? 'session setting' : report.windowSource === 'catalog' ? `catalog: ${report.catalogMatch}` : 'unknown model: 8,192 fallback';
  const fresh = Math.max(0, report.usage.inputTokens - report.usage.cachedInputTokens);
  return (
    <div className="space-y-3" data-testid="context-meter-details">
      <div>
        <p className="font-medium">
          {approx}
          {formatNumber(report.tokens)} / {formatNumber(report.window)} tokens ({Math.round(report.percent)}%)
        </p>
        <p className="text-xs text-muted-foreground">
          Window from {windowNote}.{' '}
          {report.reportedTokens !== undefined
            ? report.estimated
              ? `Provider-reported ${formatNumber(report.reportedTokens)} + estimate of what was added since.`
              : 'As reported by the provider.'
            : 'Estimated (no provider figure for this view yet).'}
        </p>
      </div>
      <BreakdownBar report={report} />
      <p className={cn('rounded-md px-2 py-1.5 text-xs', report.untilCompaction > 0 ? 'bg-muted' : 'bg-warning/15 text-warning-text')} data-testid="context-until-compaction">
        {report.untilCompaction > 0
          ? `${formatNumber(report.untilCompaction)} tokens until auto-compaction (at ${formatTokens(report.thresholds.compactAt)}, down to ${formatTokens(report.thresholds.compactTarget)}).`
          : `Auto-compaction runs before the next request (above ${formatTokens(report.thresholds.compactAt)}).`}
      </p>
      <div className="space-y-1 border-t pt-2">
        <p className="text-xs font-medium">Session usage{report.usage.estimated ? ' (≈ partly estimated)' : ''}</p>
        <Row label="Fresh input" value={formatNumber(fresh)} />
        <Row label="Cached input" value={formatNumber(report.usage.cachedInputTokens)} />
        <Row label="Output" value={formatNumber(report.usage.outputTokens)} />
        <Row label="Reasoning" value={formatNumber(report.usage.reasoningTokens)} />
        <Row
          label="Cost"
          testId="context-session-cost"
          value={
            report.cost !== undefined
              ? `${formatCost(report.cost)}${report.compactionCost ? ` (compaction ${formatCost(report.compactionCost)})` : ''}`
              : 'unknown for this model'
          }
        />
      </div>
      {/* Radix focused the popover's first control before these details were there: the button takes the focus now. */}
      <Button size="xs" variant="outline" className="w-full" onClick={onCompact} disabled={compactDisabled} autoFocus data-testid="context-compact-now">
        <ShrinkIcon />
        Compact now (/compact)
      </Button>
    </div>
  );
}
