import { useEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { ContextReport, SessionSummary } from '@/lib/api-types';
import type { SessionContextValue } from '@/components/context/session-context';
import { approvalActions, calculatorDone, contextReport, sessionContext } from '../agent/fixtures';
import { session, withSessions } from './hooks/fake-api';

// What a run's start changes: the session context's `running` and the sidebar's session (`running`, `updatedAt`).
// Neither may render every loaded message or every sidebar row again (the long task right after Send).
const renders = vi.hoisted(() => new Map<string, number>());
const count = (key: string) => renders.set(key, (renders.get(key) ?? 0) + 1);

vi.mock('@/components/context/compaction-dividers', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/components/context/compaction-dividers')>();
  return {
    ...original,
    CompactionDividers: (props: Parameters<typeof original.CompactionDividers>[0]) => {
      count(`dividers:${props.afterMessageId}`);
      return original.CompactionDividers(props);
    },
  };
});
vi.mock('@/components/agent/approval-context', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/components/agent/approval-context')>();
  return {
    ...original,
    useToolDecision: (toolCallId: string) => {
      count(`tool:${toolCallId}`);
      return original.useToolDecision(toolCallId);
    },
  };
});
vi.mock('@/components/sessions/relative-time', () => ({
  RelativeTime: ({ timestamp }: { timestamp: number }) => {
    count(`time:${timestamp}`);
    return null;
  },
}));
const router = vi.hoisted(() => ({ push: vi.fn(), refresh: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router, usePathname: () => '/s/s1' }));

const { Transcript } = await import('@/components/chat/transcript');
const { ApprovalActionsProvider } = await import('@/components/agent/approval-context');
const { CompactionDividers } = await import('@/components/context/compaction-dividers');
const { SessionContextProvider } = await import('@/components/context/session-context');
const { SessionList } = await import('@/components/sessions/session-list');
const { SessionsProvider, useSessionActions } = await import('@/components/sessions/sessions-provider');
const { useImportSession } = await import('@/components/sessions/use-import-session');
const { TooltipProvider } = await import('@/components/ui/tooltip');

beforeEach(() => renders.clear());

function text(id: string, role: 'user' | 'assistant', value: string): AgentUIMessage {
  return { id, role, parts: [{ type: 'text', text: value, state: 'done' }] };
}

const report = contextReport();
function contextValue(running: boolean, next: ContextReport = report): SessionContextValue {
  return sessionContext({ report: next, running });
}

const tool = calculatorDone('call-1');
const messages = [
  text('u1', 'user', 'first question'),
  { id: 'a1', role: 'assistant', parts: [tool, { type: 'text', text: 'first answer', state: 'done' }] } satisfies AgentUIMessage,
  text('u2', 'user', 'second question'),
  text('a2', 'assistant', 'second answer'),
];
const afterMessage = (message: AgentUIMessage) => <CompactionDividers afterMessageId={message.id} findMessage={() => undefined} />;

function Conversation({ value, list }: { value: SessionContextValue; list: AgentUIMessage[] }) {
  return (
    <TooltipProvider>
      <SessionContextProvider value={value}>
        {/* A run's start takes `canAnswer` away: a new value for the approval actions. */}
        <ApprovalActionsProvider value={approvalActions({ canAnswer: !value.running })}>
          <Transcript messages={list} status={value.running ? 'submitted' : 'ready'} afterMessage={afterMessage} />
        </ApprovalActionsProvider>
      </SessionContextProvider>
    </TooltipProvider>
  );
}

test("a run's start, and a report with the same compactions, render no message's dividers or tool cards again", () => {
  const { rerender } = render(<Conversation value={contextValue(false)} list={messages} />);
  expect(renders.get('dividers:u1')).toBe(1);
  expect(renders.get('tool:call-1')).toBeGreaterThan(0);
  const before = new Map(renders);

  // Send: the user's message joins the list and the session context says `running`.
  const sent = [...messages, text('u3', 'user', 'third question')];
  rerender(<Conversation value={contextValue(true)} list={sent} />);
  expect(screen.getByTestId('pending-reply')).toBeTruthy();
  // The run ends: a new report (a new object and array) with the same compactions.
  rerender(<Conversation value={contextValue(false, contextReport())} list={sent} />);
  for (const id of ['u1', 'a1', 'u2', 'a2']) expect(renders.get(`dividers:${id}`), id).toBe(before.get(`dividers:${id}`));
  expect(renders.get('tool:call-1')).toBe(before.get('tool:call-1'));
  expect(renders.get('dividers:u3')).toBe(1);
});

test('a compaction still reaches the dividers of its message', () => {
  const { rerender } = render(<Conversation value={contextValue(false)} list={messages} />);
  const record = { summarizedIds: [], pruned: [], dropped: [], afterMessageId: 'a1', tiers: [], tokensBefore: 1000, tokensAfter: 100 };
  const compacted = contextReport({ compactions: [{ id: 'c1', runId: null, trigger: 'manual', record, createdAt: 1, undoneAt: null, active: true }] });
  rerender(<Conversation value={contextValue(false, compacted)} list={messages} />);
  expect(renders.get('dividers:a1')).toBe(2);
});

const patcher: { patch: ReturnType<typeof useSessionActions>['patch'] } = { patch: () => {} };
function Patcher() {
  const { patch } = useSessionActions();
  useEffect(() => {
    patcher.patch = patch;
  }, [patch]);
  return null;
}

test("a run's start renders only its own session's row in the sidebar", () => {
  const sessions: SessionSummary[] = [1, 2, 3, 4].map((n) => session({ id: `s${n}`, title: `Session ${n}`, updatedAt: 100 - n }));
  const Wrapper = withSessions(sessions);
  render(
    <Wrapper>
      <Patcher />
      <SessionList />
    </Wrapper>,
  );
  expect(renders.get('time:97')).toBe(1);
  const before = new Map(renders);

  // What Send does (use-message-actions.ts): the session runs, and moves to the top.
  act(() => patcher.patch('s1', { running: true, updatedAt: 200 }));
  expect(screen.getAllByTestId('session-running')).toHaveLength(1);
  expect(renders.get('time:200')).toBe(1);
  for (const at of [98, 97, 96]) expect(renders.get(`time:${at}`), String(at)).toBe(before.get(`time:${at}`));
});

/** The sidebar's own hook (its import button): it writes to the list and never shows it. */
function SidebarImportReader() {
  useImportSession();
  count('sidebar');
  return null;
}

test("a run's start does not render what only writes to the session list (the sidebar with its buttons and theme toggle)", () => {
  const Wrapper = withSessions([session({ id: 's1', title: 'Session 1', updatedAt: 1 })]);
  render(
    <Wrapper>
      <Patcher />
      <SidebarImportReader />
    </Wrapper>,
  );
  expect(renders.get('sidebar')).toBe(1);
  act(() => patcher.patch('s1', { running: true, updatedAt: 200 }));
  act(() => patcher.patch('s1', { running: false, updatedAt: 300 }));
  expect(renders.get('sidebar')).toBe(1);
});

test('the session functions keep their identity when the layout hands the provider a new list', () => {
  const seen = new Set<unknown>();
  function Reader() {
    seen.add(useSessionActions());
    return null;
  }
  const { rerender } = render(
    <SessionsProvider initialSessions={[session({ id: 's1' })]}>
      <Reader />
    </SessionsProvider>,
  );
  rerender(
    <SessionsProvider initialSessions={[session({ id: 's1' }), session({ id: 's2' })]}>
      <Reader />
    </SessionsProvider>,
  );
  expect(seen.size).toBe(1);
});
