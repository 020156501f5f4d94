'use client';

import { useCallback, useEffect, useRef } from 'react';
import type { Draft } from '@/components/chat/hooks/use-draft';

/**
 * What went out with the last message besides its text (images, resource chips): when the server refuses
 * the message, the draft gives the sent text back in one step (draft.restore), and these come back with
 * it through `restore`. Anything typed first forgets them. Answers `remember(text, items)`, called on send.
 */
export function useReturnWithDraft<T>(draft: Draft, restore: (items: T[]) => void): (text: string, items: T[]) => void {
  const lastSent = useRef<{ text: string; items: T[] } | null>(null);
  const restoreRef = useRef(restore);
  useEffect(() => {
    restoreRef.current = restore;
  }, [restore]);
  useEffect(
    () =>
      draft.subscribe(() => {
        const sent = lastSent.current;
        if (!sent) return;
        const text = draft.get();
        if (text === sent.text) {
          lastSent.current = null;
          restoreRef.current(sent.items);
        } else if (text !== '') lastSent.current = null;
      }),
    [draft],
  );
  return useCallback((text: string, items: T[]) => {
    lastSent.current = items.length ? { text, items } : null;
  }, []);
}
