/**
 * "Near the screen" for things inside the scrolling transcript: within NEAR_PX above or below its visible part.
 * Rows of earlier pages are parked beyond it (components/chat/hooks/use-parked-row.ts), and server-rendered
 * markdown beyond it waits to hydrate (components/chat/markdown.tsx).
 */
export const NEAR_PX = 1600;

type Listener = (near: boolean) => void;
const observers = new WeakMap<Element, { observer: IntersectionObserver; listeners: Map<Element, Listener> }>();

/** One IntersectionObserver per scroller, shared by everything watched in it; calls `listener` as `element` comes near or goes. */
export function observeNearScreen(element: Element, scroller: Element, listener: Listener): () => void {
  let entry = observers.get(scroller);
  if (!entry) {
    const listeners = new Map<Element, Listener>();
    const observer = new IntersectionObserver(
      (changes) => {
        for (const change of changes) listeners.get(change.target)?.(change.isIntersecting);
      },
      { root: scroller, rootMargin: `${NEAR_PX}px 0px` },
    );
    entry = { observer, listeners };
    observers.set(scroller, entry);
  }
  entry.listeners.set(element, listener);
  entry.observer.observe(element);
  const { observer, listeners } = entry;
  return () => {
    observer.unobserve(element);
    listeners.delete(element);
  };
}

/** The nearest ancestor that scrolls (the transcript's scroller), or null. */
export function scrollerOf(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (overflowY === 'auto' || overflowY === 'scroll') return parent;
  }
  return null;
}

/** Whether `element` is within NEAR_PX of the scroller's visible part now (a layout read). */
function isNearScreen(element: Element, scroller: Element): boolean {
  const box = element.getBoundingClientRect();
  const view = scroller.getBoundingClientRect();
  return box.bottom >= view.top - NEAR_PX && box.top <= view.bottom + NEAR_PX;
}

const waiting = new WeakMap<Element, { promise: Promise<void>; done: () => void }>();

/**
 * A promise that resolves when `element` comes near the screen of its scroller; null when it is near already, or
 * when that cannot be told (no element, no scroller, no IntersectionObserver). One promise per element while it
 * waits; nearness is read again at every call, so a caller that comes back before the observer has reported (React
 * hydrating at once for a click on the element) finds it near.
 */
export function untilNearScreen(element: HTMLElement | null): Promise<void> | null {
  if (!element || typeof IntersectionObserver === 'undefined') return null;
  const scroller = scrollerOf(element);
  const pending = waiting.get(element);
  if (!scroller || isNearScreen(element, scroller)) {
    pending?.done();
    return null;
  }
  if (pending) return pending.promise;
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  const target = element;
  const done = () => {
    stop();
    waiting.delete(target);
    resolve();
  };
  const stop = observeNearScreen(target, scroller, (near) => {
    if (near) done();
  });
  waiting.set(target, { promise, done });
  return promise;
}
