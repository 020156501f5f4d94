'use client';

import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function of stable identity that calls the latest `fn` given: for a handler passed to a memoised child that
 * need not render again when the handler's closure changes (the composer, while a reply streams). Call it from event
 * handlers and effects, not during render: it sees the `fn` of the last commit.
 */
export function useLatestCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  useLayoutEffect(() => {
    ref.current = fn;
  });
  return useCallback((...args: A) => ref.current(...args), []);
}
