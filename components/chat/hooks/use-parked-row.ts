'use client';

import { useEffect, useRef, useState } from 'react';
import { observeNearScreen, scrollerOf } from '@/lib/client/near-screen';

/*
 * A row of an earlier page that is not near the screen (lib/client/near-screen.ts) is "parked": replaced by an empty
 * box of its measured height, so the DOM holds what is near the screen (plus one box per message) however far back
 * the person scrolls. Parking keeps the height, so nothing on screen moves; a parked row is drawn again before it
 * comes into view.
 */

/**
 * For a row of an earlier page: the height to hold while it is parked, or
 * undefined while it is drawn. Rows of the first page and new ones are never
 * parked (`enabled` false), so nothing near the bottom changes while the view
 * sticks there.
 */
export function useParkedRow(enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [parkedHeight, setParkedHeight] = useState<number | undefined>(undefined);
  useEffect(() => {
    const row = ref.current;
    if (!enabled || !row || typeof IntersectionObserver === 'undefined') return;
    const scroller = scrollerOf(row);
    if (!scroller) return;
    const stop = observeNearScreen(row, scroller, (near) => {
      if (near) setParkedHeight(undefined);
      // A row holding the focus stays drawn: parking it would drop the focus to the page.
      else if (!row.contains(document.activeElement)) setParkedHeight((current) => current ?? row.getBoundingClientRect().height);
    });
    return () => {
      stop();
      setParkedHeight(undefined);
    };
  }, [enabled]);
  return { ref, parkedHeight };
}
