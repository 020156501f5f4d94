'use client';

import { toast } from 'sonner';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { readError } from '@/lib/client/api-error';

/**
 * Reports a failed background refresh as a toast: data already on screen (a list re-read on focus, after a run…)
 * stays, but the person learns it may be stale and why. A first load that fails shows its error in place, where it
 * is asked for, so it is not toasted; a network failure is the offline indicator's. One toast per key at a time.
 */
const onError: NonNullable<SWRConfiguration['onError']> = (error, key, config) => {
  if (config.cache.get(key)?.data === undefined) return;
  const readable = readError(error);
  if (readable.code === 'network') return;
  toast.error('Could not refresh', { id: `refresh:${key}`, description: readable.message });
};

const value: SWRConfiguration = { onError };

export function BackgroundErrors({ children }: { children: React.ReactNode }) {
  return <SWRConfig value={value}>{children}</SWRConfig>;
}
