'use client';

import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_SHARE_OPTIONS, expiresAtFor, type ExpiryChoice } from '@/components/share/share-labels';
import type { ShareOptions } from '@/lib/api-types';
import type { ShareCreateInput, ShareDraft, ShareMode } from '@/lib/client/share-api';

/** The owner's choices for a new link, before publishing. */
export function useShareDraft() {
  const [options, setOptions] = useState<ShareOptions>(DEFAULT_SHARE_OPTIONS);
  const [mode, setMode] = useState<ShareMode>('snapshot');
  const [expiry, setExpiry] = useState<ExpiryChoice>('never');
  const [redact, setRedact] = useState<readonly string[]>([]);
  const [allowEmbed, setAllowEmbed] = useState(false);

  const setOption = useCallback((key: keyof ShareOptions, value: boolean) => setOptions((current) => ({ ...current, [key]: value })), []);
  const toggleRedact = useCallback(
    (id: string) => setRedact((current) => (current.includes(id) ? current.filter((other) => other !== id) : [...current, id])),
    [],
  );
  // Ids stay chosen when their finding leaves the preview (say, tool output hidden): showing it again keeps it redacted.
  const redactAll = useCallback((ids: string[]) => setRedact((current) => [...current, ...ids.filter((id) => !current.includes(id))]), []);

  const draft = useMemo((): ShareDraft => ({ options, redact: [...redact] }), [options, redact]);
  const createInput = useCallback(
    (now: number): ShareCreateInput => ({ mode, ...draft, expiresAt: expiresAtFor(expiry, now), allowEmbed }),
    [mode, draft, expiry, allowEmbed],
  );

  return { options, setOption, mode, setMode, expiry, setExpiry, allowEmbed, setAllowEmbed, redact, toggleRedact, redactAll, draft, createInput };
}

export type ShareDraftState = ReturnType<typeof useShareDraft>;
