'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/client/toast';
import type { QueuedMessage, QueueResponse } from '@/lib/api-types';
import type { ImageFilePart } from '@/lib/api/image-parts';
import { readError } from '@/lib/client/api-error';
import { deleteQueuedMessage, dispatchQueue, fetchQueue, patchQueuedMessage, postQueuedMessage } from '@/lib/client/queue-api';

export interface MessageQueue {
  items: readonly QueuedMessage[];
  /** The items as of now (for callbacks that run after a render, e.g. when a run ends). */
  current: () => readonly QueuedMessage[];
  /** Queues a message (with its images); answers the id of a message the server sent at once (nothing was running any more). */
  add: (text: string, modelKey?: string, images?: readonly ImageFilePart[]) => Promise<{ ok: boolean; dispatchedId?: string }>;
  edit: (id: string, text: string) => Promise<boolean>;
  cancel: (id: string) => Promise<void>;
  /** "Send now" on a held queue; answers the id of the message that was sent. */
  sendNow: () => Promise<string | undefined>;
  refresh: () => Promise<void>;
}

/** The session's queued messages as the server holds them; every change goes to the server first. */
export function useMessageQueue(sessionId: string): MessageQueue {
  const [items, setItems] = useState<readonly QueuedMessage[]>([]);
  const itemsRef = useRef<readonly QueuedMessage[]>([]);

  const apply = useCallback((response: QueueResponse) => {
    itemsRef.current = response.items;
    setItems(response.items);
    return response;
  }, []);

  const refresh = useCallback(async () => {
    try {
      apply(await fetchQueue(sessionId));
    } catch {
      // keeps the last known queue; the next change or reload reads it again
    }
  }, [apply, sessionId]);

  useEffect(() => {
    let cancelled = false;
    fetchQueue(sessionId).then(
      (response) => !cancelled && apply(response),
      () => {}, // an empty queue until the next change or reload reads it again
    );
    return () => {
      cancelled = true;
    };
  }, [apply, sessionId]);

  // Another tab may have changed the queue: read it again when this one comes back into view.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refresh]);

  const add = useCallback(
    async (text: string, modelKey?: string, images: readonly ImageFilePart[] = []) => {
      try {
        const response = apply(await postQueuedMessage(sessionId, text, modelKey, images));
        return { ok: true, dispatchedId: response.dispatchedId };
      } catch (failure) {
        toast.error('Not queued', { description: readError(failure).message });
        return { ok: false };
      }
    },
    [apply, sessionId],
  );

  const edit = useCallback(
    async (id: string, text: string) => {
      try {
        apply(await patchQueuedMessage(sessionId, id, text));
        return true;
      } catch (failure) {
        toast.error('Not saved', { description: readError(failure).message });
        void refresh();
        return false;
      }
    },
    [apply, refresh, sessionId],
  );

  const cancel = useCallback(
    async (id: string) => {
      try {
        apply(await deleteQueuedMessage(sessionId, id));
      } catch (failure) {
        toast.error('Not cancelled', { description: readError(failure).message });
        void refresh();
      }
    },
    [apply, refresh, sessionId],
  );

  const sendNow = useCallback(async () => {
    try {
      return apply(await dispatchQueue(sessionId)).dispatchedId;
    } catch (failure) {
      toast.error('Not sent', { description: readError(failure).message });
      void refresh();
      return undefined;
    }
  }, [apply, refresh, sessionId]);

  const current = useCallback(() => itemsRef.current, []);
  return { items, current, add, edit, cancel, sendNow, refresh };
}
