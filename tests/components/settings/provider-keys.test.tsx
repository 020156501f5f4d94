import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { ProviderKeyView } from '@/lib/api/provider-keys';
import { json, stubApi, type ApiCall } from '../chat/hooks/fake-api';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/client/toast', () => ({ toast }));

const { ProviderKeysSettings } = await import('@/components/settings/providers/provider-keys-settings');

const SERVER = '/api/admin/provider-keys';
const OWN = '/api/account/provider-keys';

function view(overrides: Partial<ProviderKeyView> = {}): ProviderKeyView {
  return { provider: 'openai', label: 'OpenAI', envVar: 'OPENAI_API_KEY', envKey: false, usable: true, key: null, activeSource: null, ...overrides };
}
const compat = (overrides: Partial<ProviderKeyView> = {}) =>
  view({ provider: 'compat', label: 'vLLM', envVar: 'OPENAI_COMPATIBLE_API_KEY', envKey: true, activeSource: 'env', ...overrides });

function Wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

const rowOf = (list: HTMLElement, provider: string) => within(list).getAllByTestId('provider-key-row').find((row) => row.dataset.provider === provider)!;
const gets = (calls: ApiCall[], url: string) => calls.filter((call) => call.method === 'GET' && call.url === url).length;

beforeEach(() => Object.values(toast).forEach((fn) => fn.mockClear()));
afterEach(() => vi.unstubAllGlobals());

test('shows each provider’s masked key and which key runs use, never more', async () => {
  stubApi({ [`GET ${SERVER}`]: () => json({ providers: [view({ key: { masked: '••••abcd', updatedAt: 1, unreadable: false }, activeSource: 'server' }), compat()] }) });
  render(<ProviderKeysSettings serverKeys ownKeys={false} />, { wrapper: Wrapper });

  const list = await screen.findByTestId('provider-key-list-server');
  const openai = rowOf(list, 'openai');
  expect(within(openai).getByTestId('provider-key-masked').textContent).toBe('••••abcd');
  expect(within(openai).getByTestId('provider-key-source').textContent).toBe('Your runs use the server-wide key.');
  expect(within(openai).getByTestId('provider-key-edit').textContent).toBe('Replace');
  const vllm = rowOf(list, 'compat');
  expect(within(vllm).getByTestId('provider-key-none')).toBeTruthy();
  expect(within(vllm).getByTestId('provider-key-source').textContent).toBe('Your runs use OPENAI_COMPATIBLE_API_KEY from the server’s environment.');
  expect(within(vllm).getByTestId('provider-key-edit').textContent).toBe('Add key');
  expect(within(vllm).queryByTestId('provider-key-remove')).toBeNull();
  expect(screen.queryByTestId('provider-key-list-own')).toBeNull();
});

test('adds a key through a password field, then shows it masked; the key itself is only in the PUT', async () => {
  let stored: ProviderKeyView = view();
  const api = stubApi({
    [`GET ${SERVER}`]: () => json({ providers: [stored, compat()] }),
    [`PUT ${SERVER}/openai`]: (call) => {
      const key = (call.body as { key: string }).key;
      stored = view({ key: { masked: `••••${key.slice(-4)}`, updatedAt: 2, unreadable: false }, activeSource: 'server' });
      return json({ provider: stored });
    },
  });
  const user = userEvent.setup();
  render(<ProviderKeysSettings serverKeys ownKeys={false} />, { wrapper: Wrapper });

  const list = await screen.findByTestId('provider-key-list-server');
  await user.click(within(rowOf(list, 'openai')).getByTestId('provider-key-edit'));
  const input = screen.getByTestId('provider-key-input') as HTMLInputElement;
  expect(input.type).toBe('password');
  expect(input.autocomplete).toBe('off');
  expect(screen.getByTestId('provider-key-save')).toHaveProperty('disabled', true);
  await user.type(input, '  sk-typed-in-the-ui-9xyz  ');
  await user.click(screen.getByTestId('provider-key-save'));

  await waitFor(() => expect(within(rowOf(list, 'openai')).getByTestId('provider-key-masked').textContent).toBe('••••9xyz'));
  expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([{ method: 'PUT', url: `${SERVER}/openai`, body: { key: 'sk-typed-in-the-ui-9xyz' } }]);
  expect(screen.queryByTestId('provider-key-input')).toBeNull();
  expect(document.body.innerHTML).not.toContain('sk-typed-in-the-ui');
  expect(toast.success).toHaveBeenCalledWith('Saved the OpenAI key (••••9xyz)');
});

