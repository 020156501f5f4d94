'use client';

import { useNow } from '@/lib/client/use-now';
import { formatDuration } from '@/lib/client/format';
import type { ActivityTiming } from '@/lib/client/activity-timings';
import { cn } from '@/lib/utils';

/** Live "3.2 s" while running, the final duration after; nothing when the timing is unknown (history). */
export function ElapsedTime({ timing, running, className }: { timing: ActivityTiming | undefined; running: boolean; className?: string }) {
  const now = useNow(100, running && timing !== undefined && timing.endedAt === undefined);
  if (!timing) return null;
  const end = timing.endedAt ?? (running ? now : undefined);
  if (!end) return null;
  return (
    <span className={cn('font-mono text-[11px] text-muted-foreground tabular-nums', className)} data-testid="elapsed-time">
      {formatDuration(Math.max(0, end - timing.startedAt))}
    </span>
  );
}
