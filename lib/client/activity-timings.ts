'use client';

import { useEffect, useSyncExternalStore } from 'react';

/**
 * When did this tool call or reasoning block start and end, as seen by this
 * browser? Messages carry no timestamps per part, so the UI records the
 * moments it first sees a part active and then settled. Kept outside React
 * state so it survives re-mounts while a message streams.
 */

export interface ActivityTiming {
  startedAt: number;
  endedAt?: number;
}

const timings = new Map<string, ActivityTiming>();
const listeners = new Set<() => void>();

function notify() {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Records the start when `active` first becomes true and the end when it turns
 * false. A part that was never seen active (loaded from history) has no timing.
 */
export function useActivityTiming(key: string, active: boolean): ActivityTiming | undefined {
  useEffect(() => {
    const timing = timings.get(key);
    if (active && !timing) {
      timings.set(key, { startedAt: Date.now() });
      notify();
    } else if (!active && timing && timing.endedAt === undefined) {
      timings.set(key, { ...timing, endedAt: Date.now() });
      notify();
    }
  }, [key, active]);
  return useSyncExternalStore(
    subscribe,
    () => timings.get(key),
    () => undefined,
  );
}
