'use client';

import { useState } from 'react';
import { BrainIcon, ChevronRightIcon } from 'lucide-react';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Markdown } from '@/components/chat/markdown';
import { useActivityTiming } from '@/lib/client/activity-timings';
import { cn } from '@/lib/utils';

/** "Thought for 12 s": whole seconds, never 0, as a person would say it. */
function thoughtLabel(startedAt: number, endedAt: number) {
  return `Thought for ${Math.max(1, Math.round((endedAt - startedAt) / 1000))} s`;
}

/**
 * The model's reasoning: open while it streams, closes itself when the model
 * moves on and says how long it thought. Reasoning loaded from history has no
 * timing (the browser never saw it stream), so it is just "Reasoning".
 */
export function ReasoningBlock({ text, streaming, timingKey }: { text: string; streaming: boolean; timingKey: string }) {
  const timing = useActivityTiming(timingKey, streaming);
  const [open, setOpen] = useState(streaming);
  const [wasStreaming, setWasStreaming] = useState(streaming);
  if (streaming !== wasStreaming) {
    // Follow the stream: open when it starts, close once it is done.
    setWasStreaming(streaming);
    setOpen(streaming);
  }

  const label = streaming
    ? 'Thinking…'
    : timing?.endedAt !== undefined
      ? thoughtLabel(timing.startedAt, timing.endedAt)
      : 'Reasoning';
  const empty = text.trim() === '';

  if (empty && !streaming) {
    return (
      <div className="flex items-center gap-2 text-[13px] text-muted-foreground" data-testid="reasoning-block" data-state="done" data-empty>
        <BrainIcon className="size-3.5" aria-hidden />
        <span>{label}</span>
        <span className="text-xs opacity-75">(the provider did not share the reasoning text)</span>
      </div>
    );
  }

  return (
    <Collapsible open={open} onOpenChange={setOpen} data-testid="reasoning-block" data-state={streaming ? 'streaming' : 'done'}>
      <CollapsibleTrigger
        className="group flex items-center gap-1.5 rounded-md py-0.5 text-[13px] text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        data-testid="reasoning-toggle"
        title={open ? 'Hide reasoning' : 'Show reasoning'}
      >
        <BrainIcon className={cn('size-3.5', streaming && 'animate-pulse')} aria-hidden />
        <span className={cn(streaming && 'shimmer-text')} data-testid="reasoning-label">
          {label}
        </span>
        <ChevronRightIcon className={cn('size-3.5 transition-transform duration-150', open && 'rotate-90')} aria-hidden />
      </CollapsibleTrigger>
      <CollapsibleContent>
        <div className="mt-1.5 ml-1.5 border-l-2 pl-3.5 text-muted-foreground" data-testid="reasoning-text">
          <Markdown text={text} streaming={streaming} className="text-[13px] leading-relaxed" />
        </div>
      </CollapsibleContent>
    </Collapsible>
  );
}
