import { expect, test, type Page } from '@playwright/test';
import { answerText, BOTH_APIS, lastAssistant, MODELS, newSession, scenario, send, shot, uniqueId, waitForRunEnd } from './helpers';

/**
 * A provider that stalls (a real open socket that goes silent) and one that
 * sends a malformed frame: the run retries, the failed attempt's partial text
 * is withdrawn from the answer into a collapsed "attempt N failed" row, and a
 * reload shows the same.
 */

async function patchSettings(page: Page, id: string, settings: Record<string, number>): Promise<void> {
  const response = await page.request.patch(`/api/sessions/${id}`, { data: { settings } });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('stalled and malformed provider streams', () => {
  test('a provider that goes silent mid-answer is abandoned after the session idle timeout; the partial text moves into a failed-attempt row', async ({ page }) => {
    const id = await newSession(page, MODELS.chat);

    // The idle timeout is a per-session setting in the settings sheet.
    await page.getByTestId('settings-toggle').click();
    const panel = page.getByTestId('settings-panel');
    const idle = panel.getByTestId('setting-modelIdleTimeoutMs');
    await expect(idle).toHaveAttribute('placeholder', '60000');
    await idle.fill('2000');
    await panel.getByTestId('settings-save').click();
    await expect(panel).toBeHidden();
    const stored = await (await page.request.get(`/api/sessions/${id}`)).json();
    expect(stored.session.settings).toEqual({ modelIdleTimeoutMs: 2000 });

    await send(page, `Stall please ${scenario('stall', { after: 4, times: 1, key: uniqueId(), recovered: 'Recovered after the stall.' })}`);
    const message = lastAssistant(page);
    // The first attempt streams a few words, then the connection goes quiet.
    const partial = message.getByRole('heading', { name: 'Scripted answer' });
    await expect(partial).toBeVisible();

    const row = message.getByTestId('failed-attempt');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-cause', 'stalled');
    await expect(row.getByTestId('failed-attempt-label')).toHaveText(/^attempt 1 failed: the model stopped sending data for 2 s after \d+ tokens, retrying$/);
    await waitForRunEnd(page, 'completed');
    await expect(answerText(message)).toHaveText('Recovered after the stall.');
    // The failed attempt's words are not part of the answer…
    await expect(partial).toHaveCount(0);
    await expect(row.getByTestId('failed-attempt-details')).toHaveCount(0);
    // …they are behind the row's toggle, marked as withdrawn.
    await row.getByTestId('failed-attempt-toggle').click();
    await expect(row.getByTestId('failed-attempt-withdrawn')).toContainText('withdrawn: not part of the answer');
    await expect(row.getByTestId('failed-attempt-text')).toContainText('## Scripted answer');
    await row.getByTestId('failed-attempt-toggle').click();

    // A reload shows the same.
    await page.reload();
    const saved = lastAssistant(page);
    await expect(answerText(saved)).toHaveText('Recovered after the stall.');
    await expect(saved.getByRole('heading', { name: 'Scripted answer' })).toHaveCount(0);
    const savedRow = saved.getByTestId('failed-attempt');
    await expect(savedRow.getByTestId('failed-attempt-label')).toHaveText(/^attempt 1 failed: the model stopped sending data for 2 s after \d+ tokens, retrying$/);
    await shot(page, 'failed-attempt-collapsed-1280');
    await savedRow.getByTestId('failed-attempt-toggle').click();
    await expect(savedRow.getByTestId('failed-attempt-text')).toContainText('## Scripted answer');
    await shot(page, 'failed-attempt-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await savedRow.scrollIntoViewIfNeeded();
    await shot(page, 'failed-attempt-390');
  });

  test('a reload during the silence reattaches: the partial is withdrawn there too once the attempt is abandoned', async ({ page }) => {
    const id = await newSession(page, MODELS.responses);
    await patchSettings(page, id, { modelIdleTimeoutMs: 3000 });
    await page.reload();
    await send(page, `Stall then reload ${scenario('stall', { after: 4, times: 1, key: uniqueId(), recovered: 'Back after the reload.' })}`);
    await expect(lastAssistant(page).getByRole('heading', { name: 'Scripted answer' })).toBeVisible();

    await page.reload();
    const message = lastAssistant(page);
    // Reattached mid-attempt: the replay shows the partial, then its withdrawal and the retry.
    await expect(message.getByTestId('failed-attempt-label')).toHaveText(/^attempt 1 failed: the model stopped sending data for 3 s after \d+ tokens, retrying$/);
    await waitForRunEnd(page, 'completed');
    await expect(answerText(message)).toHaveText('Back after the reload.');
    await expect(message.getByRole('heading', { name: 'Scripted answer' })).toHaveCount(0);
  });

  test('while the provider is silent, the transcript says how long it has been, then the attempt is abandoned', async ({ page }) => {
    const id = await newSession(page, MODELS.chat);
    await patchSettings(page, id, { modelIdleTimeoutMs: 7000 });
    await page.reload();
    await send(page, `Long silence ${scenario('stall', { after: 4, times: 1, key: uniqueId(), recovered: 'Finally.' })}`);
    const message = lastAssistant(page);
    const hint = message.getByTestId('model-silence');
    await expect(hint).toHaveText(/^Waiting for the model: no data for [56] s$/, { timeout: 8_000 });
    await shot(page, 'model-silence-1280');
    await expect(message.getByTestId('failed-attempt')).toHaveCount(1, { timeout: 10_000 });
    await waitForRunEnd(page, 'completed');
    await expect(answerText(message)).toHaveText('Finally.');
    await expect(hint).toHaveCount(0);
  });

  test('a provider that never sends a byte after the headers: retries, then a clear final message', async ({ page }) => {
    const id = await newSession(page, MODELS.responses);
    await patchSettings(page, id, { modelIdleTimeoutMs: 1000, maxRetries: 1 });
    await page.reload();

    await send(page, `Say nothing ${scenario('stall', { after: 0 })}`);
    const message = lastAssistant(page);
    // While it waits for the retry, the live notice says why.
    await expect(message.getByTestId('retry-notice')).toContainText('The model stopped sending data');

    const runEnd = await waitForRunEnd(page, 'error');
    await expect(runEnd).toContainText('The model stopped sending data for 1 s (gave up after 1 retry)');
    await expect(message.getByTestId('failed-attempt-label')).toHaveText([
      'attempt 1 failed: the model stopped sending data for 1 s, retrying',
      'attempt 2 failed: the model stopped sending data for 1 s, gave up',
    ]);
    await expect(message.locator('.markdown')).toHaveCount(0);
  });

  for (const { api, modelKey } of BOTH_APIS) {
    test(`a malformed frame mid-stream is retried; the parser text is in the inspector only (${api})`, async ({ page }) => {
      await newSession(page, modelKey);
      await send(page, `Garble ${scenario('malformed', { after: 3, times: 1, key: uniqueId(), recovered: 'Clean answer.' })}`);
      const message = lastAssistant(page);
      await waitForRunEnd(page, 'completed');
      await expect(answerText(message)).toHaveText('Clean answer.');
      const row = message.getByTestId('failed-attempt');
      await expect(row).toHaveAttribute('data-cause', 'malformed');
      await expect(row.getByTestId('failed-attempt-label')).toHaveText(/^attempt 1 failed: malformed stream event after \d+ tokens?, retrying$/);
      await row.getByTestId('failed-attempt-toggle').click();
      await expect(row.getByTestId('failed-attempt-details')).toContainText('The provider sent a malformed stream event');
      await expect(page.getByTestId('message-assistant')).not.toContainText('JSON parsing failed');

      await page.getByTestId('inspector-toggle').click();
      const step = page.getByTestId('inspector-panel').getByTestId('inspector-step').first();
      await step.getByTestId('inspector-tab-retries').click();
      await expect(step.getByTestId('inspector-section-retries')).toContainText('JSON parsing failed');
    });
  }
});
