import { expect, test, type Locator, type Page } from '@playwright/test';
import { docShot } from './doc-shots';
import { MODELS, scenario, shot, uniqueId, waitForHydration } from './helpers';

/** A model with list prices in the catalog, served by the scripted server too (playwright.config.ts), so a column has a cost. */
const PRICED_MODEL = 'openai:gpt-4.1-mini';

async function pickModel(page: Page, column: Locator, modelKey: string) {
  await column.getByTestId('model-picker').click();
  await page.locator(`[data-testid="model-option"][data-model-key="${modelKey}"]`).click();
  await expect(column.getByTestId('model-picker')).toHaveAttribute('data-model-key', modelKey);
}

test.describe('compare', () => {
  test('the same prompt streams in every column at once, each with usage, cost and duration; a follow-up goes to all; one column goes on as a session', async ({ page }) => {
    await page.goto('/compare');
    await waitForHydration(page);
    const setups = page.getByTestId('compare-column-setup');
    await expect(setups).toHaveCount(2);
    await pickModel(page, setups.nth(0), MODELS.responses);
    await pickModel(page, setups.nth(1), MODELS.chat);
    await page.getByTestId('compare-add-column').click();
    await expect(setups).toHaveCount(3);
    await pickModel(page, setups.nth(2), PRICED_MODEL);
    // Temperature is per column (the scripted models take it, as unknown models do).
    await setups.nth(2).getByTestId('compare-temperature').fill('0.3');
    await shot(page, 'compare-setup');

    const id = uniqueId();
    // Paced (about 4 s a stream), so the three streams visibly overlap.
    await page.getByTestId('composer-input').fill(`Explain the plan ${id} ${scenario('text', { delayMs: 150 })}`);
    await page.getByTestId('send-button').click();
    await page.waitForURL(/\/compare\/cmp/);

    const columns = page.getByTestId('compare-column');
    await expect(columns).toHaveCount(3);
    await expect(columns.nth(0)).toHaveAttribute('data-model-key', MODELS.responses);
    await expect(columns.nth(1)).toHaveAttribute('data-model-key', MODELS.chat);
    await expect(columns.nth(2).getByText('OpenAI · temperature 0.3')).toBeVisible();
    await expect(page.getByTestId('compare-title')).toContainText(`Explain the plan ${id}`);
    for (const column of await columns.all()) {
      await expect(column.getByTestId('run-end')).toBeAttached({ timeout: 30_000 });
      await expect(column.getByRole('heading', { name: 'Scripted answer' })).toBeVisible();
      await expect(column.getByTestId('compare-stats')).not.toHaveAttribute('data-live', 'true');
      await expect(column.getByTestId('compare-usage')).toHaveText(/^\d[\d.k]* in · \d[\d.k]* out$/);
      await expect(column.getByTestId('compare-duration')).toHaveText(/^\d+(\.\d)? s$/);
    }
    // Cost at list prices where the catalog knows them; an unknown price is not shown as $0.
    await expect(columns.nth(2).getByTestId('compare-cost')).toHaveText(/^\$\d/);
    await expect(columns.nth(0).getByTestId('compare-cost')).toHaveText('–');
    await expect(columns.nth(0).getByTestId('compare-cost').locator('..')).toHaveAttribute('title', 'No list price is known for this model');

    // In parallel: every column's run started before any other ended (each streams for at least 28 × 150 ms).
    const sessionIds = await columns.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-session-id')!));
    const runs = await Promise.all(
      sessionIds.map(async (sessionId) => {
        const response = await page.request.get(`/api/sessions/${sessionId}/runs`);
        return ((await response.json()) as { runs: Array<{ startedAt: number; endedAt: number }> }).runs[0]!;
      }),
    );
    expect(Math.max(...runs.map((run) => run.startedAt))).toBeLessThan(Math.min(...runs.map((run) => run.endedAt)));

    // The columns are sessions of their own, but not the sidebar's until continued.
    for (const sessionId of sessionIds) await expect(page.locator(`[data-testid="session-link"][href="/s/${sessionId}"]`)).toHaveCount(0);

    await page.mouse.move(0, 0);
    await docShot(page, 'compare');

    // A follow-up goes to every column.
    await page.getByTestId('composer-input').fill(`And once more ${scenario('default')}`);
    await page.getByTestId('send-button').click();
    for (const column of await columns.all()) {
      await expect(column.getByTestId('message-user')).toHaveCount(2);
      await expect(column.getByTestId('message-assistant').last().getByTestId('run-end')).toBeAttached({ timeout: 30_000 });
    }

    // At 390 px a column fills the screen and the others are a sideways scroll away; the composer fits.
    await page.setViewportSize({ width: 390, height: 844 });
    const firstBox = (await columns.nth(0).boundingBox())!;
    expect(firstBox.x).toBeGreaterThanOrEqual(0);
    expect(firstBox.x + firstBox.width).toBeLessThanOrEqual(390);
    expect(firstBox.width).toBeGreaterThan(300);
    const strip = page.getByTestId('compare-columns');
    expect(await strip.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    const composerBox = (await page.getByTestId('compare-composer').boundingBox())!;
    expect(composerBox.x + composerBox.width).toBeLessThanOrEqual(390);
    await shot(page, 'compare-390');
    await page.setViewportSize({ width: 1280, height: 820 });

    // "Continue in this session": the Chat Completions column becomes a normal session, in the sidebar.
    await columns.nth(1).getByTestId('compare-continue').click();
    await page.waitForURL(`/s/${sessionIds[1]}`);
    await expect(page.getByTestId('message-user')).toHaveCount(2);
    await expect(page.locator(`[data-testid="session-link"][href="/s/${sessionIds[1]}"]`)).toBeVisible();
    await expect(page.getByTestId('model-picker')).toHaveAttribute('data-model-key', MODELS.chat);
  });
});
