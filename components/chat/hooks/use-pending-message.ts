'use client';

import { useEffect, useEffectEvent } from 'react';
import type { ImageFilePart } from '@/lib/api/image-parts';
import { peekPendingMessage, takePendingMessage } from '@/lib/client/pending-message';

/** The new-chat page hands over its first message (text and images); it is sent once this session's view is mounted. */
export function usePendingMessage(sessionId: string, send: (text: string, images: readonly ImageFilePart[]) => void): void {
  const sendPendingMessage = useEffectEvent(() => {
    const message = takePendingMessage(sessionId);
    if (message && (message.text.trim() || message.images.length)) send(message.text, message.images);
  });
  useEffect(() => {
    if (!peekPendingMessage(sessionId)) return;
    // Deferred a tick so a development double-mount cancels the first attempt instead of sending twice.
    const timer = setTimeout(() => sendPendingMessage(), 0);
    return () => clearTimeout(timer);
  }, [sessionId]);
}
