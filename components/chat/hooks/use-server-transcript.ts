'use client';

import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import type { SessionChat } from '@/components/chat/hooks/use-session-chat';
import { useSessionActions } from '@/components/sessions/sessions-provider';
import type { TranscriptHistoryState } from '@/components/chat/hooks/use-transcript-history';
import { TRANSCRIPT_PAGE_SIZE } from '@/lib/api/transcript-page';
import { fetchSession } from '@/lib/client/api';

/**
 * The transcript the server saved. `sync` replaces the streamed one with it
 * when nothing streams (after Stop). A view that reattached on load reads it
 * once when the stream ends, in case the run ended between the page render
 * and the reattach (the stream endpoint then answers 204 and nothing would
 * update the transcript).
 */
export function useServerTranscript(
  sessionId: string,
  runningOnLoad: boolean,
  chat: Pick<SessionChat, 'status' | 'statusRef'>,
  showMessages: TranscriptHistoryState['showMessages'],
) {
  const { upsert } = useSessionActions();
  const { statusRef } = chat;

  const sync = useCallback(async () => {
    try {
      // The last page: earlier pages the tab has loaded stay (useTranscriptHistory's showMessages).
      const { messages, settings: _settings, branches: _branches, history, ...summary } = await fetchSession(sessionId, { limit: TRANSCRIPT_PAGE_SIZE });
      upsert(summary);
      if (statusRef.current === 'ready' || statusRef.current === 'error') showMessages(messages, history);
    } catch {
      // the transcript stays as streamed; a reload shows the saved state
    }
  }, [sessionId, upsert, statusRef, showMessages]);

  const reconcileAfterResume = useEffectEvent(() => void sync());
  const wasRunningOnLoad = useRef(runningOnLoad);
  useEffect(() => {
    if (!wasRunningOnLoad.current || chat.status !== 'ready') return;
    wasRunningOnLoad.current = false;
    reconcileAfterResume();
  }, [chat.status]);

  return sync;
}
