import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { ShareView } from '@/lib/api-types';
import type { ShareCreateInput, ShareDraft } from '@/lib/client/share-api';
import { json, stubApi, type ApiCall } from '../chat/hooks/fake-api';
import { finding, previewFor, shareView, ShareWrapper } from './share-fixtures';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/client/toast', () => ({ toast }));

const { ShareDialog } = await import('@/components/share/share-dialog');

const PREVIEW = 'POST /api/sessions/s1/shares/preview';
const DEFAULT_OPTIONS = { hideSystemPrompt: true, hideToolIO: false, hideWorkspace: false };

function previews(calls: ApiCall[]): ShareDraft[] {
  return calls.filter((call) => `${call.method} ${call.url}` === PREVIEW).map((call) => call.body as ShareDraft);
}

function stubShareApi(findings = [finding()], created: ShareView = shareView({ id: 'new', url: '/share/tok-new' })) {
  return stubApi({
    [PREVIEW]: (call) => json({ preview: previewFor(call.body as ShareDraft, findings) }),
    'GET /api/sessions/s1/shares': () => json({ shares: [] }),
    'POST /api/sessions/s1/shares': (call) => {
      const body = call.body as ShareCreateInput;
      return json({ share: { ...created, mode: body.mode, options: body.options, expiresAt: body.expiresAt } }, 201);
    },
  });
}

function renderDialog() {
  return render(<ShareDialog sessionId="s1" open onOpenChange={() => {}} />, { wrapper: ShareWrapper });
}

/** Publish is offered once the dialog has loaded and the preview matches the choices. */
async function publishButton() {
  const button = await screen.findByTestId('share-publish');
  await waitFor(() => expect(button).toHaveProperty('disabled', false));
  return button;
}

beforeEach(() => Object.values(toast).forEach((fn) => fn.mockClear()));
afterEach(() => vi.unstubAllGlobals());

test('the preview shows what viewers see; toggling an option reads it again with the new options', async () => {
  const api = stubShareApi([]);
  const user = userEvent.setup();
  renderDialog();

  const preview = await screen.findByTestId('share-preview');
  await within(preview).findByText('Please read notes.md');
  expect(preview.textContent).toContain('2 messages');
  expect(within(preview).queryByTestId('share-preview-system-prompt')).toBeNull();
  expect(within(preview).getByTestId('share-preview-workspace').textContent).toContain('notes.md');
  expect(previews(api.calls)).toEqual([{ options: DEFAULT_OPTIONS, redact: [] }]);
  expect(screen.getByTestId('share-option-system-prompt')).toHaveProperty('checked', false);
  expect(screen.getByTestId('share-option-tool-io')).toHaveProperty('checked', true);
  expect(screen.getByTestId('share-option-workspace')).toHaveProperty('checked', true);

  await user.click(screen.getByTestId('share-option-system-prompt'));
  await user.click(screen.getByTestId('share-option-workspace'));

  expect((await within(preview).findByTestId('share-preview-system-prompt')).textContent).toContain('You are a careful agent.');
  await waitFor(() => expect(within(preview).queryByTestId('share-preview-workspace')).toBeNull());
  // Two quick changes, one request (debounced), with both.
  expect(previews(api.calls)).toEqual([
    { options: DEFAULT_OPTIONS, redact: [] },
    { options: { hideSystemPrompt: false, hideToolIO: false, hideWorkspace: true }, redact: [] },
  ]);
});

test('a finding shows its kind, masked text and place; Redact sends its id and shows it redacted', async () => {
  const api = stubShareApi([finding(), finding({ id: 'f2', kind: 'bearer-token', masked: 'Bear…9a', where: ['workspace: notes.md'] })]);
  const user = userEvent.setup();
  renderDialog();

  const [first, second] = await screen.findAllByTestId('share-finding');
  expect(first.dataset.kind).toBe('provider-key');
  expect(first.dataset.redacted).toBe('false');
  expect(first.textContent).toContain('Provider API key');
  expect(first.textContent).toContain('sk-p…f3');
  expect(first.textContent).toContain('message 2 (tool output)');
  expect(second.textContent).toContain('Bearer token');
  expect((await publishButton()).textContent).toBe('Publish with 2 unredacted findings');

  await user.click(within(first).getByTestId('share-redact'));
  expect(first.dataset.redacted).toBe('true');
  expect(first.textContent).toContain('Redacted ✓');
  expect(within(first).getByTestId('share-redact').textContent).toBe('Undo');
  await waitFor(() => expect(previews(api.calls).at(-1)).toEqual({ options: DEFAULT_OPTIONS, redact: ['f1'] }));
  expect((await publishButton()).textContent).toBe('Publish with 1 unredacted finding');

  await user.click(screen.getByTestId('share-redact-all'));
  await waitFor(() => expect(previews(api.calls).at(-1)).toEqual({ options: DEFAULT_OPTIONS, redact: ['f1', 'f2'] }));
  expect(screen.getAllByTestId('share-finding').map((row) => row.dataset.redacted)).toEqual(['true', 'true']);
  expect((await publishButton()).textContent).toBe('Publish');

  await user.click(within(first).getByTestId('share-redact'));
  await waitFor(() => expect(previews(api.calls).at(-1)).toEqual({ options: DEFAULT_OPTIONS, redact: ['f2'] }));
  expect(first.dataset.redacted).toBe('false');
});

test('Publish posts the mode, options, redactions and expiry, and shows the absolute link', async () => {
  const api = stubShareApi();
  const user = userEvent.setup();
  renderDialog();

  await screen.findByTestId('share-finding');
  await user.click(screen.getByTestId('share-mode-live'));
  await user.selectOptions(screen.getByTestId('share-expiry'), '7d');
  await user.click(screen.getByTestId('share-redact'));
  const before = Date.now();
  await user.click(await publishButton());

  const link = await screen.findByTestId('share-link');
  expect(link).toHaveProperty('value', `${window.location.origin}/share/tok-new`);
  expect(window.location.origin).toMatch(/^https?:\/\//);
  expect(screen.getByTestId('share-open').getAttribute('href')).toBe(`${window.location.origin}/share/tok-new`);
  expect(screen.getByTestId('share-dialog')).toBeTruthy();

  const posts = api.calls.filter((call) => call.method === 'POST' && call.url === '/api/sessions/s1/shares');
  expect(posts).toHaveLength(1);
  const body = posts[0].body as ShareCreateInput;
  expect(body).toMatchObject({ mode: 'live', options: DEFAULT_OPTIONS, redact: ['f1'] });
  const week = 7 * 24 * 60 * 60 * 1000;
  expect(body.expiresAt).toBeGreaterThanOrEqual(before + week);
  expect(body.expiresAt).toBeLessThanOrEqual(Date.now() + week);
  // The new link is in the list at once.
  expect(screen.getByTestId('share-tab-links').textContent).toBe('Links (1)');
});

test('a refused publish says why and keeps the choices', async () => {
  stubApi({
    [PREVIEW]: (call) => json({ preview: previewFor(call.body as ShareDraft, []) }),
    'GET /api/sessions/s1/shares': () => json({ shares: [] }),
    'POST /api/sessions/s1/shares': () => json({ error: { code: 'db_busy', message: 'The database is busy.' } }, 503),
  });
  const user = userEvent.setup();
  renderDialog();

  await user.click(await publishButton());
  expect((await screen.findByRole('alert')).textContent).toBe('Not published: The database is busy.');
  expect(screen.queryByTestId('share-link')).toBeNull();
  expect(screen.getByTestId('share-publish')).toBeTruthy();
});
