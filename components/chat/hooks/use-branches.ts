'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/client/toast';
import type { SessionChat } from '@/components/chat/hooks/use-session-chat';
import type { TranscriptHistoryState } from '@/components/chat/hooks/use-transcript-history';
import { TRANSCRIPT_PAGE_SIZE } from '@/lib/api/transcript-page';
import type { BranchMap } from '@/lib/api-types';
import { fetchSession, switchBranch } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';
import { onRunStarted } from '@/lib/client/paused-request';

/**
 * The versions of the shown messages ("‹ 2 / 3 ›") and switching between
 * them. The server holds the tree; after each run (a regenerate or an edit
 * adds a version) the map is read again.
 */
export function useBranches(input: {
  sessionId: string;
  initial: BranchMap;
  chat: Pick<SessionChat, 'statusRef'>;
  showMessages: TranscriptHistoryState['showMessages'];
  runsVersion: number;
}) {
  const { sessionId, chat, runsVersion, showMessages } = input;
  const [branches, setBranches] = useState<BranchMap>(input.initial);
  const [switching, setSwitching] = useState(false);

  const refresh = useCallback(async () => {
    try {
      // The last page's versions; those of earlier pages come with them (useTranscriptHistory).
      const next = (await fetchSession(sessionId, { limit: TRANSCRIPT_PAGE_SIZE })).branches;
      // Read again at every run's start and end, mostly unchanged: the same object then renders no version switcher again.
      setBranches((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
    } catch {
      // keeps the last known versions; the next run or a reload reads them again
    }
  }, [sessionId]);

  const firstVersion = useRef(runsVersion);
  useEffect(() => {
    if (firstVersion.current === runsVersion) return;
    void refresh();
  }, [runsVersion, refresh]);
  // A run started without this tab's stream (Edit and re-run: a new branch, stored before it runs) may end before
  // this tab attaches to it: the versions are read now, not only when a run this tab follows ends.
  useEffect(() => onRunStarted(sessionId, () => void refresh()), [sessionId, refresh]);

  const { statusRef } = chat;
  const switchTo = useCallback(
    async (messageId: string) => {
      if (statusRef.current === 'submitted' || statusRef.current === 'streaming') return;
      setSwitching(true);
      try {
        const detail = await switchBranch(sessionId, messageId);
        showMessages(detail.messages, detail.history);
        setBranches(detail.branches);
      } catch (failure) {
        toast.error('Could not show that version', { description: readError(failure).message });
      } finally {
        setSwitching(false);
      }
    },
    [sessionId, showMessages, statusRef],
  );

  return { branches, switching, switchTo };
}
