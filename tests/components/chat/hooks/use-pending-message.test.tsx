import { renderHook, waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { usePendingMessage } from '@/components/chat/hooks/use-pending-message';
import { useDocumentTitle } from '@/components/chat/hooks/use-document-title';
import { peekPendingMessage, storePendingMessage } from '@/lib/client/pending-message';

test('the first message from the new-chat page is sent once, after mount', async () => {
  storePendingMessage('s-new', 'Plan a trip');
  const send = vi.fn();
  const { rerender } = renderHook(() => usePendingMessage('s-new', send));
  await waitFor(() => expect(send).toHaveBeenCalledWith('Plan a trip', []));
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

const PNG = { type: 'file' as const, mediaType: 'image/png', url: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==', filename: 'dot.png' };

test('the images of the first message travel with it, and survive a reload on the way (sessionStorage)', async () => {
  storePendingMessage('s-images', '', [PNG]);
  const stored = JSON.parse(sessionStorage.getItem('agent-playground:pending-message:s-images')!);
  expect(stored).toEqual({ text: '', images: [PNG] });
  const send = vi.fn();
  renderHook(() => usePendingMessage('s-images', send));
  // An image-only first message is sent too (no text).
  await waitFor(() => expect(send).toHaveBeenCalledWith('', [PNG]));
  expect(sessionStorage.getItem('agent-playground:pending-message:s-images')).toBeNull();
});

test('an entry written by an older page (plain text) is still read, with no images', () => {
  sessionStorage.setItem('agent-playground:pending-message:s-old', 'Plain text from before');
  expect(peekPendingMessage('s-old')).toEqual({ text: 'Plain text from before', images: [] });
});

test('the tab title follows the session title', () => {
  const { rerender } = renderHook(({ title }) => useDocumentTitle(title), { initialProps: { title: 'First' } });
  expect(document.title).toBe('First · Agent Playground');
  rerender({ title: 'Renamed' });
  expect(document.title).toBe('Renamed · Agent Playground');
});
