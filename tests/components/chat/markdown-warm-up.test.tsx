import { waitFor } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';

/**
 * preloadMarkdownWhenIdle: at idle it fetches the renderer's chunk, then, at the next idle moment, renders a sample
 * once as it streams and once done into an element never attached, so a run's first tokens do not pay for the
 * pipeline's first run (components/chat/markdown.tsx). The real renderer runs: its output must not reach the page.
 */
const idle = vi.hoisted(() => ({ queue: [] as Array<() => void> }));
vi.mock('@/lib/client/when-idle', () => ({
  whenIdle: (work: () => void) => {
    idle.queue.push(work);
    return () => {
      idle.queue = idle.queue.filter((queued) => queued !== work);
    };
  },
}));
const rendered = vi.hoisted(() => ({ calls: [] as Array<{ text: string; streaming?: boolean }> }));
vi.mock('@/components/chat/markdown-renderer', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/components/chat/markdown-renderer')>();
  return {
    ...actual,
    MarkdownRenderer: (props: Parameters<typeof actual.MarkdownRenderer>[0]) => {
      rendered.calls.push({ text: props.text, streaming: props.streaming });
      return actual.MarkdownRenderer(props);
    },
  };
});

// The setup file loaded the markdown module with the real whenIdle: a fresh one, with the mocks.
vi.resetModules();
const { preloadMarkdownWhenIdle } = await import('@/components/chat/markdown');

function runIdleWork() {
  const queued = idle.queue;
  idle.queue = [];
  queued.forEach((work) => work());
}

beforeEach(() => {
  rendered.calls = []; // the setup file renders one message (tests/support/components-setup.tsx)
});

test('cancelled before the page was idle, nothing is loaded or rendered', async () => {
  const cancel = preloadMarkdownWhenIdle();
  cancel();
  runIdleWork();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(idle.queue).toHaveLength(0);
  expect(rendered.calls).toHaveLength(0);
});

test('at idle the renderer is loaded, then a sample is rendered streaming and done, never attached to the page', async () => {
  const before = document.body.innerHTML;
  preloadMarkdownWhenIdle();
  runIdleWork(); // loads the chunk
  await waitFor(() => expect(idle.queue).toHaveLength(1)); // the warm-up waits for the next idle moment
  expect(rendered.calls).toHaveLength(0);
  runIdleWork();
  await waitFor(() => expect(rendered.calls.map((call) => call.streaming)).toEqual([true, false]));
  expect(rendered.calls[0]!.text).toMatch(/\*\*bold\*\*/);
  expect(document.body.innerHTML).toBe(before);

  // Once per page.
  preloadMarkdownWhenIdle();
  runIdleWork();
  await new Promise((resolve) => setTimeout(resolve, 20));
  runIdleWork();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(rendered.calls).toHaveLength(2);
});
