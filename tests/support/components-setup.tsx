import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { Markdown } from '@/components/chat/markdown';

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// The markdown renderer is a lazy chunk (components/chat/markdown.tsx): load it once, so that every test renders
// formatted text at once, as a page does once the chunk is there.
beforeAll(async () => {
  render(<Markdown text="**ready**" streaming={false} />);
  await screen.findByText('ready', { selector: '[data-streamdown="strong"]' }, { timeout: 25_000 });
  cleanup();
}, 30_000);
