import { GaugeIcon } from 'lucide-react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import type { UsageTotals } from '@/lib/agent/messages';
import { formatNumber, formatTokens } from '@/lib/client/format';

/** Session totals in the header: "≈ 2.1k in · 640 out"; the breakdown is in the tooltip. */
export function UsageSummary({ usage }: { usage: UsageTotals | undefined }) {
  if (!usage) return null;
  const approx = usage.estimated ? '≈ ' : '';
  const rows: Array<[string, number]> = [
    ['Input', usage.inputTokens],
    ['Cached input', usage.cachedInputTokens],
    ['Output', usage.outputTokens],
    ['Reasoning', usage.reasoningTokens],
  ];
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          tabIndex={0}
          className="hidden cursor-default items-center gap-1.5 rounded-md px-1.5 py-1 text-xs text-muted-foreground tabular-nums outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:inline-flex"
          data-testid="usage-summary"
          data-estimated={usage.estimated || undefined}
          aria-label={`Session usage: ${approx}${usage.inputTokens} input tokens, ${usage.outputTokens} output tokens`}
        >
          <GaugeIcon className="size-3.5" aria-hidden />
          {approx}
          {formatTokens(usage.inputTokens)} in · {formatTokens(usage.outputTokens)} out
        </span>
      </TooltipTrigger>
      <TooltipContent side="bottom">
        <p className="mb-1 font-medium">Session usage {usage.estimated ? '(≈ estimated)' : ''}</p>
        <div className="grid grid-cols-[auto_auto] gap-x-4 tabular-nums">
          {rows.map(([label, value]) => (
            <span key={label} className="contents">
              <span>{label}</span>
              <span className="text-right">{formatNumber(value)}</span>
            </span>
          ))}
        </div>
      </TooltipContent>
    </Tooltip>
  );
}
