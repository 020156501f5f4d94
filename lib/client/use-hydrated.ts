'use client';

import { useSyncExternalStore } from 'react';

/** A subscription for a value that never changes after hydration (useSyncExternalStore's first argument). */
export const noSubscription = () => () => {};

const onClient = () => true;
const onServer = () => false;

/**
 * False on the server and while React hydrates (it reads the server snapshot then), true in a client render: after
 * hydration, a new component, a client-side navigation.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, onClient, onServer);
}
