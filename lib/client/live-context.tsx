'use client';

import { createContext, useContext, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { noSubscription } from '@/lib/client/use-hydrated';

/**
 * A context whose changing value reaches its readers by subscription (useSyncExternalStore) rather than by React's
 * context propagation. The context itself holds a store that never changes, so a new value walks no subtree: React's
 * propagation marks every Suspense boundary still waiting to hydrate below a changed provider (it cannot know whether
 * the boundary reads the context), and a non-transition update then discards the boundary's server HTML and renders it
 * on the client. In a long session that was every loaded message's markdown at the first Send after the page opened:
 * ~30 boundaries rendered again in one ~200 ms task (bench/diag-fibers.mjs lists the contexts a commit changed).
 * Readers get the new value one commit after the provider's, the way an external store's readers do.
 */
export interface LiveContext<T> {
  Provider: (props: { value: T; children?: ReactNode }) => ReactNode;
  /** The provider's value; `fallback` outside any provider. */
  useValue: () => T;
}

class LiveStore<T> {
  private readonly listeners = new Set<() => void>();
  constructor(private value: T) {}
  readonly get = (): T => this.value;
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  set(value: T): void {
    if (Object.is(value, this.value)) return;
    this.value = value;
    for (const listener of this.listeners) listener();
  }
}


export function createLiveContext<T>(name: string, fallback: T): LiveContext<T> {
  const StoreContext = createContext<LiveStore<T> | null>(null);
  StoreContext.displayName = name;
  const fallbackValue = () => fallback;

  function Provider({ value, children }: { value: T; children?: ReactNode }) {
    const [store] = useState(() => new LiveStore(value));
    useLayoutEffect(() => store.set(value), [store, value]);
    return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
  }

  function useValue(): T {
    const store = useContext(StoreContext);
    return useSyncExternalStore(store?.subscribe ?? noSubscription, store?.get ?? fallbackValue, store?.get ?? fallbackValue);
  }

  return { Provider, useValue };
}
