'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { CloudOffIcon, ServerOffIcon } from 'lucide-react';
import { readConnectivity, reportServerReached, subscribeConnectivity } from '@/lib/client/connectivity';

/** While the server cannot be reached, ask it this often whether it is back (a cheap GET that needs no session). */
const PROBE_INTERVAL_MS = 5000;

/**
 * A bar at the top of the page while the browser is offline or the server does not answer; it goes away by itself
 * once a request gets through. Announced politely to screen readers.
 */
export function OfflineIndicator() {
  const state = useSyncExternalStore(subscribeConnectivity, readConnectivity, () => 'online' as const);

  useEffect(() => {
    if (state !== 'unreachable') return;
    const timer = setInterval(() => {
      fetch('/api/health', { cache: 'no-store' }).then(
        () => reportServerReached(true),
        () => {
          // still down: the next probe tries again
        },
      );
    }, PROBE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [state]);

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-2 z-[60] flex justify-center px-3">
      {state !== 'online' && (
        <p
          className="pointer-events-auto flex max-w-full items-center gap-2 rounded-full border border-warning/40 bg-background px-3 py-1.5 text-xs font-medium text-warning-text shadow-md"
          data-testid="offline-indicator"
          data-state={state}
        >
          {state === 'offline' ? <CloudOffIcon className="size-3.5 shrink-0" aria-hidden /> : <ServerOffIcon className="size-3.5 shrink-0" aria-hidden />}
          {state === 'offline' ? 'You are offline. Messages cannot be sent until the connection is back.' : 'The server does not answer. Trying again…'}
        </p>
      )}
    </div>
  );
}
