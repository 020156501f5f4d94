'use client';

import { useCallback, useMemo, useRef, useState } from 'react';

/**
 * The composer's text. Sending clears it but remembers what was sent, so a
 * message the server refused can be given back without overwriting anything
 * the person typed since.
 */
export function useDraft() {
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const lastSentRef = useRef('');

  const markSent = useCallback((text: string) => {
    lastSentRef.current = text;
    setDraft('');
  }, []);

  /** Puts `text` (by default the last sent message) back, unless something new was typed meanwhile. */
  const restore = useCallback((text?: string) => {
    const previous = text ?? lastSentRef.current;
    setDraft((current) => (current.trim() ? current : previous));
  }, []);

  const focus = useCallback(() => inputRef.current?.focus(), []);

  /** Replaces the text (an example prompt) and puts the cursor at its end. */
  const fill = useCallback((text: string) => {
    setDraft(text);
    inputRef.current?.focus();
    // Once the new value is rendered, put the cursor at its end.
    requestAnimationFrame(() => inputRef.current?.setSelectionRange(text.length, text.length));
  }, []);

  return useMemo(() => ({ draft, setDraft, inputRef, markSent, restore, focus, fill }), [draft, markSent, restore, focus, fill]);
}

export type Draft = ReturnType<typeof useDraft>;
