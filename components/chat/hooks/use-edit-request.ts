'use client';

import { useCallback, useEffect, useRef } from 'react';

/**
 * Up-arrow in an empty composer edits the last message sent: the composer asks
 * for an edit by message id, and only that message (which keeps its own
 * editing state) hears it, so nothing else renders again. When the edit form
 * closes, the focus goes back to where the request came from.
 */

type Listener = (returnFocus: () => void) => void;
const listeners = new Map<string, Listener>();

/** Opens the edit form of `messageId`; false when that message is not on the page (or cannot be edited). */
export function requestEdit(messageId: string, returnFocus: () => void): boolean {
  const listener = listeners.get(messageId);
  if (!listener) return false;
  listener(returnFocus);
  return true;
}

/** For the message: `open` runs when an edit of it is requested; call the answer when its edit form closes. */
export function useEditRequest(messageId: string, open: () => void): () => void {
  const returnFocus = useRef<(() => void) | null>(null);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  });
  useEffect(() => {
    const listener: Listener = (back) => {
      returnFocus.current = back;
      openRef.current();
    };
    listeners.set(messageId, listener);
    return () => {
      if (listeners.get(messageId) === listener) listeners.delete(messageId);
    };
  }, [messageId]);
  return useCallback(() => {
    const back = returnFocus.current;
    returnFocus.current = null;
    back?.();
  }, []);
}
