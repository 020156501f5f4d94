'use client';

import { createContext, useContext, useLayoutEffect, useMemo, useRef } from 'react';
import { Button } from '@/components/ui/button';
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

/** The controls without what flips at every run's start and end. */
type ConversationControls = Omit<ConversationActions, 'canAct' | 'lastMessageId'>;
type ConversationState = Pick<ConversationActions, 'canAct' | 'lastMessageId'>;

const ControlsContext = createContext<ConversationControls | null>(null);
const StateContext = createContext<ConversationState | null>(null);

/**
 * Two contexts: `canAct` and `lastMessageId` change when a run starts and ends, and every loaded message shows
 * controls; if they lived in one value with the rest, every message (its footer, buttons, tooltips) would render
 * again at each send, one long main-thread task in a long session. Only the small parts reading them do now
 * (IdleButton, the regenerate button). regenerate/edit are called through the latest value.
 */
export function ConversationActionsProvider({ value, children }: { value: ConversationActions; children: React.ReactNode }) {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  const { branches, switchTo, fork, canAct, lastMessageId } = value;
  const controls = useMemo(
    (): ConversationControls => ({
      branches,
      switchTo,
      fork,
      regenerate: () => latest.current.regenerate(),
      edit: (messageId, text) => latest.current.edit(messageId, text),
    }),
    [branches, switchTo, fork],
  );
  const state = useMemo((): ConversationState => ({ canAct, lastMessageId }), [canAct, lastMessageId]);
  return (
    <ControlsContext.Provider value={controls}>
      <StateContext.Provider value={state}>{children}</StateContext.Provider>
    </ControlsContext.Provider>
  );
}

/** The controls alone: stable while runs start and end. */
export function useConversationControls(): ConversationControls | null {
  return useContext(ControlsContext);
}

/** The last message's id (where regenerate shows). */
export function useLastMessageId(): string | undefined {
  return useContext(StateContext)?.lastMessageId;
}

/** A button for a conversation control: disabled while a run streams or a switch is under way, re-rendered alone when that changes. */
export function IdleButton({ disabled, ...props }: React.ComponentProps<typeof Button>) {
  const canAct = useContext(StateContext)?.canAct ?? true;
  return <Button {...props} disabled={!canAct || disabled} />;
}
