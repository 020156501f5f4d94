'use client';

import { useMemo } from 'react';
import { toast } from '@/lib/client/toast';
import { SWRConfig, useSWRConfig, type SWRConfiguration } from 'swr';
import { readError } from '@/lib/client/api-error';

/**
 * Reports a failed background refresh as a toast: data already on screen (a list re-read on focus, after a run…)
 * stays, but the person learns it may be stale and why. A first load that fails shows its error in place, where it
 * is asked for, so it is not toasted; a network failure is the offline indicator's. One toast per key at a time.
 */
export function BackgroundErrors({ children }: { children: React.ReactNode }) {
  const { cache } = useSWRConfig();
  const value = useMemo<SWRConfiguration>(
    () => ({
      onError: (error, key) => {
        if (cache.get(key)?.data === undefined) return;
        const readable = readError(error);
        if (readable.code === 'network') return;
        toast.error('Could not refresh', { id: `refresh:${key}`, description: readable.message });
      },
    }),
    [cache],
  );
  return <SWRConfig value={value}>{children}</SWRConfig>;
}
