import { expect, test } from '@playwright/test';
import { lastAssistant, MODELS, newSession, scenario, send, shot, waitForRunEnd } from './helpers';

test.describe('session settings', () => {
  test('loop limits are per session: zero retries makes a failing provider end the run at once, and the value persists', async ({ page }) => {
    const id = await newSession(page, MODELS.chat);
    await page.getByTestId('settings-toggle').click();
    const panel = page.getByTestId('settings-panel');
    await expect(panel).toBeVisible();
    const retries = panel.getByTestId('setting-maxRetries');
    await expect(retries).toHaveAttribute('placeholder', '3');
    await retries.fill('0');
    await panel.getByTestId('setting-summarizerModel').selectOption(MODELS.responses);
    await shot(page, 'settings');
    await panel.getByTestId('settings-save').click();
    await expect(panel).toBeHidden();

    await send(page, `Fail fast ${scenario('http-error', { status: 503 })}`);
    const runEnd = await waitForRunEnd(page, 'error');
    await expect(runEnd).toContainText('503');
    await expect(lastAssistant(page).getByTestId('retry-notice')).toHaveCount(0);

    const stored = await (await page.request.get(`/api/sessions/${id}`)).json();
    expect(stored.session.settings).toEqual({ maxRetries: 0, summarizerModel: MODELS.responses });
    await page.reload();
    await page.getByTestId('settings-toggle').click();
    await expect(page.getByTestId('setting-maxRetries')).toHaveValue('0');
    await expect(page.getByTestId('setting-summarizerModel')).toHaveValue(MODELS.responses);
  });

  test('an out-of-range value is flagged and refused by the server', async ({ page }) => {
    const id = await newSession(page, MODELS.chat);
    await page.getByTestId('settings-toggle').click();
    const iterations = page.getByTestId('setting-maxIterations');
    await iterations.fill('0');
    await expect(iterations).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('settings-save').click();
    await expect(page.getByText(/maxIterations/)).toBeVisible();
    const stored = await (await page.request.get(`/api/sessions/${id}`)).json();
    expect(stored.session.settings).toEqual({});
  });
});
