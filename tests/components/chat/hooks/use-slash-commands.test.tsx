import { act, renderHook } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { SlashCommandHost } from '@/components/chat/hooks/use-slash-commands';
import type { ModelInfo } from '@/lib/models/types';
import { json, session, stubApi, withSessions } from './fake-api';

const push = vi.hoisted(() => vi.fn());
vi.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh: vi.fn() }), usePathname: () => '/' }));
const { useSlashCommands } = await import('@/components/chat/hooks/use-slash-commands');
const { useComposerAssist } = await import('@/components/chat/hooks/use-composer-assist');
const { useDraft } = await import('@/components/chat/hooks/use-draft');

afterEach(() => {
  vi.unstubAllGlobals();
  push.mockClear();
});

const models = [
  { key: 'openai:scripted-responses', modelId: 'scripted-responses', label: 'scripted-responses', providerLabel: 'OpenAI' },
  { key: 'compat:scripted-chat', modelId: 'scripted-chat', label: 'scripted-chat', providerLabel: 'Scripted' },
] as ModelInfo[];

function setup(overrides: Partial<SlashCommandHost> = {}) {
  const host: SlashCommandHost = {
    sessionId: 's1',
    busy: false,
    lastMessageId: () => 'm2',
    models,
    modelKey: 'openai:scripted-responses',
    onModelChange: vi.fn(),
    permissionMode: 'ask',
    onPermissionModeChange: vi.fn(),
    openPanel: vi.fn(),
    ...overrides,
  };
  const hook = renderHook(
    () => {
      const draft = useDraft();
      const slash = useSlashCommands(host);
      return { draft, slash, menus: useComposerAssist(draft, slash) };
    },
    { wrapper: withSessions() },
  );
  /** Types `text` and sends it: answers whether it went on to the model (true) or was handled here. */
  const send = (text: string) => {
    let intercepted = false;
    act(() => {
      hook.result.current.draft.setDraft(text);
      intercepted = hook.result.current.menus.interceptCommand(text);
    });
    return !intercepted;
  };
  return { host, hook, send, current: () => hook.result.current };
}

test('/model and /mode switch the session and say so; nothing goes to the model', async () => {
  const { host, send, current } = setup();
  // Sent before /model's matching (a chunk of its own) is in: held, then done once it is.
  expect(send('/model chat')).toBe(false);
  expect(current().draft.get()).toBe('/model chat');
  await vi.waitFor(() => expect(host.onModelChange).toHaveBeenCalledWith('compat:scripted-chat'));
  await vi.waitFor(() => expect(current().menus.notice).toEqual({ text: 'Model: scripted-chat (Scripted), from the next message.', tone: 'info' }));
  expect(current().draft.get()).toBe('');
  // Once it is in, at once.
  expect(send('/model responses')).toBe(false);
  expect(current().menus.notice).toEqual({ text: 'Already on scripted-responses (OpenAI).', tone: 'info' });
  expect(current().draft.get()).toBe('');

  expect(send('/mode plan')).toBe(false);
  expect(host.onPermissionModeChange).toHaveBeenCalledWith('plan');
  expect(current().menus.notice?.text).toMatch(/^Permission mode: Plan\./);
});

test('a model that is not there, or a bad mode, keeps the text and says why', async () => {
  const { host, send, current } = setup();
  expect(send('/model scripted')).toBe(false);
  await vi.waitFor(() =>
    expect(current().menus.notice).toEqual({ text: '“scripted” fits 2 models: scripted-responses, scripted-chat. Type more of the name.', tone: 'warning' }),
  );
  expect(current().draft.get()).toBe('/model scripted');
  expect(send('/mode yolo')).toBe(false);
  expect(current().menus.notice?.text).toBe('There is no mode “yolo”. Usage: /mode plan|ask|accept-edits|auto.');
  expect(host.onModelChange).not.toHaveBeenCalled();
  expect(host.onPermissionModeChange).not.toHaveBeenCalled();
});

test('/help and /cost open their panel; /inspect and /share the session panels', () => {
  const { host, send, current } = setup();
  send('/help');
  expect(current().slash.panel).toBe('help');
  send('/cost');
  expect(current().slash.panel).toBe('cost');
  send('/inspect');
  send('/share');
  expect(vi.mocked(host.openPanel).mock.calls).toEqual([['inspector'], ['share']]);
});

test('/compact goes on to the message actions, except during a run', () => {
  expect(setup().send('/compact keep the API notes')).toBe(true);
  const running = setup({ busy: true });
  expect(running.send('/compact')).toBe(false);
  expect(running.current().menus.notice?.text).toBe('Compaction waits for the run: send /compact when the agent has finished.');
});

test('/fork forks at the last message and opens the fork; not during a run or in an empty session', async () => {
  const api = stubApi({ 'POST /api/sessions/s1/fork': () => json({ session: session({ id: 'fork-1' }) }, 201) });
  const { send } = setup();
  send('/fork');
  await vi.waitFor(() => expect(push).toHaveBeenCalledWith('/s/fork-1'));
  expect(api.calls[0]).toMatchObject({ body: { messageId: 'm2' } });

  const running = setup({ busy: true });
  running.send('/fork');
  expect(running.current().menus.notice?.text).toBe('Wait for the run to finish (or stop it), then /fork.');
  const empty = setup({ lastMessageId: () => undefined });
  empty.send('/fork');
  expect(empty.current().menus.notice?.text).toBe('Nothing to fork yet: send a message first.');
});

test('/clear asks the server for a session with the same settings and opens it; /new opens the new-session page', async () => {
  const api = stubApi({ 'POST /api/sessions/s1/clear': () => json({ session: session({ id: 'clear-1' }) }, 201) });
  const { send } = setup();
  send('/clear');
  await vi.waitFor(() => expect(push).toHaveBeenCalledWith('/s/clear-1'));
  expect(api.calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/sessions/s1/clear']);
  send('/new');
  expect(push).toHaveBeenLastCalledWith('/');
});

test('/export downloads the session file from the export route', () => {
  const clicked: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.getAttribute('href')!);
  });
  const { send, current } = setup();
  send('/export');
  send('/export md');
  expect(clicked).toEqual(['/api/sessions/s1/export?format=json', '/api/sessions/s1/export?format=markdown']);
  expect(current().menus.notice?.text).toBe('Downloading the transcript as Markdown.');
  click.mockRestore();
});

test('an unknown command is answered here and never sent', () => {
  const { send, current } = setup();
  expect(send('/halp')).toBe(false);
  expect(current().menus.notice?.text).toBe('Unknown command /halp: nothing was sent. Did you mean /help? Type /help to see the commands.');
});

test('the argument menu offers the modes, the models and the export formats, marking the current one', async () => {
  const { current } = setup();
  const options = () => current().menus.assist.argumentOptions!;
  expect(options()('modes', 'a').map((option) => [option.value, option.current])).toEqual([
    ['ask', true],
    ['accept-edits', false],
    ['auto', false],
  ]);
  // The models fill in once their matching is in (asking for them fetches it).
  await vi.waitFor(() => expect(options()('models', 'chat')).toEqual([{ value: 'scripted-chat', label: 'scripted-chat', meta: 'Scripted', current: false }]));
  expect(options()('export-formats', '').map((option) => option.value)).toEqual(['json', 'markdown']);
});
