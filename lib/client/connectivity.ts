/**
 * Whether the browser can reach the server: the network as the browser sees it (navigator.onLine and its
 * online/offline events) and what our own requests found (lib/client/api.ts reports each one; a request that could
 * not connect at all marks the server unreachable, any answer marks it reachable again). Read by the offline
 * indicator in the shell.
 */

type Connectivity = 'online' | 'offline' | 'unreachable';

let serverUnreachable = false;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Called after each API request: `reached` is false only when no answer came back at all (a network error). */
export function reportServerReached(reached: boolean): void {
  if (serverUnreachable === !reached) return;
  serverUnreachable = !reached;
  notify();
}

export function subscribeConnectivity(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function readConnectivity(): Connectivity {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  return serverUnreachable ? 'unreachable' : 'online';
}
