'use client';

import { createContext, useContext } from 'react';
import type { BranchMap } from '@/lib/api-types';

/**
 * What a person can do to the conversation from a message: switch between its
 * versions, regenerate the last answer, edit a message of theirs, fork from it. Outside a
 * live session (a share page) there is no provider and these controls do not show.
 */
export interface ConversationActions {
  branches: BranchMap;
  /** Nothing streams and no switch is under way. */
  canAct: boolean;
  lastMessageId: string | undefined;
  switchTo: (messageId: string) => void;
  regenerate: () => void;
  edit: (messageId: string, text: string) => void;
  /** A new session with the branch up to this message (and the workspace as it was then); opens it. */
  fork: (messageId: string) => void;
}

const ConversationActionsContext = createContext<ConversationActions | null>(null);

export const ConversationActionsProvider = ConversationActionsContext.Provider;

export function useConversationActions(): ConversationActions | null {
  return useContext(ConversationActionsContext);
}
