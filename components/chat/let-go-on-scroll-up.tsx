'use client';

import { useEffect } from 'react';
import { useStickToBottomContext } from 'use-stick-to-bottom';

/**
 * Lets go of the bottom as soon as the view moves up, however it was moved.
 * use-stick-to-bottom lets go at once on a wheel turned up, but a scrollbar
 * drag, a touch flick, Home or Page Up only come as scroll events, and it
 * ignores those while the content is changing height (the newest output
 * growing, or earlier rows drawn as they come near): it then carries on
 * sticking, pulls the view back down at the next growth, and the top of the
 * transcript never asks for the page before.
 *
 * Moving up is told apart from the content moving by what is left below: a
 * scroll that lowers `scrollTop` and leaves more below the screen than the
 * last scroll or resize did. Content shrinking at the bottom leaves nothing
 * more below; a resize above the screen, which scroll anchoring makes up for
 * by lowering `scrollTop`, is seen by the ResizeObserver (at the end of the
 * frame that laid it out) before its scroll event comes (at the start of the
 * next one), while a person's scroll comes before any resize it causes.
 */
export function LetGoOnScrollUp() {
  const { scrollRef, contentRef, stopScroll } = useStickToBottomContext();

  useEffect(() => {
    const scroller = scrollRef.current;
    const content = contentRef.current;
    if (!scroller || !content) return;
    const place = () => ({ top: scroller.scrollTop, below: scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight });
    let last = place();
    const onScroll = () => {
      const now = place();
      if (now.top < last.top - 1 && now.below > last.below + 1) stopScroll();
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
  }, [scrollRef, contentRef, stopScroll]);

  return null;
}
