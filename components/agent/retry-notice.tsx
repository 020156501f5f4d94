'use client';

import { RotateCwIcon } from 'lucide-react';
import { useActivityTiming } from '@/lib/client/activity-timings';
import { useNow } from '@/lib/client/use-now';
import type { RetryNotice } from '@/lib/agent/messages';
import { cn } from '@/lib/utils';

const CAUSES: Record<string, string> = {
  'rate-limited': 'Rate limited',
  'server-error': 'Provider error',
  overloaded: 'Provider overloaded',
  network: 'Network error',
  timeout: 'Request timed out',
  stalled: 'The model stopped sending data',
  malformed: 'Malformed stream event',
};

function causeLabel(notice: RetryNotice) {
  return CAUSES[notice.cause] ?? (notice.statusCode ? `Provider answered ${notice.statusCode}` : 'Request failed');
}

/**
 * "Rate limited, retrying in 4 s (2/3)". Live while it is the newest thing in a
 * streaming message; afterwards it stays as a quiet record that a retry happened.
 */
export function RetryNoticeRow({ notice, live, timingKey }: { notice: RetryNotice; live: boolean; timingKey: string }) {
  const timing = useActivityTiming(timingKey, live);
  const now = useNow(250, live);
  const remainingMs = timing && now ? notice.delayMs - (now - timing.startedAt) : notice.delayMs;
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const counter = `(${notice.attempt}/${notice.maxRetries})`;

  const text = live
    ? seconds > 0
      ? `${causeLabel(notice)}, retrying in ${seconds} s ${counter}`
      : `${causeLabel(notice)}, retrying now ${counter}`
    : `${causeLabel(notice)}, retried ${counter}`;

  // The server's own sentence often says the same ("Rate limited, retrying in 3 s"); show it only when it adds something.
  const detail = notice.message && !/retrying/i.test(notice.message) ? notice.message : undefined;

  return (
    <div
      className={cn(
        'flex items-start gap-2 rounded-lg px-3 py-1.5 text-xs',
        live ? 'border border-warning/30 bg-warning/10 text-warning-text' : 'text-muted-foreground',
      )}
      data-testid="retry-notice"
      data-live={live || undefined}
      role={live ? 'status' : undefined}
      aria-live={live ? 'polite' : undefined}
    >
      <RotateCwIcon className={cn('mt-0.5 size-3.5 shrink-0', live && 'animate-spin [animation-duration:2s]')} aria-hidden />
      <p className="min-w-0">
        <span className="font-medium tabular-nums">{text}</span>
        {detail && <span className="opacity-80"> · {detail}</span>}
      </p>
    </div>
  );
}
