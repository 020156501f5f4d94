'use client';

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { ChevronsUpIcon } from 'lucide-react';
import { useStickToBottomContext } from 'use-stick-to-bottom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** The messages before the loaded ones, and how to load them (useTranscriptHistory). */
export interface EarlierMessages {
  hasEarlier: boolean;
  /** Messages that came with earlier pages (see Transcript's deferred rows). */
  loadedIds: ReadonlySet<string>;
  loading: boolean;
  failed: boolean;
  /** `beforePrepend` runs just before the page is put in front. */
  load: (options: { beforePrepend: () => void }) => Promise<boolean>;
}

/** Start loading while the top is still this far above the screen, so scrolling up rarely waits. */
const PRELOAD_MARGIN_PX = 600;

/**
 * The top of a long transcript: the page before loads when it comes near the
 * screen (an IntersectionObserver on this element), and the button does the
 * same for a keyboard or when the automatic load failed.
 */
export function LoadEarlier({ earlier, firstId, beforePrepend }: { earlier: EarlierMessages; firstId: string; beforePrepend: (scroller: HTMLElement) => void }) {
  const { scrollRef, isAtBottom } = useStickToBottomContext();
  const sentinel = useRef<HTMLDivElement>(null);
  // A new object per report, so that a report after a page came in is acted on even when it says the same.
  const [nearTop, setNearTop] = useState({ near: false });

  function load() {
    const scroller = scrollRef.current;
    if (scroller && earlier.hasEarlier && !earlier.loading) void earlier.load({ beforePrepend: () => beforePrepend(scroller) });
  }

  // Observed again once a page is put in front: the first report says whether the top is still near.
  useEffect(() => {
    const scroller = scrollRef.current;
    const element = sentinel.current;
    if (!scroller || !element || !earlier.hasEarlier || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setNearTop({ near: entries.some((entry) => entry.isIntersecting) }), {
      root: scroller,
      rootMargin: `${PRELOAD_MARGIN_PX}px 0px 0px 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [scrollRef, earlier.hasEarlier, firstId]);

  const loadNearTop = useEffectEvent(() => {
    const scroller = scrollRef.current;
    if (!nearTop.near || !scroller || earlier.failed) return;
    // On open the view starts at the top for a moment before it sticks to the bottom: only a
    // person who scrolled up, or a page too short to scroll, needs the page before.
    const fits = scroller.scrollHeight <= scroller.clientHeight + PRELOAD_MARGIN_PX;
    if (isAtBottom && !fits) return;
    load();
  });
  useEffect(() => loadNearTop(), [nearTop, isAtBottom]);

  if (!earlier.hasEarlier) return null;
  return (
    <div ref={sentinel} className="flex justify-center" data-testid="load-earlier-area">
      {/* aria-disabled, not disabled: a disabled button drops keyboard focus, and the load starts as soon as the button
          comes into view, so a keyboard user lost their place before a failed load's "try again" (load ignores presses meanwhile). */}
      <Button
        variant="ghost"
        size="sm"
        onClick={load}
        aria-disabled={earlier.loading || undefined}
        aria-busy={earlier.loading || undefined}
        className="aria-disabled:opacity-50"
        data-testid="load-earlier"
      >
        {earlier.loading ? <Spinner /> : <ChevronsUpIcon />}
        {earlier.loading ? 'Loading earlier messages…' : earlier.failed ? 'Could not load earlier messages: try again' : 'Load earlier messages'}
      </Button>
    </div>
  );
}
