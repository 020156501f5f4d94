'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * How far beyond the visible part of the transcript a row of an earlier page
 * stays drawn. Further away it is "parked": replaced by an empty box of its
 * measured height, so the DOM holds what is near the screen (plus one box per
 * message) however far back the person scrolls. Parking keeps the height, so
 * nothing on screen moves; a parked row is drawn again before it comes into view.
 */
const NEAR_MARGIN = '1600px 0px';

type Listener = (near: boolean) => void;
const observers = new WeakMap<Element, { observer: IntersectionObserver; listeners: Map<Element, Listener> }>();

/** One IntersectionObserver per scrolling transcript, shared by its rows. */
function observeNearScreen(row: Element, scroller: Element, listener: Listener): () => void {
  let entry = observers.get(scroller);
  if (!entry) {
    const listeners = new Map<Element, Listener>();
    const observer = new IntersectionObserver(
      (changes) => {
        for (const change of changes) listeners.get(change.target)?.(change.isIntersecting);
      },
      { root: scroller, rootMargin: NEAR_MARGIN },
    );
    entry = { observer, listeners };
    observers.set(scroller, entry);
  }
  entry.listeners.set(row, listener);
  entry.observer.observe(row);
  const { observer, listeners } = entry;
  return () => {
    observer.unobserve(row);
    listeners.delete(row);
  };
}

/** The nearest ancestor that scrolls (the transcript's scroller). */
function scrollerOf(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (overflowY === 'auto' || overflowY === 'scroll') return parent;
  }
  return null;
}

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
