'use client';

import { useEffect, type RefObject } from 'react';
import type { StickToBottomContext } from 'use-stick-to-bottom';

/** A growing composer shrinks the transcript: the newest output stays in view if it was. */
export function useKeepBottomInView(
  composerRef: RefObject<HTMLElement | null>,
  stickRef: RefObject<Pick<StickToBottomContext, 'scrollToBottom'> | null>,
): void {
  useEffect(() => {
    const element = composerRef.current;
    if (!element) return;
    const observer = new ResizeObserver(() => void stickRef.current?.scrollToBottom({ animation: 'instant', preserveScrollPosition: true }));
    observer.observe(element);
    return () => observer.disconnect();
  }, [composerRef, stickRef]);
}
