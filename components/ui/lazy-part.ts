import type { ComponentType } from 'react';
import dynamic from 'next/dynamic';

/**
 * A component only some views draw, as a chunk of its own (next/dynamic) inside a Suspense boundary of its own.
 * Without `loading`, next/dynamic renders on the server with no boundary at all, so the first time one is drawn in
 * the browser (an approval request arriving mid-run) its suspension reached the nearest boundary above: everything up
 * to it disappeared until the chunk arrived. Here only its own place stays empty meanwhile.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> & { preload: () => void } {
  // `preload` fetches the chunk before the part is first drawn (when the page is idle, or a pointer nears its trigger).
  return Object.assign(dynamic(load, { loading: () => null }), { preload: () => void load() });
}