test('shows the server’s reason when a key is refused, and keeps the form open', async () => {
  stubApi({
    [`GET ${SERVER}`]: () => json({ providers: [view()] }),
    [`PUT ${SERVER}/openai`]: () => json({ error: { code: 'bad_request', message: 'Invalid request at key: A key is one line of printable characters, without spaces.' } }, 400),
  });
  const user = userEvent.setup();
  render(<ProviderKeysSettings serverKeys ownKeys={false} />, { wrapper: Wrapper });

  await user.click(await screen.findByTestId('provider-key-edit'));
  await user.type(screen.getByTestId('provider-key-input'), 'has a space');
  await user.click(screen.getByTestId('provider-key-save'));
  expect((await screen.findByTestId('provider-key-error')).textContent).toMatch(/without spaces/);
  expect(screen.getByTestId('provider-key-input')).toBeTruthy();
});

test('removes a key after asking, and reads both lists again (the other’s key in use may change)', async () => {
  let ownKey: ProviderKeyView['key'] = { masked: '••••mine', updatedAt: 1, unreadable: false };
  const api = stubApi({
    [`GET ${SERVER}`]: () => json({ providers: [view({ key: { masked: '••••srvr', updatedAt: 1, unreadable: false }, activeSource: ownKey ? 'own' : 'server' })] }),
    [`GET ${OWN}`]: () => json({ providers: [view({ key: ownKey, activeSource: ownKey ? 'own' : 'server' })] }),
    [`DELETE ${OWN}/openai`]: () => {
      ownKey = null;
      return json({ ok: true });
    },
  });
  const user = userEvent.setup();
  render(<ProviderKeysSettings serverKeys ownKeys />, { wrapper: Wrapper });

  const own = await screen.findByTestId('provider-key-list-own');
  const server = await screen.findByTestId('provider-key-list-server');
  await waitFor(() => expect(within(rowOf(server, 'openai')).getByTestId('provider-key-source').textContent).toBe('Your runs use your own key.'));
  const [serverReads, ownReads] = [gets(api.calls, SERVER), gets(api.calls, OWN)];
  await user.click(within(rowOf(own, 'openai')).getByTestId('provider-key-remove'));
  expect((await screen.findByTestId('provider-key-remove-dialog')).textContent).toContain('Runs then use the server-wide key');
  await user.click(screen.getByTestId('provider-key-confirm-remove'));

  await waitFor(() => expect(within(rowOf(own, 'openai')).getByTestId('provider-key-none')).toBeTruthy());
  expect(api.calls.some((call) => call.method === 'DELETE' && call.url === `${OWN}/openai`)).toBe(true);
  await waitFor(() => expect(within(rowOf(server, 'openai')).getByTestId('provider-key-source').textContent).toBe('Your runs use the server-wide key.'));
  expect(gets(api.calls, SERVER)).toBeGreaterThan(serverReads);
  expect(gets(api.calls, OWN)).toBeGreaterThan(ownReads);
});

test('flags a key that no longer decrypts, and a provider the server cannot use yet', async () => {
  stubApi({ [`GET ${SERVER}`]: () => json({ providers: [view({ key: { masked: '••••old1', updatedAt: 1, unreadable: true } }), compat({ usable: false, envKey: false, activeSource: null })] }) });
  render(<ProviderKeysSettings serverKeys ownKeys={false} />, { wrapper: Wrapper });

  const list = await screen.findByTestId('provider-key-list-server');
  expect(rowOf(list, 'openai').textContent).toContain('Cannot be decrypted: replace it');
  expect(rowOf(list, 'compat').textContent).toContain('Needs OPENAI_COMPATIBLE_BASE_URL on the server');
  expect(within(rowOf(list, 'compat')).getByTestId('provider-key-source').textContent).toBe('No key: requests are sent without one.');
  expect(within(rowOf(list, 'openai')).getByTestId('provider-key-source').textContent).toBe('No key: OpenAI models are not offered.');
});

test('tells a user without own keys who manages them, and asks the server nothing', () => {
  const api = stubApi({});
  render(<ProviderKeysSettings serverKeys={false} ownKeys={false} />, { wrapper: Wrapper });
  expect(screen.getByTestId('provider-keys-unavailable').textContent).toContain('Keys are managed by your administrator');
  expect(api.calls).toEqual([]);
});
