import { waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';

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
/** What the warm-up's detached root was given, and what it held before each next call (flushSync renders at once). */
const rendered = vi.hoisted(() => ({ calls: [] as Array<{ text?: string; streaming?: boolean; attached: boolean; htmlBefore: string }>, unmountedHtml: [] as string[] }));
vi.mock('react-dom/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-dom/client')>();
  return {
    ...actual,
    createRoot: (container: HTMLElement, options?: Parameters<typeof actual.createRoot>[1]) => {
      const root = actual.createRoot(container, options);
      return {
        render: (element: React.ReactElement<{ text?: string; streaming?: boolean }>) => {
          rendered.calls.push({ text: element.props.text, streaming: element.props.streaming, attached: container.isConnected, htmlBefore: container.innerHTML });
          root.render(element);
        },
        unmount: () => {
          rendered.unmountedHtml.push(container.innerHTML);
          root.unmount();
        },
      };
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


test('cancelled before the page was idle, nothing is loaded or rendered', async () => {
  const cancel = preloadMarkdownWhenIdle();
  cancel();
  runIdleWork();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(idle.queue).toHaveLength(0);
  expect(rendered.calls).toHaveLength(0);
});

test('a page that shows markdown already (a session\'s messages) is not warmed again', async () => {
  document.body.innerHTML = '<p><span data-streamdown="strong">hydrated</span></p>';
  preloadMarkdownWhenIdle();
  runIdleWork();
  await waitFor(() => expect(idle.queue).toHaveLength(1));
  runIdleWork();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(rendered.calls).toHaveLength(0);
  document.body.innerHTML = '';
});

test('at idle the renderer is loaded, then a sample is rendered streaming and done, never attached to the page', async () => {
  const before = document.body.innerHTML;
  preloadMarkdownWhenIdle();
  runIdleWork(); // loads the chunk
  await waitFor(() => expect(idle.queue).toHaveLength(1)); // the warm-up waits for the next idle moment
  expect(rendered.calls).toHaveLength(0);
  runIdleWork();
  await waitFor(() => expect(rendered.unmountedHtml).toHaveLength(1));
  expect(rendered.calls.map((call) => call.streaming)).toEqual([true, false]);
  expect(rendered.calls[0]!.text).toMatch(/\*\*bold\*\*/);
  // The real renderer ran (formatted text, in a container never attached), and nothing reached the page.
  expect(rendered.calls.every((call) => !call.attached)).toBe(true);
  expect(rendered.calls[1]!.htmlBefore).toContain('data-streamdown="strong"');
  expect(rendered.unmountedHtml[0]).toContain('A heading');
  expect(document.body.innerHTML).toBe(before);

  // Once per page.
  preloadMarkdownWhenIdle();
  runIdleWork();
  await new Promise((resolve) => setTimeout(resolve, 20));
  runIdleWork();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(rendered.calls).toHaveLength(2);
});
