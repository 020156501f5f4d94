'use client';

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { lazyPart } from '@/components/ui/lazy-part';
import type { FindBarProps } from '@/components/chat/find-bar';
import { whenIdle } from '@/lib/client/when-idle';

const FindBar = lazyPart(() => import('@/components/chat/find-bar').then((module) => module.default));

/**
 * Find in the conversation (Ctrl+F or ⌘F while the session is in front; a second press in the bar opens the
 * browser's own). The shortcut is always listened for; the bar itself (components/chat/find-bar.tsx) is a chunk of
 * its own, fetched when the page is idle or at the first press. Escape closes it and gives focus back.
 */
export function TranscriptFind(props: Omit<FindBarProps, 'selectRequests' | 'onClose'>) {
  const [open, setOpen] = useState(false);
  const [selectRequests, setSelectRequests] = useState(0);
  const returnFocus = useRef<HTMLElement | null>(null);

  const openBar = useEffectEvent((event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'f') return;
    const target = event.target instanceof Element ? event.target : null;
    // Dialogs and side panels keep the browser's find; a second press in the bar opens it too.
    if (target?.closest('[role="dialog"]') || (open && target?.matches('[data-testid="transcript-find-input"]'))) return;
    event.preventDefault();
    if (!open) returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
    setSelectRequests((count) => count + 1);
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => openBar(event);
    window.addEventListener('keydown', onKeyDown);
    // The bar's chunk, before anyone presses Ctrl+F.
    const cancelPreload = whenIdle(FindBar.preload, { timeoutMs: 5000, fallbackMs: 1000 });
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      cancelPreload();
    };
  }, []);

  function close() {
    setOpen(false);
    const back = returnFocus.current;
    returnFocus.current = null;
    if (back?.isConnected) back.focus();
    else document.querySelector<HTMLElement>('[data-testid="composer-input"], textarea')?.focus();
  }

  return open ? <FindBar {...props} selectRequests={selectRequests} onClose={close} /> : null;
}
