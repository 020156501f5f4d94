'use client';

import { PinIcon, PinOffIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import { usePins } from './session-context';

/** Pin: compaction keeps this message verbatim (never pruned, summarized or dropped). */
export function PinButton({ messageId, className }: { messageId: string; className?: string }) {
  const context = usePins();
  if (!context) return null;
  const pinned = context.pinned.has(messageId);
  return (
    <WithTooltip label={pinned ? 'Pinned: kept verbatim through compaction. Click to unpin' : 'Pin: keep verbatim through compaction'}>
      <Button
        size="icon-xs"
        variant="ghost"
        aria-pressed={pinned}
        aria-label={pinned ? 'Unpin message' : 'Pin message'}
        data-testid="pin-message"
        data-pinned={pinned || undefined}
        className={cn(pinned && 'text-primary', className)}
        onClick={() => void context.togglePin(messageId)}
      >
        {pinned ? <PinOffIcon /> : <PinIcon />}
      </Button>
    </WithTooltip>
  );
}

/** A small marker on pinned messages, always visible. */
export function PinnedMarker({ messageId }: { messageId: string }) {
  const context = usePins();
  if (!context?.pinned.has(messageId)) return null;
  return (
    <span className="inline-flex items-center gap-1 text-[11px] text-primary" data-testid="pinned-marker">
      <PinIcon className="size-3" aria-hidden />
      Pinned
    </span>
  );
}
