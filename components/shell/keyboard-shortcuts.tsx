'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { useSidebar } from '@/components/shell/sidebar-context';
import { shortcutFor, type ShortcutId } from '@/components/shell/shortcuts';
import { useStartNewSession } from '@/components/shell/use-start-new-session';

/** The sheet itself is fetched the first time `?` opens it; only the key handler is on every page. */
const ShortcutsSheet = dynamic(() => import('@/components/shell/shortcuts-sheet').then((module) => module.ShortcutsSheet), { ssr: false });

/** The header button each panel shortcut presses, so a shortcut does exactly what a click does. */
const PANEL_BUTTONS: Partial<Record<ShortcutId, string>> = {
  inspector: 'inspector-toggle',
  workspace: 'workspace-toggle',
  settings: 'settings-toggle',
};

function pressButton(testId: string): boolean {
  const button = document.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`);
  if (!button || button.disabled) return false;
  button.click();
  return true;
}

/** Listens for the app's shortcuts (components/shell/shortcuts.ts) on the whole page, and owns the `?` sheet. */
export function KeyboardShortcuts() {
  const [sheetOpen, setSheetOpen] = useState(false);
  const { toggle: toggleSidebar } = useSidebar();
  const startNewSession = useStartNewSession();

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing || event.repeat) return;
      const shortcut = shortcutFor(event, event.target);
      if (!shortcut) return;
      let handled = true;
      switch (shortcut.id) {
        case 'shortcuts':
          setSheetOpen((open) => !open);
          break;
        case 'focus-composer': {
          const composer = document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]');
          // Not on this page (settings, admin): the key does what it would have done.
          if (composer) composer.focus();
          else handled = false;
          break;
        }
        case 'new-session':
          setSheetOpen(false);
          startNewSession();
          break;
        case 'toggle-sidebar':
          toggleSidebar();
          break;
        default: {
          const button = PANEL_BUTTONS[shortcut.id];
          handled = button ? pressButton(button) : false;
        }
      }
      if (handled) event.preventDefault();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [startNewSession, toggleSidebar]);

  return sheetOpen ? <ShortcutsSheet open onOpenChange={setSheetOpen} /> : null;
}
