import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { json, stubApi } from '../chat/hooks/fake-api';
import { shareView, ShareWrapper } from './share-fixtures';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/client/toast', () => ({ toast }));

const { SharesPanel } = await import('@/components/share/shares-panel');

const HOUR = 60 * 60 * 1000;
const LIST = 'GET /api/sessions/s1/shares';

function links() {
  const now = Date.now();
  return [
    shareView({ id: 'live', url: '/share/tok-live', mode: 'live', expiresAt: now + 5 * HOUR, viewCount: 3, lastViewedAt: now - 10 * 60 * 1000 }),
    shareView({ id: 'old', url: '/share/tok-old', expiresAt: now - 3 * HOUR }),
    shareView({ id: 'gone', url: '/share/tok-gone', revokedAt: now - 2 * HOUR }),
    shareView({ id: 'snap', url: '/share/tok-snap' }),
  ];
}

function items() {
  return screen.getAllByTestId('share-item');
}

function item(id: string) {
  const found = items().find((row) => row.dataset.shareId === id);
  if (!found) throw new Error(`No share item ${id}`);
  return found;
}

beforeEach(() => Object.values(toast).forEach((fn) => fn.mockClear()));
afterEach(() => vi.unstubAllGlobals());

test('lists the links with their mode, expiry, views and state', async () => {
  stubApi({ [LIST]: () => json({ shares: links() }) });
  render(<SharesPanel sessionId="s1" />, { wrapper: ShareWrapper });

  await screen.findAllByTestId('share-item');
  expect(items().map((row) => row.dataset.state)).toEqual(['active', 'expired', 'revoked', 'active']);
  expect(item('live').textContent).toContain('Live');
  expect(item('live').textContent).toContain('expires in 5 h');
  expect(item('live').textContent).toContain('3 views, last 10 min ago');
  expect(item('snap').textContent).toContain('never expires');
  expect(item('snap').textContent).toContain('not viewed yet');
  expect(item('old').textContent).toContain('expired 3 h ago');
  expect(item('gone').textContent).toContain('revoked 2 h ago');
  // A revoked link offers nothing; an expired one can still be revoked; only an active snapshot is updated.
  expect(within(item('gone')).queryByTestId('share-revoke')).toBeNull();
  expect(within(item('old')).queryByTestId('share-update')).toBeNull();
  expect(within(item('old')).getByTestId('share-revoke')).toBeTruthy();
  expect(within(item('snap')).getByTestId('share-update')).toBeTruthy();
});

test('revoke marks the link revoked at once, and rolls back with a toast when the server refuses', async () => {
  let answer: (response: Response) => void = () => {};
  const api = stubApi({
    [LIST]: () => json({ shares: links() }),
    'DELETE /api/shares/snap': () => new Promise<Response>((resolve) => (answer = resolve)),
  });
  const user = userEvent.setup();
  render(<SharesPanel sessionId="s1" />, { wrapper: ShareWrapper });

  await screen.findAllByTestId('share-item');
  await user.click(within(item('snap')).getByTestId('share-revoke'));
  expect(item('snap').dataset.state).toBe('revoked');
  expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/shares/snap']);

  answer(json({ error: { code: 'db_busy', message: 'The database is busy.' } }, 503));
  await waitFor(() => expect(item('snap').dataset.state).toBe('active'));
  expect(toast.error).toHaveBeenCalledWith('Could not revoke the link', { description: 'The database is busy.' });
  expect(toast.success).not.toHaveBeenCalled();
});

test('a revoke the server accepts stays revoked', async () => {
  stubApi({ [LIST]: () => json({ shares: links() }), 'DELETE /api/shares/live': () => json({ ok: true }) });
  const user = userEvent.setup();
  render(<SharesPanel sessionId="s1" />, { wrapper: ShareWrapper });

  await screen.findAllByTestId('share-item');
  await user.click(within(item('live')).getByTestId('share-revoke'));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Link revoked', expect.anything()));
  expect(item('live').dataset.state).toBe('revoked');
  expect(within(item('live')).queryByTestId('share-revoke')).toBeNull();
});

test('Update snapshot asks the server for a new snapshot of the same link', async () => {
  const updatedAt = Date.now();
  const api = stubApi({
    [LIST]: () => json({ shares: links() }),
    'PATCH /api/shares/snap': () => json({ share: { ...links()[3], updatedAt } }),
  });
  const user = userEvent.setup();
  render(<SharesPanel sessionId="s1" />, { wrapper: ShareWrapper });

  await screen.findAllByTestId('share-item');
  await user.click(within(item('snap')).getByTestId('share-update'));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Snapshot updated', expect.anything()));
  expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([{ method: 'PATCH', url: '/api/shares/snap', body: { refresh: true } }]);
  expect(item('snap').textContent).toContain('updated just now');
  expect(item('snap').dataset.state).toBe('active');
});
