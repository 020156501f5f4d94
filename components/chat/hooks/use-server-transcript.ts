'use client';

import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import type { SessionChat } from '@/components/chat/hooks/use-session-chat';
import { useSessions } from '@/components/sessions/sessions-provider';
import { fetchSession } from '@/lib/client/api';

/**
 * The transcript the server saved. `sync` replaces the streamed one with it
 * when nothing streams (after Stop). A view that reattached on load reads it
 * once when the stream ends, in case the run ended between the page render
 * and the reattach (the stream endpoint then answers 204 and nothing would
 * update the transcript).
 */
export function useServerTranscript(sessionId: string, runningOnLoad: boolean, chat: Pick<SessionChat, 'status' | 'statusRef' | 'setMessages'>) {
  const { upsert } = useSessions();
  const { statusRef, setMessages } = chat;

  const sync = useCallback(async () => {
    try {
      const { messages, settings: _settings, ...summary } = await fetchSession(sessionId);
      upsert(summary);
      if (statusRef.current === 'ready' || statusRef.current === 'error') setMessages(messages);
    } catch {
      // the transcript stays as streamed; a reload shows the saved state
    }
  }, [sessionId, upsert, statusRef, setMessages]);

  const reconcileAfterResume = useEffectEvent(() => void sync());
  const wasRunningOnLoad = useRef(runningOnLoad);
  useEffect(() => {
    if (!wasRunningOnLoad.current || chat.status !== 'ready') return;
    wasRunningOnLoad.current = false;
    reconcileAfterResume();
  }, [chat.status]);

  return sync;
}
