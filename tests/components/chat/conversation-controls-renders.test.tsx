import { render, screen } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { BranchMap } from '@/lib/api-types';
import type { ConversationActions } from '@/components/chat/conversation-actions';
import { approvalActions, contextReport, sessionContext } from '../agent/fixtures';

// Every loaded message shows controls, each a button with a tooltip and an icon. What changes at a run's start and
// end (canAct, the versions read again, a new fork or switchTo from their hooks) must not render those again: in a
// 2,000-message session that was ~110 tooltips committed twice per Send (bench/diag-fibers.mjs).
const renders = vi.hoisted(() => ({ tooltips: 0, buttons: 0 }));
/** A component that counts its renders under `key`, then renders as `component` does. */
const counting = vi.hoisted(
  () =>
    <P,>(key: 'tooltips' | 'buttons', component: (props: P) => React.ReactNode) =>
    (props: P) => {
      renders[key]++;
      return component(props);
    },
);
vi.mock('@/components/ui/button', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/components/ui/button')>();
  return { ...original, Button: counting('buttons', original.Button) };
});
vi.mock('@/components/ui/tooltip', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/components/ui/tooltip')>();
  return { ...original, Tooltip: counting('tooltips', original.Tooltip), WithTooltip: counting('tooltips', original.WithTooltip) };
});
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), refresh: vi.fn() }), usePathname: () => '/s/s1' }));

const { Transcript } = await import('@/components/chat/transcript');
const { ApprovalActionsProvider } = await import('@/components/agent/approval-context');
const { ConversationActionsProvider } = await import('@/components/chat/conversation-actions');
const { SessionContextProvider } = await import('@/components/context/session-context');
const { TooltipProvider } = await import('@/components/ui/tooltip');

beforeEach(() => {
  renders.tooltips = 0;
  renders.buttons = 0;
});

function text(id: string, role: 'user' | 'assistant', value: string): AgentUIMessage {
  return { id, role, parts: [{ type: 'text', text: value, state: 'done' }], ...(role === 'assistant' ? { metadata: { runId: `run-${id}` } } : {}) };
}
const conversation = (n: number) =>
  Array.from({ length: n }, (_, i) => (i % 2 === 0 ? text(`u${i}`, 'user', `question ${i}`) : text(`a${i}`, 'assistant', `answer ${i}`)));
const versions = (): BranchMap => ({ a1: { siblings: ['a1', 'a1b'], index: 0 } });

function actions(overrides: Partial<ConversationActions> = {}): ConversationActions {
  return { branches: versions(), canAct: true, lastMessageId: undefined, switchTo: vi.fn(), regenerate: vi.fn(), edit: vi.fn(), fork: vi.fn(), ...overrides };
}

/** Send adds the user's message and the run starts (status submitted); the run ends. */
function Conversation({ value, list }: { value: ConversationActions; list: AgentUIMessage[] }) {
  const running = !value.canAct;
  return (
    <TooltipProvider>
      <SessionContextProvider value={sessionContext({ report: contextReport(), running })}>
        <ApprovalActionsProvider value={approvalActions({ canAnswer: !running })}>
          <ConversationActionsProvider value={{ ...value, lastMessageId: list.at(-1)?.id }}>
            <Transcript messages={list} status={running ? 'submitted' : 'ready'} />
          </ConversationActionsProvider>
        </ApprovalActionsProvider>
      </SessionContextProvider>
    </TooltipProvider>
  );
}

/** Tooltips rendered by a run's start and end in a conversation of `n` loaded messages; buttons rendered when its reply appears. */
function rendersAtRunStartAndEnd(n: number): { tooltips: number; buttonsAtReply: number } {
  const list = conversation(n);
  const { rerender, unmount } = render(<Conversation value={actions()} list={list} />);
  expect(screen.getAllByTestId('fork-message').length).toBe(n);
  const before = renders.tooltips;
  const sent = [...list, text('u-new', 'user', 'one more question')];
  // Send: canAct flips, the hooks hand over a new fork and switchTo, the versions are read again (a new object with
  // the same content) when the run starts, and again when it ends.
  rerender(<Conversation value={actions({ canAct: false })} list={sent} />);
  rerender(<Conversation value={actions({ canAct: false })} list={sent} />);
  // The reply appears: the last message changes, canAct does not (no button is disabled or enabled).
  const buttons = renders.buttons;
  rerender(<Conversation value={actions({ canAct: false })} list={[...sent, text('a-new', 'assistant', 'an answer')]} />);
  const buttonsAtReply = renders.buttons - buttons;
  rerender(<Conversation value={actions({ canAct: true })} list={[...sent, text('a-new', 'assistant', 'an answer')]} />);
  const rendered = renders.tooltips - before;
  unmount();
  return { tooltips: rendered, buttonsAtReply };
}

test("a run's start and end render the controls of the new message and the last one only, however many are loaded", () => {
  const few = rendersAtRunStartAndEnd(4);
  const many = rendersAtRunStartAndEnd(24);
  expect(few.tooltips).toBeGreaterThan(0); // the new messages' own controls
  expect(many).toEqual(few);
});

test('the buttons are disabled while a run goes on, calls reach the latest functions, and the version switcher follows new versions', () => {
  const list = conversation(4);
  const { rerender } = render(<Conversation value={actions({ canAct: false })} list={[...list, text('u-new', 'user', 'more')]} />);
  expect(screen.getAllByTestId('fork-message').every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
  expect(screen.getByTestId('branch-position').textContent).toBe('1 / 2');
  const latest = actions({ branches: { a1: { siblings: ['a1', 'a1b', 'a1c'], index: 2 } } });
  rerender(<Conversation value={latest} list={list} />);
  expect(screen.getByTestId('branch-position').textContent).toBe('3 / 3');
  const fork = screen.getAllByTestId('fork-message')[0] as HTMLButtonElement;
  expect(fork.disabled).toBe(false);
  fork.click();
  expect(latest.fork).toHaveBeenCalledWith('u0');
});
