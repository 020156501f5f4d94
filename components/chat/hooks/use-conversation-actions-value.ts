'use client';

import { useCallback, useMemo } from 'react';
import { useRouter } from 'next/navigation';
import { toast } from '@/lib/client/toast';
import { useSessionActions } from '@/components/sessions/sessions-provider';
import { forkSession } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';
import type { ConversationActions } from '@/components/chat/conversation-actions';
import { useBranches } from '@/components/chat/hooks/use-branches';
import type { MessageActions } from '@/components/chat/hooks/use-message-actions';
import type { SessionRun } from '@/components/chat/hooks/use-session-run';
import type { BranchMap } from '@/lib/api-types';

/**
 * The per-message controls' value: versions and switching, regenerate, edit.
 * Memoised on what they show, so a streaming token does not render every message again.
 */
export function useConversationActionsValue(input: { sessionId: string; initialBranches: BranchMap; run: SessionRun; actions: MessageActions }): ConversationActions {
  const { run, actions } = input;
  const { chat } = run;
  const { branches: pageBranches, switching, switchTo } = useBranches({
    sessionId: input.sessionId,
    initial: input.initialBranches,
    chat,
    showMessages: run.history.showMessages,
    runsVersion: run.runsVersion,
  });
  const { earlierBranches } = run.history;
  const branches = useMemo(() => ({ ...earlierBranches, ...pageBranches }), [earlierBranches, pageBranches]);
  const canAct = !chat.busy && !switching;
  const lastMessageId = chat.messages.at(-1)?.id;
  const { regenerate, edit } = actions;
  const fork = useForkSession(input.sessionId);
  return useMemo(
    () => ({ branches, canAct, lastMessageId, switchTo: (id: string) => void switchTo(id), regenerate, edit, fork }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- regenerate/edit read the chat at call time; a new identity each token must not re-render every message
    [branches, canAct, lastMessageId, switchTo, fork],
  );
}

/** Forks the session at a message, adds the fork to the sidebar and opens it. */
export function useForkSession(sessionId: string) {
  const router = useRouter();
  const { upsert } = useSessionActions();
  return useCallback(
    (messageId: string) =>
      void forkSession(sessionId, messageId).then(
        (session) => {
          upsert(session);
          router.push(`/s/${session.id}`);
        },
        (failure) => toast.error('Could not fork the session', { description: readError(failure).message }),
      ),
    [sessionId, upsert, router],
  );
}
