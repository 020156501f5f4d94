'use client';

import { useEffect, useState } from 'react';

/**
 * The time, read when the component mounts and every `intervalMs` after. For
 * the share dialog, which only renders in the browser after a click (never
 * during hydration). Not lib/client/use-now: a lone subscriber there
 * resubscribes on every render and resets the clock, which loops.
 */
export function useClock(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
