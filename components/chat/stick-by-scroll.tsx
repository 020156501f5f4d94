'use client';

import { useEffect, useEffectEvent } from 'react';
import { useStickToBottomContext } from 'use-stick-to-bottom';

/**
 * Lets go of the bottom as soon as the view moves up, and takes hold again when
 * it is brought back to the very bottom, however it was moved. use-stick-to-bottom
 * lets go at once on a wheel turned up, but a scrollbar drag, a touch flick, Home,
 * End or Page Up/Down only come as scroll events, and it ignores those while the
 * content is changing height (the newest output growing, or earlier rows drawn as
 * they come near): it then carried on sticking, pulled the view back down at the
 * next growth (and the top of the transcript never asked for the page before), or
 * stayed let go at the bottom while new output went out of sight below.
 *
 * Moving is told apart from the content moving by what is left below: a scroll
 * that lowers `scrollTop` and leaves more below the screen than the last scroll
 * or resize did. Content shrinking at the bottom leaves nothing more below; a
 * resize above the screen, which scroll anchoring makes up for by lowering
 * `scrollTop`, is seen by the ResizeObserver (at the end of the frame that laid
 * it out) before its scroll event comes (at the start of the next one), while a
 * person's scroll comes before any resize it causes. While let go, nothing but
 * the person (or the find bar) scrolls down.
 */
/** Where the view is: `scrollTop`, and how much of the content is below the screen. */
interface Place {
  top: number;
  below: number;
}

export function StickByScroll() {
  const { scrollRef, contentRef, stopScroll, scrollToBottom, isAtBottom } = useStickToBottomContext();
  const moved = useEffectEvent((last: Place, now: Place) => {
    // Below zero is an overscroll bouncing back at the bottom (Safari): not away from it.
    if (now.top < last.top - 1 && now.below > Math.max(last.below, 0) + 1) stopScroll();
    else if (now.top > last.top + 1 && now.below <= 1 && !isAtBottom) void scrollToBottom('instant');
  });

  useEffect(() => {
    const scroller = scrollRef.current;
    const content = contentRef.current;
    if (!scroller || !content) return;
    const place = (): Place => ({ top: scroller.scrollTop, below: scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight });
    let last = place();
    const onScroll = () => {
      const now = place();
      moved(last, now);
      last = now;
    };
    const resizes = new ResizeObserver(() => (last = place()));
    resizes.observe(scroller);
    resizes.observe(content);
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      resizes.disconnect();
    };
  }, [scrollRef, contentRef]);

  return null;
}
