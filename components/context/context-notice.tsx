'use client';

import { AlertTriangleIcon } from 'lucide-react';
import { formatTokens } from '@/lib/client/format';
import { cn } from '@/lib/utils';
import { useSessionContext } from './session-context';

/** Above the composer from the warn threshold on: how full the context is and what happens next. */
export function ContextNotice() {
  const context = useSessionContext();
  const report = context?.report;
  if (!report || report.level === 'ok') return null;
  const over = report.level === 'over';
  return (
    <div
      className={cn(
        'mb-2 flex items-start gap-2 rounded-lg border px-3 py-1.5 text-xs',
        over ? 'border-destructive/30 bg-destructive/10 text-destructive' : 'border-warning/35 bg-warning/10 text-warning-text',
      )}
      role="status"
      data-testid="context-warning"
      data-level={report.level}
    >
      <AlertTriangleIcon className="mt-px size-3.5 shrink-0" aria-hidden />
      <p>
        Context is {Math.round(report.percent)}% full ({formatTokens(report.tokens)} of {formatTokens(report.window)}).{' '}
        {report.untilCompaction > 0
          ? `Auto-compaction in ${formatTokens(report.untilCompaction)} tokens.`
          : 'The next request compacts it first.'}{' '}
        Type <code className="font-mono">/compact [focus]</code> to compact now.
      </p>
    </div>
  );
}
