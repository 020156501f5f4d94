'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { pruneDrafts, readDraft, writeDraft } from '@/lib/client/draft-store';

/**
 * The composer's text, kept outside React state so that typing re-renders the
 * composer alone: the chat view holds this stable handle (send, restore, fill,
 * focus) and only the composer subscribes to the text (`useDraftText`).
 * Sending clears it but remembers what was sent, so a message the server
 * refused can be given back without overwriting anything typed since.
 */
export interface Draft {
  /** The text now (read at call time). */
  get: () => string;
  setDraft: (text: string | ((current: string) => string)) => void;
  subscribe: (onChange: () => void) => () => void;
  inputRef: React.RefObject<HTMLTextAreaElement | null>;
  /** Clears the text and remembers it as the last sent message. */
  markSent: (text: string) => void;
  /** Puts `text` (by default the last sent message) back, unless something new was typed meanwhile. */
  restore: (text?: string) => void;
  focus: () => void;
  /** Replaces the text (an example prompt) and puts the cursor at its end. */
  fill: (text: string) => void;
}

function createDraft(): Draft {
  let text = '';
  let lastSent = '';
  const listeners = new Set<() => void>();
  const inputRef: React.RefObject<HTMLTextAreaElement | null> = { current: null };
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const setDraft: Draft['setDraft'] = (next) => {
    const value = typeof next === 'function' ? next(text) : next;
    if (value === text) return;
    text = value;
    notify();
  };
  return {
    get: () => text,
    setDraft,
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    inputRef,
    markSent: (sent) => {
      lastSent = sent;
      setDraft('');
    },
    restore: (previous) => {
      const value = text.trim() ? text : (previous ?? lastSent);
      // Given back unchanged (a message of images alone had no text): still tell the listeners, so the images come back too.
      if (value === text) notify();
      else setDraft(value);
    },
    focus: () => inputRef.current?.focus(),
    fill: (value) => {
      setDraft(value);
      inputRef.current?.focus();
      // Once the new value is rendered, put the cursor at its end.
      requestAnimationFrame(() => inputRef.current?.setSelectionRange(value.length, value.length));
    },
  };
}

/** One draft for the life of the component: a stable handle, whatever is typed. */
export function useDraft(): Draft {
  const [draft] = useState(createDraft);
  return draft;
}

/** The draft's text, for the one component that shows it. */
export function useDraftText(draft: Draft): string {
  return useSyncExternalStore(draft.subscribe, draft.get, draft.get);
}

/**
 * Keeps the draft in the browser under `key` (the session id): what was left
 * unsent comes back after a reload, and sending (which clears it) removes it.
 * Read after mount, so the server's render (always empty) and the first
 * client render agree.
 */
export function usePersistedDraft(draft: Draft, key: string): void {
  useEffect(() => {
    pruneDrafts();
    const stored = readDraft(key);
    if (stored && !draft.get()) draft.setDraft(stored);
    return draft.subscribe(() => writeDraft(key, draft.get()));
  }, [draft, key]);
}
