'use client';

import Link from 'next/link';
import { useState, type ComponentProps } from 'react';

/**
 * A `next/link` that prefetches once a person shows intent (the pointer over it, focus, a touch) instead of as soon
 * as it is on screen: Next's documented hover-prefetch pattern (node_modules/next/dist/docs/01-app/02-guides/
 * prefetching.md), with focus and touch added for keyboards and phones. The sidebar shows a dozen links on every
 * page; prefetched on sight, each was a server render (`?_rsc=`) as the page opened and again whenever the router's
 * state changed, and on a busy server those renders came right when a person sends: a run's first response and the
 * markdown renderer's chunk waited behind them (up to ~1 s in the bench's 2,000-message session). Every page here is
 * dynamic and there is no loading.js, so a prefetch on sight brought little a navigation does not fetch anyway.
 */
export function IntentLink({ prefetch, onMouseEnter, onTouchStart, onFocus, ...props }: ComponentProps<typeof Link>) {
  const [intent, setIntent] = useState(false);
  /** The handler given, after noting the intent. */
  const noting =
    <E,>(handler?: (event: E) => void) =>
    (event: E) => {
      setIntent(true);
      handler?.(event);
    };
  return <Link {...props} prefetch={intent ? (prefetch ?? null) : false} onMouseEnter={noting(onMouseEnter)} onTouchStart={noting(onTouchStart)} onFocus={noting(onFocus)} />;
}
