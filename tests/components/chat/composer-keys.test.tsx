import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { Composer, menuTriggerAt, type ComposerAssist } from '@/components/chat/composer';
import { BUILT_IN_COMMANDS, type ArgumentOption, type ArgumentSource } from '@/lib/client/slash-commands';
import { renderInApp } from '../agent/fixtures';

/** The composer's keys: Enter, Shift+Enter, IME, Escape stops, Up-arrow edits, and the argument menu of a command. */

const OPTIONS: Record<ArgumentSource, ArgumentOption[]> = {
  modes: ['plan', 'ask', 'accept-edits', 'auto'].map((mode) => ({ value: mode, label: mode, current: mode === 'ask' })),
  models: [
    { value: 'scripted-chat', label: 'scripted-chat', meta: 'Scripted' },
    { value: 'scripted-responses', label: 'scripted-responses', meta: 'OpenAI', current: true },
  ],
  'export-formats': [
    { value: 'json', label: 'json' },
    { value: 'markdown', label: 'markdown' },
  ],
};

function setup({ busy = false, editLast = true, dismiss = false }: { busy?: boolean; editLast?: boolean; dismiss?: boolean } = {}) {
  const sent: string[] = [];
  const queued: string[] = [];
  const onStop = vi.fn();
  const onEditLast = vi.fn(() => editLast);
  const onDismiss = vi.fn(() => dismiss);
  function Harness() {
    const [value, setValue] = useState('');
    // What the owner reads when asked to send: the text now (a menu may have just put it there), as the session's draft store does.
    const current = useRef('');
    const change = (next: string) => {
      current.current = next;
      setValue(next);
    };
    const assist: ComposerAssist = {
      catalog: { state: 'ready', data: { servers: [], resources: [], templates: [], prompts: [] } },
      loadCatalog: () => {},
      commands: BUILT_IN_COMMANDS,
      attachments: [],
      onAttach: () => {},
      onDetach: () => {},
      onCommand: (command) => change(`/${command.name} `),
      argumentOptions: (source, query) => OPTIONS[source].filter((option) => option.value.startsWith(query)),
    };
    return (
      <Composer
        value={value}
        onChange={change}
        onSend={() => sent.push(current.current)}
        onQueue={() => queued.push(current.current)}
        onStop={onStop}
        busy={busy}
        assist={assist}
        onEditLast={onEditLast}
        onDismiss={onDismiss}
      />
    );
  }
  renderInApp(<Harness />);
  return { input: screen.getByTestId('composer-input') as HTMLTextAreaElement, sent, queued, onStop, onEditLast, onDismiss, user: userEvent.setup() };
}

describe('sending', () => {
  test('Enter sends, Shift+Enter adds a line, and Enter while composing with an IME sends nothing', async () => {
    const { input, sent, user } = setup();
    await user.type(input, 'first line{Shift>}{Enter}{/Shift}second');
    expect(input.value).toBe('first line\nsecond');
    expect(sent).toEqual([]);
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    expect(sent).toEqual([]);
    await user.keyboard('{Enter}');
    expect(sent).toEqual(['first line\nsecond']);
  });

  test('while the agent runs, Enter queues', async () => {
    const { input, sent, queued, user } = setup({ busy: true });
    await user.type(input, 'after this{Enter}');
    expect(queued).toEqual(['after this']);
    expect(sent).toEqual([]);
  });
});

describe('Escape', () => {
  test('stops the run when no menu is open; with the menu open it only closes the menu', async () => {
    const { input, onStop, user } = setup({ busy: true });
    await user.type(input, '/');
    expect(await screen.findByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onStop).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  test('closes what the owner shows first, and does nothing when no run is active', async () => {
    const closing = setup({ busy: true, dismiss: true });
    await closing.user.type(closing.input, '{Escape}');
    expect(closing.onDismiss).toHaveBeenCalled();
    expect(closing.onStop).not.toHaveBeenCalled();
  });

  test('does not stop anything when idle', async () => {
    const { input, onStop, user } = setup();
    await user.type(input, '{Escape}');
    expect(onStop).not.toHaveBeenCalled();
  });
});

describe('Up-arrow', () => {
  test('in an empty composer asks to edit the last message; with text it moves the caret as usual', async () => {
    const { input, onEditLast, user } = setup();
    await user.type(input, '{ArrowUp}');
    expect(onEditLast).toHaveBeenCalledTimes(1);
    await user.type(input, 'draft{ArrowUp}');
    expect(onEditLast).toHaveBeenCalledTimes(1);
    expect(input.value).toBe('draft');
  });
});

describe('command arguments', () => {
  test('the menu offers the values, Tab completes without running, Enter runs', async () => {
    const { input, sent, user } = setup();
    await user.type(input, '/mode ');
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['plan', 'askcurrent', 'accept-edits', 'auto']);
    await user.type(input, 'p{Tab}');
    expect(input.value).toBe('/mode plan');
    expect(sent).toEqual([]);
    await user.clear(input);
    await user.type(input, '/model scripted-c');
    expect((await screen.findAllByRole('option'))).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(sent).toEqual(['/model scripted-chat']);
  });

  test('a command without an argument runs from its first letters; one with an argument is typed out for it', async () => {
    const { input, sent, user } = setup();
    await user.type(input, '/he{Enter}');
    expect(sent).toEqual(['/help']);
    await user.clear(input);
    await user.type(input, '/exp{Enter}');
    expect(input.value).toBe('/export ');
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['json', 'markdown']);
  });

  test('free text after a command opens no menu', async () => {
    const { input, user } = setup();
    await user.type(input, '/compact keep the API notes');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  test('the trigger is read at the caret', () => {
    expect(menuTriggerAt('/mode pl', 8)).toEqual({ kind: 'argument', command: 'mode', query: 'pl', start: 6, end: 8 });
    expect(menuTriggerAt('/mode pl', 5)).toEqual({ kind: 'slash', query: 'mode', start: 0, end: 5 });
    expect(menuTriggerAt('/mode pl', 3)).toBeUndefined();
    expect(menuTriggerAt('/compact keep it', 16)).toBeUndefined();
    expect(menuTriggerAt('ask @rea', 8)).toMatchObject({ kind: 'mention', query: 'rea' });
  });
});
