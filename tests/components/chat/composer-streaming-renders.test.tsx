import { render } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import type { MessageActions } from '@/components/chat/hooks/use-message-actions';
import type { MessageQueue } from '@/components/chat/hooks/use-message-queue';
import type { SessionPanels } from '@/components/chat/hooks/use-session-panels';
import type { SessionRun } from '@/components/chat/hooks/use-session-run';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { stubApi, userText, withSessions } from './hooks/fake-api';

// While a reply streams, ChatView renders again at every token (the messages change) and gives the composer area a
// new `run` and new action closures. The composer (its toolbar's tooltip buttons and icons) must not render with it.
const renders = vi.hoisted(() => ({ composer: 0 }));
vi.mock('@/components/chat/composer', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/components/chat/composer')>();
  return {
    ...original,
    Composer: (props: Parameters<typeof original.Composer>[0]) => {
      renders.composer++;
      return original.Composer(props);
    },
  };
});
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), refresh: vi.fn() }), usePathname: () => '/s/s1' }));

const { ChatComposerArea } = await import('@/components/chat/chat-composer-area');
const { useDraft } = await import('@/components/chat/hooks/use-draft');
const { TooltipProvider } = await import('@/components/ui/tooltip');

beforeEach(() => {
  renders.composer = 0;
  // Nothing here should reach the API; anything that does gets the server's 404.
  stubApi({});
});

function assistant(id: string, text: string): AgentUIMessage {
  return { id, role: 'assistant', parts: [{ type: 'text', text, state: 'streaming' }] };
}

/** What ChatView gives the composer area at one token: new objects and closures every time, as its render makes them. */
function Area({ messages, busy }: { messages: AgentUIMessage[]; busy: boolean }) {
  const draft = useDraft();
  const chat = { id: 's1', busy, messages } as Partial<SessionRun['chat']> as SessionRun['chat'];
  const history = { history: {} } as Partial<SessionRun['history']> as SessionRun['history'];
  const run = { chat, history, followingQueue: false } as Partial<SessionRun> as SessionRun;
  const queue = { items: [], edit: async () => true, cancel: async () => {} } as Partial<MessageQueue> as MessageQueue;
  const actions = { send: () => {}, queueText: async () => {}, sendQueuedNow: async () => {} } as Partial<MessageActions> as MessageActions;
  const panels = { set: () => {}, isOpen: () => false } as Partial<SessionPanels> as SessionPanels;
  return (
    <ChatComposerArea
      ref={null}
      run={run}
      queue={queue}
      draft={draft}
      actions={actions}
      stop={{ stopping: false, stop: async () => {} }}
      compacting={false}
      permissionMode="ask"
      onPermissionModeChange={() => {}}
      demo={false}
      models={MODELS}
      modelKey="demo"
      onModelChange={() => {}}
      panels={panels}
    />
  );
}
const MODELS: [] = [];

test('tokens streaming into the last message render the composer area, not the composer', () => {
  const Wrapper = withSessions();
  const ui = (messages: AgentUIMessage[], busy: boolean) => (
    <Wrapper>
      <TooltipProvider>
        <Area messages={messages} busy={busy} />
      </TooltipProvider>
    </Wrapper>
  );
  const question = userText('u1', 'Tell me');
  const view = render(ui([question, assistant('a1', 'w0')], true));
  const atStart = renders.composer;
  expect(atStart).toBeGreaterThan(0);
  for (let token = 1; token <= 20; token++) view.rerender(ui([question, assistant('a1', `w0 ${'w '.repeat(token)}`)], true));
  expect(renders.composer).toBe(atStart);

  // What the composer shows does change: the run ends, Send comes back.
  view.rerender(ui([question, assistant('a1', 'done')], false));
  expect(renders.composer).toBeGreaterThan(atStart);
});
