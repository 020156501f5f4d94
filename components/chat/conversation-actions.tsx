'use client';

import { createContext, useContext, useLayoutEffect, useMemo, useRef } from 'react';
import { Button } from '@/components/ui/button';
import type { BranchMap } from '@/lib/api-types';
import { createLiveContext } from '@/lib/client/live-context';

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

/** The controls alone: functions, the same for the session's life. */
type ConversationControls = Omit<ConversationActions, 'branches' | 'canAct' | 'lastMessageId'>;

const ControlsContext = createContext<ConversationControls | null>(null);
// The three that change are live contexts (lib/client/live-context.tsx): a change walks no subtree of messages.
const NO_BRANCHES: BranchMap = {};
const BranchesContext = createLiveContext<BranchMap>('Branches', NO_BRANCHES);
const CanActContext = createLiveContext('CanAct', true);
const LastMessageContext = createLiveContext<string | undefined>('LastMessage', undefined);

/**
 * Four contexts, because every loaded message shows controls (edit, fork, copy, pin, inspect: each a button with a
 * tooltip and an icon) and a run's start must not render them all again (one long main-thread task in a long
 * session; bench/diag-fibers.mjs counted ~110 tooltips committed twice per Send at 2,000 messages):
 * - the controls: functions called through the latest value, so a new switchTo or fork (their dependencies change
 *   when the sidebar or the loaded pages do) is not a new context value;
 * - the versions (`branches`): read by BranchSwitcher alone, which renders nothing on a message without versions;
 * - `canAct`, which flips at every run's start and end: read by IdleButton alone;
 * - `lastMessageId`, which changes at Send and when the reply appears: read by the regenerate button alone.
 */
export function ConversationActionsProvider({ value, children }: { value: ConversationActions; children: React.ReactNode }) {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  const controls = useMemo(
    (): ConversationControls => ({
      switchTo: (messageId) => latest.current.switchTo(messageId),
      fork: (messageId) => latest.current.fork(messageId),
      regenerate: () => latest.current.regenerate(),
      edit: (messageId, text) => latest.current.edit(messageId, text),
    }),
    [],
  );
  const { branches, canAct, lastMessageId } = value;
  return (
    <ControlsContext.Provider value={controls}>
      <BranchesContext.Provider value={branches}>
        <CanActContext.Provider value={canAct}>
          <LastMessageContext.Provider value={lastMessageId}>{children}</LastMessageContext.Provider>
        </CanActContext.Provider>
      </BranchesContext.Provider>
    </ControlsContext.Provider>
  );
}

/** The controls alone: stable while runs start and end. */
export function useConversationControls(): ConversationControls | null {
  return useContext(ControlsContext);
}

/** A message's versions, if it has others. */
export function useMessageVersions(messageId: string): BranchMap[string] | undefined {
  return BranchesContext.useValue()[messageId];
}

/** The last message's id (where regenerate shows). */
export function useLastMessageId(): string | undefined {
  return LastMessageContext.useValue();
}

/** A button for a conversation control: disabled while a run streams or a switch is under way, re-rendered alone when that changes. */
export function IdleButton({ disabled, ...props }: React.ComponentProps<typeof Button>) {
  const canAct = CanActContext.useValue();
  return <Button {...props} disabled={!canAct || disabled} />;
}
