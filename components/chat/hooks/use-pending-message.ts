'use client';

import { useEffect, useEffectEvent } from 'react';
import { peekPendingMessage, takePendingMessage } from '@/lib/client/pending-message';

/** The new-chat page hands over its first message; it is sent once this session's view is mounted. */
export function usePendingMessage(sessionId: string, send: (text: string) => void): void {
  const sendPendingMessage = useEffectEvent(() => {
    const text = takePendingMessage(sessionId);
    if (text) send(text);
  });
  useEffect(() => {
    if (!peekPendingMessage(sessionId)) return;
    // Deferred a tick so a development double-mount cancels the first attempt instead of sending twice.
    const timer = setTimeout(() => sendPendingMessage(), 0);
    return () => clearTimeout(timer);
  }, [sessionId]);
}
