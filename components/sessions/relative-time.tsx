'use client';

import { useNow } from '@/lib/client/use-now';
import { formatRelativeTime } from '@/lib/client/format';

/** "5 min ago", refreshed every 30 s; the exact time is in the tooltip-friendly title. */
export function RelativeTime({ timestamp, className }: { timestamp: number; className?: string }) {
  const now = useNow(30_000);
  if (!now) return <span className={className} />;
  return (
    <time className={className} dateTime={new Date(timestamp).toISOString()} title={new Date(timestamp).toLocaleString()}>
      {formatRelativeTime(timestamp, now)}
    </time>
  );
}
