import { expect, test } from '@playwright/test';
import { lastAssistant, MODELS, newSession, send, shot, waitForHydration, waitForRunEnd } from './helpers';

/**
 * Provider keys in the UI, in local mode (no accounts: the local viewer is the
 * admin). The key is added in Settings → Provider keys, shown masked, survives a
 * reload, is the one the next model call carries (the scripted server records
 * request headers), and is removed again.
 */

const KEY = 'e2e-provider-key-from-the-ui-7d2q';
const scriptedOrigin = `http://127.0.0.1:${process.env.E2E_SCRIPTED_PORT ?? 4010}`;

test.afterAll(async ({ request }) => {
  // The app instance is shared by every spec: leave the environment's key in charge again.
  const removed = await request.delete('/api/admin/provider-keys/openai', { headers: { 'content-type': 'application/json' } });
  expect([200, 404]).toContain(removed.status());
});

test('add an OpenAI key in the UI, see it masked, reload, use it, remove it', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.getByTestId('provider-keys-open').click();
  await expect(page.getByTestId('provider-keys-page')).toBeVisible();
  const row = page.getByTestId('provider-key-list-server').locator('[data-provider="openai"]');
  await expect(row.getByTestId('provider-key-none')).toBeVisible();
  await expect(row.getByTestId('provider-key-source')).toHaveText('Your runs use OPENAI_API_KEY from the server’s environment.');

  await row.getByTestId('provider-key-edit').click();
  const input = row.getByTestId('provider-key-input');
  await expect(input).toHaveAttribute('type', 'password');
  await input.fill(KEY);
  await row.getByTestId('provider-key-save').click();
  await expect(row.getByTestId('provider-key-masked')).toHaveText('••••7d2q');
  await expect(row.getByTestId('provider-key-source')).toHaveText('Your runs use the server-wide key.');
  await shot(page, 'provider-keys-masked');

  // Never sent back: not in the page, not in the API, not after a reload.
  expect(await page.content()).not.toContain(KEY);
  expect(await (await page.request.get('/api/admin/provider-keys')).text()).not.toContain(KEY);
  await page.reload();
  await waitForHydration(page);
  await expect(row.getByTestId('provider-key-masked')).toHaveText('••••7d2q');
  expect(await page.content()).not.toContain(KEY);

  // The next OpenAI call carries it.
  await page.request.delete(`${scriptedOrigin}/__requests`);
  await newSession(page, MODELS.responses);
  await send(page, 'hello with the key from the UI');
  await waitForRunEnd(page);
  await expect(lastAssistant(page)).toContainText('hello with the key from the UI');
  const requests = (await (await page.request.get(`${scriptedOrigin}/__requests`)).json()) as Array<{ headers: Record<string, string> }>;
  expect(requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);

  // Remove: the environment's key is in use again.
  await page.goto('/settings/providers');
  await waitForHydration(page);
  await row.getByTestId('provider-key-remove').click();
  await page.getByTestId('provider-key-confirm-remove').click();
  await expect(row.getByTestId('provider-key-none')).toBeVisible();
  await expect(row.getByTestId('provider-key-source')).toHaveText('Your runs use OPENAI_API_KEY from the server’s environment.');
  await page.reload();
  await waitForHydration(page);
  await expect(row.getByTestId('provider-key-none')).toBeVisible();
});
