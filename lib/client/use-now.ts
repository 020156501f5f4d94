'use client';

import { useCallback, useSyncExternalStore } from 'react';

/**
 * A shared ticking clock. Components that show live time ("12 s", "5 min
 * ago") read it instead of calling Date.now() during render, so renders stay
 * pure and every subscriber ticks in step. On the server and during hydration
 * it reads 0: callers render nothing time-dependent until the client clock runs.
 */

type Listener = () => void;

const clocks = new Map<number, { now: number; listeners: Set<Listener>; timer?: ReturnType<typeof setInterval> }>();

function clockFor(intervalMs: number) {
  let clock = clocks.get(intervalMs);
  if (!clock) {
    clock = { now: Date.now(), listeners: new Set() };
    clocks.set(intervalMs, clock);
  }
  return clock;
}

function subscribe(intervalMs: number, listener: Listener) {
  const clock = clockFor(intervalMs);
  clock.listeners.add(listener);
  if (!clock.timer) {
    clock.now = Date.now();
    clock.timer = setInterval(() => {
      clock.now = Date.now();
      clock.listeners.forEach((notify) => notify());
    }, intervalMs);
  }
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size === 0 && clock.timer) {
      clearInterval(clock.timer);
      clock.timer = undefined;
    }
  };
}

/** The current time, updated every `intervalMs` while `enabled`; 0 before hydration. */
export function useNow(intervalMs = 1000, enabled = true): number {
  // Stable: a new subscribe function on every render would unsubscribe and subscribe again each time,
  // restarting an idle clock (a new `now`), which renders again, for ever.
  const subscribeToClock = useCallback((listener: Listener) => (enabled ? subscribe(intervalMs, listener) : () => {}), [intervalMs, enabled]);
  return useSyncExternalStore(
    subscribeToClock,
    () => (enabled ? clockFor(intervalMs).now : frozenNow(intervalMs)),
    () => 0,
  );
}

function frozenNow(intervalMs: number) {
  return clockFor(intervalMs).now;
}
