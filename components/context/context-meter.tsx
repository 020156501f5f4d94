'use client';

import { lazyPart } from '@/components/ui/lazy-part';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import type { ContextReport } from '@/lib/api-types';
import { formatTokens } from '@/lib/client/format';
import { cn } from '@/lib/utils';
import { useSessionContext } from './session-context';

/** The breakdown, drawn only once the popover opens (the popover itself loads then too). */
const MeterDetails = lazyPart(() => import('./context-meter-details').then((module) => module.default));

const LEVEL_STROKE: Record<ContextReport['level'], string> = {
  ok: 'stroke-primary/70',
  warn: 'stroke-warning',
  over: 'stroke-destructive',
};

const LEVEL_TEXT: Record<ContextReport['level'], string> = {
  ok: 'text-muted-foreground',
  warn: 'text-warning-text',
  over: 'text-destructive',
};

/** The ring: filled to the context size, with a tick where auto-compaction triggers. */
function MeterRing({ report }: { report: ContextReport }) {
  const size = 18;
  const r = 7;
  const circumference = 2 * Math.PI * r;
  const fill = Math.min(1, report.tokens / report.window);
  const tick = report.thresholds.compactAt / report.window;
  const angle = tick * 2 * Math.PI - Math.PI / 2;
  const c = size / 2;
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden className="shrink-0">
      <circle cx={c} cy={c} r={r} fill="none" strokeWidth={3} className="stroke-muted-foreground/20" />
      <circle
        cx={c}
        cy={c}
        r={r}
        fill="none"
        strokeWidth={3}
        strokeDasharray={`${fill * circumference} ${circumference}`}
        transform={`rotate(-90 ${c} ${c})`}
        className={cn('transition-[stroke-dasharray] duration-500', LEVEL_STROKE[report.level])}
        data-testid="context-meter-fill"
      />
      <line
        x1={c + (r - 2.5) * Math.cos(angle)}
        y1={c + (r - 2.5) * Math.sin(angle)}
        x2={c + (r + 2.5) * Math.cos(angle)}
        y2={c + (r + 2.5) * Math.sin(angle)}
        strokeWidth={1.5}
        className="stroke-foreground/70"
        data-testid="context-meter-tick"
      />
    </svg>
  );
}

/** Always in the session header: "96k / 200k (48%)", amber from the warn threshold, red past the hard limit. */
export function ContextMeter() {
  const context = useSessionContext();
  const report = context?.report;
  if (!context || !report) return null;
  const approx = report.estimated ? '≈' : '';
  const shown = `${approx}${formatTokens(report.tokens)} / ${formatTokens(report.window)} (${Math.round(report.percent)}%)`;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <button
          type="button"
          className={cn(
            'inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 text-xs tabular-nums outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
            LEVEL_TEXT[report.level],
          )}
          data-testid="context-meter"
          data-level={report.level}
          data-tokens={report.tokens}
          // The name starts with the text it shows (WCAG 2.5.3, label in name), then the exact figures.
          aria-label={`Context: ${shown}, ${approx}${report.tokens} of ${report.window} tokens. Show the breakdown`}
        >
          <MeterRing report={report} />
          <span className="hidden sm:inline">{shown}</span>
        </button>
      </PopoverTrigger>
      <PopoverContent>
        <MeterDetails report={report} onCompact={() => void context.compact()} compactDisabled={context.running || context.compacting} />
      </PopoverContent>
    </Popover>
  );
}
