import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { ShareView } from '@/lib/api-types';
import type { ShareCreateInput, ShareDraft, ShareUpdateInput } from '@/lib/client/share-api';
import { json, stubApi } from '../chat/hooks/fake-api';
import { previewFor, shareView, ShareWrapper } from './share-fixtures';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/client/toast', () => ({ toast }));

const { ShareDialog } = await import('@/components/share/share-dialog');
const { SharesPanel } = await import('@/components/share/shares-panel');

beforeEach(() => Object.values(toast).forEach((fn) => fn.mockClear()));
afterEach(() => vi.unstubAllGlobals());

test('embedding is off by default; switched on, Publish sends it and the result offers the <iframe> code', async () => {
  const api = stubApi({
    'POST /api/sessions/s1/shares/preview': (call) => json({ preview: previewFor(call.body as ShareDraft, []) }),
    'GET /api/sessions/s1/shares': () => json({ shares: [] }),
    'POST /api/sessions/s1/shares': (call) => json({ share: shareView({ id: 'new', url: '/share/tok-new', allowEmbed: (call.body as ShareCreateInput).allowEmbed }) }, 201),
  });
  const user = userEvent.setup();
  render(<ShareDialog sessionId="s1" open onOpenChange={() => {}} />, { wrapper: ShareWrapper });

  const toggle = await screen.findByTestId('share-allow-embed'); // the sheet's parts load on open
  expect(toggle.getAttribute('role')).toBe('switch');
  expect(toggle.getAttribute('aria-checked')).toBe('false');
  // The one-line explanation belongs to the switch.
  expect(document.getElementById(toggle.getAttribute('aria-describedby')!)?.textContent).toMatch(/Other websites may show this page in a frame/);
  await user.click(screen.getByText('Allow embedding on other sites'));
  expect(toggle.getAttribute('aria-checked')).toBe('true');

  const publish = screen.getByTestId('share-publish');
  await waitFor(() => expect(publish).toHaveProperty('disabled', false));
  await user.click(publish);

  const code = await screen.findByTestId('share-embed-code');
  expect((code as HTMLTextAreaElement).value).toBe(
    `<iframe src="${window.location.origin}/share/tok-new" title="Shared agent session" width="100%" height="640" style="border:0" loading="lazy"></iframe>`,
  );
  const post = api.calls.find((call) => call.method === 'POST' && call.url === '/api/sessions/s1/shares');
  expect((post?.body as ShareCreateInput).allowEmbed).toBe(true);
});

test('a link published without embedding shows no embed code', async () => {
  stubApi({
    'POST /api/sessions/s1/shares/preview': (call) => json({ preview: previewFor(call.body as ShareDraft, []) }),
    'GET /api/sessions/s1/shares': () => json({ shares: [] }),
    'POST /api/sessions/s1/shares': (call) => json({ share: shareView({ id: 'new', url: '/share/tok-new', allowEmbed: (call.body as ShareCreateInput).allowEmbed }) }, 201),
  });
  const user = userEvent.setup();
  render(<ShareDialog sessionId="s1" open onOpenChange={() => {}} />, { wrapper: ShareWrapper });
  const publish = await screen.findByTestId('share-publish');
  await waitFor(() => expect(publish).toHaveProperty('disabled', false));
  await user.click(publish);
  await screen.findByTestId('share-link');
  expect(screen.queryByTestId('share-embed-code')).toBeNull();
});

test('the links list marks embeddable links, copies their code, and turns embedding on and off', async () => {
  let current: ShareView[] = [shareView({ id: 'emb', url: '/share/tok-emb', allowEmbed: true }), shareView({ id: 'plain', url: '/share/tok-plain' }), shareView({ id: 'gone', url: '/share/tok-gone', revokedAt: Date.now() - 1000 })];
  const api = stubApi({
    'GET /api/sessions/s1/shares': () => json({ shares: current }),
    'PATCH /api/shares/emb': (call) => {
      current = current.map((share) => (share.id === 'emb' ? { ...share, allowEmbed: (call.body as ShareUpdateInput).allowEmbed ?? share.allowEmbed } : share));
      return json({ share: current[0] });
    },
    'PATCH /api/shares/plain': () => json({ error: { code: 'not_found', message: 'This link does not exist or was revoked.' } }, 404),
  });
  const user = userEvent.setup();
  render(<SharesPanel sessionId="s1" />, { wrapper: ShareWrapper });

  const rows = await screen.findAllByTestId('share-item');
  const row = (id: string) => rows.find((item) => item.dataset.shareId === id)!;
  expect(within(row('emb')).getByTestId('share-embeddable').textContent).toBe('Embeddable');
  expect(within(row('emb')).getByTestId('share-item-embed-copy')).toBeTruthy();
  expect(within(row('emb')).getByTestId('share-embed-toggle').textContent).toBe('Stop embedding');
  expect(within(row('plain')).queryByTestId('share-embeddable')).toBeNull();
  expect(within(row('plain')).queryByTestId('share-item-embed-copy')).toBeNull();
  expect(within(row('plain')).getByTestId('share-embed-toggle').textContent).toBe('Allow embedding');
  // A revoked link cannot be embedded again.
  expect(within(row('gone')).queryByTestId('share-embed-toggle')).toBeNull();

  await user.click(within(row('emb')).getByTestId('share-embed-toggle'));
  await waitFor(() => expect(within(row('emb')).queryByTestId('share-embeddable')).toBeNull());
  expect(within(row('emb')).getByTestId('share-embed-toggle').textContent).toBe('Allow embedding');
  expect(api.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ allowEmbed: false }]);
  expect(toast.success).toHaveBeenCalledWith('Embedding stopped', expect.anything());

  await user.click(within(row('plain')).getByTestId('share-embed-toggle'));
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Could not change embedding', { description: 'This link does not exist or was revoked.' }));
});
