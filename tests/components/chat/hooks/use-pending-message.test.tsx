import { renderHook, waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { usePendingMessage } from '@/components/chat/hooks/use-pending-message';
import { useDocumentTitle } from '@/components/chat/hooks/use-document-title';
import { peekPendingMessage, storePendingMessage } from '@/lib/client/pending-message';

test('the first message from the new-chat page is sent once, after mount', async () => {
  storePendingMessage('s-new', 'Plan a trip');
  const send = vi.fn();
  const { rerender } = renderHook(() => usePendingMessage('s-new', send));
  await waitFor(() => expect(send).toHaveBeenCalledWith('Plan a trip'));
  rerender();
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(send).toHaveBeenCalledOnce();
  expect(peekPendingMessage('s-new')).toBeUndefined();
});

test('a double mount (development) sends it once', async () => {
  storePendingMessage('s-twice', 'Only once');
  const send = vi.fn();
  const first = renderHook(() => usePendingMessage('s-twice', send));
  first.unmount();
  renderHook(() => usePendingMessage('s-twice', send));
  await waitFor(() => expect(send).toHaveBeenCalled());
  expect(send).toHaveBeenCalledOnce();
});

test('the tab title follows the session title', () => {
  const { rerender } = renderHook(({ title }) => useDocumentTitle(title), { initialProps: { title: 'First' } });
  expect(document.title).toBe('First · Agent Playground');
  rerender({ title: 'Renamed' });
  expect(document.title).toBe('Renamed · Agent Playground');
});
