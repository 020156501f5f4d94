'use client';

import { useMemo } from 'react';
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
  const { branches, switching, switchTo } = useBranches({ sessionId: input.sessionId, initial: input.initialBranches, chat, runsVersion: run.runsVersion });
  const canAct = !chat.busy && !switching;
  const lastMessageId = chat.messages.at(-1)?.id;
  const { regenerate, edit } = actions;
  return useMemo(
    () => ({ branches, canAct, lastMessageId, switchTo: (id: string) => void switchTo(id), regenerate, edit }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- regenerate/edit read the chat at call time; a new identity each token must not re-render every message
    [branches, canAct, lastMessageId, switchTo],
  );
}
