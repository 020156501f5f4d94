import { renderHook } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { json, session, stubApi, withSessions } from './fake-api';

/**
 * An untitled session names itself as its first run starts, with a function in its own chunk. That chunk is fetched
 * while the page is idle, not at the run's start, where its script ran in front of the first tokens
 * (components/chat/hooks/use-session-chat.ts).
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
const titles = vi.hoisted(() => ({ loaded: 0 }));
vi.mock('@/lib/agent/titles', async (importOriginal) => {
  titles.loaded++;
  return importOriginal();
});

const { useDraft } = await import('@/components/chat/hooks/use-draft');
const { useMessageQueue } = await import('@/components/chat/hooks/use-message-queue');
const { useSessionRun } = await import('@/components/chat/hooks/use-session-run');

function renderSession(untitled: boolean) {
  const summary = session(untitled ? { title: 'New session', untitled: true } : { title: 'Named' });
  stubApi({ 'GET /api/sessions/s1/queue': () => json({ items: [] }) });
  return renderHook(
    () => {
      const draft = useDraft();
      const queue = useMessageQueue('s1');
      return useSessionRun({ session: summary, initialMessages: [], draft, queue });
    },
    { wrapper: withSessions([summary]) },
  );
}

test('a named session does not load the naming chunk', () => {
  idle.queue = [];
  const { unmount } = renderSession(false);
  expect(idle.queue).toHaveLength(0);
  unmount();
});

test('an untitled session loads it when the page is idle, once', async () => {
  idle.queue = [];
  const { unmount } = renderSession(true);
  expect(titles.loaded).toBe(0);
  expect(idle.queue).toHaveLength(1);
  idle.queue.splice(0).forEach((work) => work());
  await vi.waitFor(() => expect(titles.loaded).toBe(1));
  unmount();
});

test('leaving the page before it is idle cancels the load', () => {
  idle.queue = [];
  const { unmount } = renderSession(true);
  expect(idle.queue).toHaveLength(1);
  unmount();
  expect(idle.queue).toHaveLength(0);
});
