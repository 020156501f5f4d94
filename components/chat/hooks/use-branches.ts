'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { SessionChat } from '@/components/chat/hooks/use-session-chat';
import type { BranchMap } from '@/lib/api-types';
import { fetchSession, switchBranch } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';

/**
 * The versions of the shown messages ("‹ 2 / 3 ›") and switching between
 * them. The server holds the tree; after each run (a regenerate or an edit
 * adds a version) the map is read again.
 */
export function useBranches(input: { sessionId: string; initial: BranchMap; chat: Pick<SessionChat, 'setMessages' | 'statusRef'>; runsVersion: number }) {
  const { sessionId, chat, runsVersion } = input;
  const [branches, setBranches] = useState<BranchMap>(input.initial);
  const [switching, setSwitching] = useState(false);

  const refresh = useCallback(async () => {
    try {
      setBranches((await fetchSession(sessionId)).branches);
    } catch {
      // keeps the last known versions; the next run or a reload reads them again
    }
  }, [sessionId]);

  const firstVersion = useRef(runsVersion);
  useEffect(() => {
    if (firstVersion.current === runsVersion) return;
    void refresh();
  }, [runsVersion, refresh]);

  const { setMessages, statusRef } = chat;
  const switchTo = useCallback(
    async (messageId: string) => {
      if (statusRef.current === 'submitted' || statusRef.current === 'streaming') return;
      setSwitching(true);
      try {
        const detail = await switchBranch(sessionId, messageId);
        setMessages(detail.messages);
        setBranches(detail.branches);
      } catch (failure) {
        toast.error('Could not show that version', { description: readError(failure).message });
      } finally {
        setSwitching(false);
      }
    },
    [sessionId, setMessages, statusRef],
  );

  return { branches, switching, switchTo };
}
