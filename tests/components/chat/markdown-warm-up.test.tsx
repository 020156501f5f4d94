import { waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';

/**
 * preloadMarkdown: it fetches the renderer's chunk at once, then, at the next idle moment, renders a sample once as
 * it streams and once done into an element never attached, so a run's first tokens do not pay for the pipeline's
 * first run (components/chat/markdown.tsx). The real renderer runs: its output must not reach the page.
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
const { preloadMarkdown } = await import('@/components/chat/markdown');

function runIdleWork() {
  const queued = idle.queue;
  idle.queue = [];
  queued.forEach((work) => work());
}


test('cancelled before the chunk was in, nothing is rendered', async () => {
  const cancel = preloadMarkdown();
  cancel();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(idle.queue).toHaveLength(0);
  expect(rendered.calls).toHaveLength(0);
});

for (const [page, html] of [
  ["shows markdown already (a session's messages)", '<p><span data-streamdown="strong">hydrated</span></p>'],
  ['has a message waiting for the renderer (a run streamed in before the chunk)', '<div class="markdown" data-markdown-pending="">**streaming**</div>'],
] as const) {
  test(`a page that ${page} is not warmed: its message warms the renderer`, async () => {
    document.body.innerHTML = html;
    preloadMarkdown();
    await waitFor(() => expect(idle.queue).toHaveLength(1));
    runIdleWork();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rendered.calls).toHaveLength(0);
    document.body.innerHTML = '';
  });
}

test('the renderer is loaded at once, then at idle a sample is rendered streaming and done, never attached to the page', async () => {
  const before = document.body.innerHTML;
  preloadMarkdown(); // loads the chunk, without waiting for the page to be idle
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
  preloadMarkdown();
  await waitFor(() => expect(idle.queue).toHaveLength(1));
  runIdleWork();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(rendered.calls).toHaveLength(2);
});
