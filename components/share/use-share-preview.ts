'use client';

import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { SharePreview } from '@/lib/api-types';
import { previewShare, type ShareDraft } from '@/lib/client/share-api';

const PREVIEW_DEBOUNCE_MS = 300;

/** `value`, once it has stayed the same for `delayMs`; the first value at once. */
function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The server's preview of a share with these choices: read again (after a
 * short pause) whenever the options or redactions change, showing the last
 * preview meanwhile. `stale` is true until the preview matches the choices.
 */
export function useSharePreview(sessionId: string, draft: ShareDraft, enabled = true) {
  // A string key: equal choices are one request, whatever object holds them.
  const body = JSON.stringify(draft);
  const debounced = useDebouncedValue(body, PREVIEW_DEBOUNCE_MS);
  const swr = useSWR(
    enabled ? ['share-preview', sessionId, debounced] : null,
    ([, id, text]): Promise<SharePreview> => previewShare(id, JSON.parse(text) as ShareDraft),
    { keepPreviousData: true, revalidateOnFocus: false, revalidateOnReconnect: false },
  );
  const stale = body !== debounced || swr.isValidating;
  return { preview: swr.data, error: swr.error as unknown, stale, ready: swr.data !== undefined && !stale && !swr.error };
}
