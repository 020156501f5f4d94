'use client';

import { useCallback, useMemo, useState } from 'react';
import { useApprovalDecisions } from '@/components/chat/hooks/use-approval-decisions';
import type { Draft } from '@/components/chat/hooks/use-draft';
import { usePendingMessage } from '@/components/chat/hooks/use-pending-message';
import { useServerTranscript } from '@/components/chat/hooks/use-server-transcript';
import { useSessionChat } from '@/components/chat/hooks/use-session-chat';
import { useStopRun } from '@/components/chat/hooks/use-stop-run';
import { useTranscriptHistory } from '@/components/chat/hooks/use-transcript-history';
import { useSessionActions } from '@/components/sessions/sessions-provider';
import type { ImageFilePart } from '@/lib/api/image-parts';
import type { CompareColumnView } from '@/lib/api/compare-request';
import type { ApprovalExtras } from '@/lib/client/approvals';
import { useRuns } from '@/lib/client/data';
import { sessionUsage } from '@/lib/client/message-usage';

/**
 * One column of a comparison: a session's live chat, the same hooks a session
 * page uses (stream and reattach, approvals, Stop, the saved transcript), minus
 * what a column has no room for (queue, branches, find). `runs` are the
 * session's runs as the server has them, read again when a run starts
 * streaming and when it ended: the duration is theirs, live while one runs.
 */
export function useCompareColumn({ column, draft }: { column: CompareColumnView; draft: Draft }) {
  const { session } = column;
  const sessionId = session.id;
  const { patch } = useSessionActions();
  const [approvalExtras] = useState<ApprovalExtras>(() => new Map());
  const [runsVersion, setRunsVersion] = useState(0);
  const bumpRuns = useCallback(() => setRunsVersion((version) => version + 1), []);

  const chat = useSessionChat({ session, initialMessages: column.messages, approvalExtras, draft, onFinished: bumpRuns });
  const history = useTranscriptHistory({ sessionId, initial: column.history, chat });
  const syncFromServer = useServerTranscript(sessionId, session.running, chat, history.showMessages);
  const stop = useStopRun({ sessionId, closeStream: chat.stop, syncFromServer, onStopped: bumpRuns });
  const onAnswered = useCallback(() => patch(sessionId, { running: true }), [patch, sessionId]);
  const approvals = useApprovalDecisions({ ...chat, sessionId, approvalExtras, onAnswered });
  // Read again when a stream starts (the run exists then: its duration ticks from the server's start) and
  // when a run ended (the final duration is the server's, from its runs' start and end).
  const runs = useRuns(sessionId, { enabled: true, version: runsVersion + (chat.status === 'streaming' ? 0.5 : 0) });

  const { sendMessage, statusRef } = chat;
  const send = useCallback(
    (text: string, images: readonly ImageFilePart[] = []) => {
      if ((!text.trim() && !images.length) || statusRef.current === 'submitted' || statusRef.current === 'streaming') return;
      patch(sessionId, { running: true, updatedAt: Date.now() });
      // Images go as file parts (no text part when there is no text), as from a session's composer.
      const message = images.length ? { parts: [...(text.trim() ? [{ type: 'text' as const, text }] : []), ...images] } : { text };
      void sendMessage(message, { body: { modelKey: session.modelKey } });
    },
    [sendMessage, statusRef, patch, sessionId, session.modelKey],
  );
  // The compare page made the sessions and left the prompt for each column to send.
  usePendingMessage(sessionId, send);

  const usageBefore = history.history.usageBefore;
  const usage = useMemo(() => sessionUsage(chat.messages, usageBefore), [chat.messages, usageBefore]);
  return { chat, history, approvals, stop, runs: runs.data, usage, send };
}
