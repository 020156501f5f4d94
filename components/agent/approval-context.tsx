'use client';

import { createContext, useContext } from 'react';
import type { ToolDecisionNotice, ToolEditNotice } from '@/lib/agent/messages';
import { createLiveContext } from '@/lib/client/live-context';

/** What the user decided on one approval prompt. */
export interface ApprovalAnswerInput {
  approved: boolean;
  reason?: string;
  editedInput?: unknown;
  alwaysAllow?: boolean;
}

export interface ApprovalActions {
  /** Answers can be given now (the run has ended and nothing is being sent). */
  canAnswer: boolean;
  answer: (approvalId: string, input: ApprovalAnswerInput) => void;
  /** Approves every pending request of the last message. */
  approveAll: () => void;
  /** Approval ids waiting in the last assistant message; older requests can no longer be answered. */
  pendingIds: readonly string[];
  /** Checks edited arguments against the tool's schema on the server: null when they fit, else what is wrong. */
  checkEditedInput?: (approvalId: string, editedInput: unknown) => Promise<string | null>;
}

// Live (lib/client/live-context.tsx): it changes when a run starts and ends, above every loaded message.
const ApprovalActionsContext = createLiveContext<ApprovalActions | null>('ApprovalActions', null);
export const ApprovalActionsProvider = ApprovalActionsContext.Provider;
/** Null where nothing can be answered (e.g. a shared, read-only transcript). */
export function useApprovalActions(): ApprovalActions | null {
  return ApprovalActionsContext.useValue();
}

/** Why each tool call of a message ran or did not, keyed by tool call id. */
const ToolDecisionsContext = createContext<ReadonlyMap<string, ToolDecisionNotice>>(new Map());
export const ToolDecisionsProvider = ToolDecisionsContext.Provider;
export function useToolDecision(toolCallId: string): ToolDecisionNotice | undefined {
  return useContext(ToolDecisionsContext).get(toolCallId);
}

/** Arguments the user edited before approving, keyed by tool call id. */
const ToolEditsContext = createContext<ReadonlyMap<string, ToolEditNotice>>(new Map());
export const ToolEditsProvider = ToolEditsContext.Provider;
export function useToolEdit(toolCallId: string): ToolEditNotice | undefined {
  return useContext(ToolEditsContext).get(toolCallId);
}
