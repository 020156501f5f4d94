'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { SessionChat } from '@/components/chat/hooks/use-session-chat';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { BranchMap, TranscriptHistory } from '@/lib/api-types';
import { fetchEarlierMessages } from '@/lib/client/api';

const NOTHING_BEFORE: TranscriptHistory = { earlierId: null, usageBefore: null, todosBefore: null };

/**
 * The part of a long session the tab has loaded. The page starts with the
 * last page of the shown branch; `loadEarlier` puts the page before it in
 * front (useChat holds every loaded message, so edits, approvals and
 * regenerate work as before); `showMessages` takes a page the server answered
 * (after Stop, a followed run, a branch switch) and keeps the earlier pages
 * already loaded when it continues them.
 */
export function useTranscriptHistory(input: { sessionId: string; initial: TranscriptHistory; chat: Pick<SessionChat, 'messages' | 'setMessages'> }) {
  const { sessionId } = input;
  const { setMessages } = input.chat;
  const [history, setHistory] = useState<TranscriptHistory>(input.initial);
  // Versions of messages in earlier pages (the page's own come with the session).
  const [earlierBranches, setEarlierBranches] = useState<BranchMap>({});
  // Messages that came with earlier pages: rows the transcript may skip rendering while off screen.
  const [earlierIds, setEarlierIds] = useState<ReadonlySet<string>>(() => new Set());
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const messagesRef = useRef(input.chat.messages);
  const historyRef = useRef(history);
  const loadingRef = useRef(false);
  useEffect(() => {
    messagesRef.current = input.chat.messages;
    historyRef.current = history;
  });

  /**
   * Loads the page before the first loaded message (or everything back to `from`).
   * `beforePrepend` runs just before the page is put in front (the transcript keeps its place).
   */
  const loadEarlier = useCallback(
    async (options: { from?: string; beforePrepend?: () => void } = {}): Promise<boolean> => {
      const first = messagesRef.current[0];
      if (loadingRef.current || historyRef.current.earlierId === null || !first) return false;
      loadingRef.current = true;
      setLoading(true);
      setFailed(false);
      try {
        const page = await fetchEarlierMessages(sessionId, first.id, { from: options.from });
        // The transcript changed meanwhile (a branch switch): this page no longer continues it.
        if (messagesRef.current[0]?.id !== first.id) return false;
        options.beforePrepend?.();
        setMessages((current: AgentUIMessage[]) => (current[0]?.id === first.id ? [...page.messages, ...current] : current));
        setHistory({ earlierId: page.earlierId, usageBefore: page.usageBefore, todosBefore: page.todosBefore });
        setEarlierBranches((known) => ({ ...known, ...page.branches }));
        setEarlierIds((known) => new Set([...known, ...page.messages.map((message) => message.id)]));
        return true;
      } catch {
        setFailed(true);
        return false;
      } finally {
        loadingRef.current = false;
        setLoading(false);
      }
    },
    [sessionId, setMessages],
  );

  /** Shows a page the server answered: after the loaded messages it continues, or instead of them (another branch). */
  const showMessages = useCallback(
    (messages: AgentUIMessage[], pageHistory: TranscriptHistory | undefined) => {
      const current = messagesRef.current;
      const at = messages.length > 0 ? current.findIndex((message) => message.id === messages[0].id) : -1;
      if (at > 0) {
        setMessages([...current.slice(0, at), ...messages]);
        return;
      }
      setMessages(messages);
      if (at === -1) {
        setHistory(pageHistory ?? NOTHING_BEFORE);
        setEarlierBranches({});
        setEarlierIds(new Set());
      }
    },
    [setMessages],
  );

  return { history, earlierBranches, earlierIds, loading, failed, loadEarlier, showMessages };
}

export type TranscriptHistoryState = ReturnType<typeof useTranscriptHistory>;
