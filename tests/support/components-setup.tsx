import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { Markdown } from '@/components/chat/markdown';

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// The markdown renderer is a lazy chunk (components/chat/markdown.tsx): load it once, so that every test renders
// formatted text at once, as a page does once the chunk is there.
// Menus, popovers, dialogs and sheets load their Radix parts on first open (components/ui/lazy-overlay.tsx). Their
// modules are evaluated here, so a first open costs microtasks, not a transform that takes as long as the machine is
// busy; the first open still goes through the lazy path (tests/components/ui/lazy-overlay.test.tsx checks that path).
beforeAll(async () => {
  await Promise.all([
    import('@/components/ui/alert-dialog-radix'),
    import('@/components/ui/dropdown-menu-radix'),
    import('@/components/ui/popover-radix'),
    import('@/components/ui/sheet-radix'),
  ]);
}, 30_000);

beforeAll(async () => {
  render(<Markdown text="**ready**" streaming={false} />);
  await screen.findByText('ready', { selector: '[data-streamdown="strong"]' }, { timeout: 25_000 });
  cleanup();
}, 30_000);
