import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { KeyboardShortcuts } from '@/components/shell/keyboard-shortcuts';
import { SidebarProvider, useSidebar } from '@/components/shell/sidebar-context';
import { SHORTCUTS, shortcutFor } from '@/components/shell/shortcuts';
import { TooltipProvider } from '@/components/ui/tooltip';

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push }), usePathname: () => '/' }));

function SidebarState() {
  const { collapsed } = useSidebar();
  return <span data-testid="collapsed">{String(collapsed)}</span>;
}

/** A session page's pieces the shortcuts reach: the composer and the header's panel buttons. */
function Page({ onPanel }: { onPanel: (panel: string) => void }) {
  return (
    <TooltipProvider>
      <SidebarProvider>
        <input aria-label="Title" data-testid="some-field" />
        <textarea aria-label="Message" data-testid="composer-input" />
        {['inspector', 'workspace', 'settings'].map((panel) => (
          <button key={panel} type="button" data-testid={`${panel}-toggle`} onClick={() => onPanel(panel)}>
            {panel}
          </button>
        ))}
        <SidebarState />
        <KeyboardShortcuts />
      </SidebarProvider>
    </TooltipProvider>
  );
}

afterEach(() => {
  push.mockReset();
  localStorage.clear();
});

function press(target: Element | Window, init: KeyboardEventInit) {
  return fireEvent.keyDown(target, { bubbles: true, cancelable: true, ...init });
}

describe('the shortcut table', () => {
  test('single keys act only outside text fields; shortcuts with a modifier act anywhere', () => {
    const textarea = document.createElement('textarea');
    const button = document.createElement('button');
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    const question = { key: '?', code: 'Slash', shiftKey: true, ctrlKey: false, metaKey: false, altKey: false };
    expect(shortcutFor(question, button)?.id).toBe('shortcuts');
    expect(shortcutFor(question, checkbox)?.id).toBe('shortcuts');
    expect(shortcutFor(question, textarea)).toBeUndefined();
    expect(shortcutFor({ ...question, key: '/', shiftKey: false }, document.body)?.id).toBe('focus-composer');
    expect(shortcutFor({ ...question, key: '/', shiftKey: false }, textarea)).toBeUndefined();
    const newSession = { key: 'O', code: 'KeyO', shiftKey: true, ctrlKey: true, metaKey: false, altKey: false };
    expect(shortcutFor(newSession, textarea)?.id).toBe('new-session');
    expect(shortcutFor({ ...newSession, ctrlKey: false, metaKey: true }, textarea)?.id).toBe('new-session');
    // Option+I on a Mac types "ˆ": the physical key decides.
    expect(shortcutFor({ key: 'ˆ', code: 'KeyI', altKey: true, shiftKey: false, ctrlKey: false, metaKey: false }, textarea)?.id).toBe('inspector');
    expect(shortcutFor({ key: 'b', code: 'KeyB', altKey: false, shiftKey: false, ctrlKey: false, metaKey: false }, document.body)).toBeUndefined();
  });

  test('every shortcut has a label and keys, and ids are unique', () => {
    expect(new Set(SHORTCUTS.map((s) => s.id)).size).toBe(SHORTCUTS.length);
    for (const shortcut of SHORTCUTS) {
      expect(shortcut.label).not.toBe('');
      expect(shortcut.keys.length).toBeGreaterThan(0);
    }
  });
});

describe('<KeyboardShortcuts>', () => {
  test('? opens the list of shortcuts, Esc closes it and focus goes back where it was', async () => {
    render(<Page onPanel={() => {}} />);
    const opener = screen.getByTestId('inspector-toggle');
    opener.focus();
    act(() => void press(opener, { key: '?', code: 'Slash', shiftKey: true }));
    const sheet = await screen.findByTestId('shortcuts-sheet');
    expect(within(sheet).getByRole('heading', { name: 'Keyboard shortcuts' })).toBeTruthy();
    expect(within(sheet).getByTestId('shortcut-new-session').textContent).toMatch(/New session.*(Ctrl|⌘).*O/);
    expect(within(sheet).getByTestId('shortcut-focus-composer').textContent).toContain('/');
    fireEvent.keyDown(sheet, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByTestId('shortcuts-sheet')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
  });

  test('? typed in a field is just a character', () => {
    render(<Page onPanel={() => {}} />);
    const field = screen.getByTestId('some-field');
    field.focus();
    const event = press(field, { key: '?', code: 'Slash', shiftKey: true });
    expect(event).toBe(true); // not prevented
    expect(screen.queryByTestId('shortcuts-sheet')).toBeNull();
  });

  test('/ focuses the composer, Ctrl+Shift+O starts a new session, Ctrl+B hides the sidebar', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('min-width'), media: query, addEventListener() {}, removeEventListener() {} }));
    render(<Page onPanel={() => {}} />);
    act(() => void press(document.body, { key: '/', code: 'Slash' }));
    expect(document.activeElement).toBe(screen.getByTestId('composer-input'));

    const started = vi.fn();
    window.addEventListener('agent-playground:new-session', started);
    act(() => void press(screen.getByTestId('composer-input'), { key: 'O', code: 'KeyO', ctrlKey: true, shiftKey: true }));
    expect(push).toHaveBeenCalledWith('/');
    expect(started).toHaveBeenCalledTimes(1);
    window.removeEventListener('agent-playground:new-session', started);

    expect(screen.getByTestId('collapsed').textContent).toBe('false');
    act(() => void press(document.body, { key: 'b', code: 'KeyB', ctrlKey: true }));
    expect(screen.getByTestId('collapsed').textContent).toBe('true');
    vi.unstubAllGlobals();
  });

  test('Alt+I, Alt+W and Alt+S press the header buttons of the inspector, workspace and settings', () => {
    const onPanel = vi.fn();
    render(<Page onPanel={onPanel} />);
    for (const code of ['KeyI', 'KeyW', 'KeyS']) act(() => void press(screen.getByTestId('composer-input'), { key: code.slice(3).toLowerCase(), code, altKey: true }));
    expect(onPanel.mock.calls.map(([panel]) => panel)).toEqual(['inspector', 'workspace', 'settings']);
  });
});
