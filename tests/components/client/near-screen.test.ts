import { afterEach, expect, test, vi } from 'vitest';
import { NEAR_PX, untilNearScreen } from '@/lib/client/near-screen';

// What the markdown's hydration waits on (components/chat/markdown.tsx). That offscreen markdown really stays
// server HTML in a browser, and hydrates when scrolled near, is tests/e2e/long-session.spec.ts.

/** An IntersectionObserver that reports only when the test says so. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly watched = new Set<Element>();
  constructor(private readonly callback: (entries: IntersectionObserverEntry[]) => void) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  unobserve(element: Element) {
    this.watched.delete(element);
  }
  disconnect() {
    this.watched.clear();
  }
  report(element: Element, isIntersecting: boolean) {
    this.callback([{ target: element, isIntersecting } as IntersectionObserverEntry]);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.all = [];
  document.body.replaceChildren();
});

/** A scroller showing 0..800 px and an element placed at `top` in it (boxes as the browser would measure them). */
function placed(top: number) {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  const scroller = document.createElement('div');
  scroller.style.overflowY = 'auto';
  const element = document.createElement('div');
  scroller.append(element);
  document.body.append(scroller);
  const box = (y: number, height: number) => ({ top: y, bottom: y + height, left: 0, right: 600, width: 600, height, x: 0, y, toJSON: () => ({}) });
  scroller.getBoundingClientRect = () => box(0, 800);
  let at = top;
  element.getBoundingClientRect = () => box(at, 100);
  return { element, moveTo: (y: number) => void (at = y) };
}

test('near the screen (within NEAR_PX of what the scroller shows), nothing waits', () => {
  expect(untilNearScreen(placed(300).element)).toBeNull();
  expect(untilNearScreen(placed(-NEAR_PX + 50).element)).toBeNull();
  expect(untilNearScreen(placed(800 + NEAR_PX - 50).element)).toBeNull();
  expect(untilNearScreen(null)).toBeNull();
});

test('far above, one promise per element until the observer reports it near; then nothing waits', async () => {
  const { element } = placed(-3 * NEAR_PX);
  const wait = untilNearScreen(element);
  expect(wait).toBeInstanceOf(Promise);
  expect(untilNearScreen(element)).toBe(wait);
  const observer = FakeObserver.all[0]!;
  expect(observer.watched.has(element)).toBe(true);

  let resolved = false;
  void wait!.then(() => (resolved = true));
  observer.report(element, false);
  await Promise.resolve();
  expect(resolved).toBe(false);
  observer.report(element, true);
  await wait;
  expect(resolved).toBe(true);
  expect(observer.watched.has(element)).toBe(false);
});

test('scrolled near before the observer has reported (React hydrating at once for a click): the wait ends at the next call', async () => {
  const { element, moveTo } = placed(5 * NEAR_PX);
  const wait = untilNearScreen(element);
  expect(wait).toBeInstanceOf(Promise);
  moveTo(200);
  expect(untilNearScreen(element)).toBeNull();
  await wait;
  expect(FakeObserver.all[0]!.watched.has(element)).toBe(false);
});

test('without a scroller or an IntersectionObserver, nothing waits', () => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  const loose = document.createElement('div');
  document.body.append(loose);
  expect(untilNearScreen(loose)).toBeNull();
  vi.stubGlobal('IntersectionObserver', undefined);
  expect(untilNearScreen(placedWithoutObserver())).toBeNull();
});

function placedWithoutObserver() {
  const scroller = document.createElement('div');
  scroller.style.overflowY = 'auto';
  const element = document.createElement('div');
  scroller.append(element);
  document.body.append(scroller);
  element.getBoundingClientRect = () => ({ top: 9000, bottom: 9100, left: 0, right: 0, width: 0, height: 100, x: 0, y: 9000, toJSON: () => ({}) });
  return element;
}
