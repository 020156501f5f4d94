'use client';

import { useEffect, useEffectEvent, useRef } from 'react';
import { ChevronsUpIcon } from 'lucide-react';
import { useStickToBottomContext } from 'use-stick-to-bottom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** The messages before the loaded ones, and how to load them (useTranscriptHistory). */
export interface EarlierMessages {
  hasEarlier: boolean;
  loading: boolean;
  failed: boolean;
  load: (options: { beforeApply: () => void }) => Promise<boolean>;
}

/** Start loading while the top is still this far above the screen, so scrolling up rarely waits. */
const PRELOAD_MARGIN_PX = 600;

/**
 * The top of a long transcript: the page before loads when it comes near the
 * screen (an IntersectionObserver on this element), and the button does the
 * same for a keyboard or when the automatic load failed.
 */
export function LoadEarlier({ earlier, beforeApply }: { earlier: EarlierMessages; beforeApply: (scroller: HTMLElement) => void }) {
  const { scrollRef, isAtBottom } = useStickToBottomContext();
  const sentinel = useRef<HTMLDivElement>(null);

  function load() {
    const scroller = scrollRef.current;
    if (!scroller || !earlier.hasEarlier || earlier.loading) return;
    void earlier.load({ beforeApply: () => beforeApply(scroller) });
  }

  const onNearTop = useEffectEvent(() => {
    const scroller = scrollRef.current;
    if (!scroller || earlier.failed) return;
    // On open the view starts at the top for a moment before it sticks to the bottom: only a
    // person who scrolled up, or a page too short to scroll, needs the page before.
    const fits = scroller.scrollHeight <= scroller.clientHeight + PRELOAD_MARGIN_PX;
    if (isAtBottom && !fits) return;
    load();
  });

  useEffect(() => {
    const scroller = scrollRef.current;
    const element = sentinel.current;
    if (!scroller || !element || !earlier.hasEarlier) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onNearTop(), {
      root: scroller,
      rootMargin: `${PRELOAD_MARGIN_PX}px 0px 0px 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [scrollRef, earlier.hasEarlier, earlier.loading]);

  if (!earlier.hasEarlier) return null;
  return (
    <div ref={sentinel} className="flex justify-center" data-testid="load-earlier-area">
      <Button variant="ghost" size="sm" onClick={load} disabled={earlier.loading} aria-busy={earlier.loading || undefined} data-testid="load-earlier">
        {earlier.loading ? <Spinner /> : <ChevronsUpIcon />}
        {earlier.loading ? 'Loading earlier messages…' : earlier.failed ? 'Could not load earlier messages: try again' : 'Load earlier messages'}
      </Button>
    </div>
  );
}
