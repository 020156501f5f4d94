import { expect, test, type Page } from '@playwright/test';
import { createSession, lastAssistant, MODELS, openSession, scenario, send, shot, uniqueId, waitForRunEnd } from './helpers';

/**
 * Context management end to end: a session on a model with a 4,000-token
 * window (the session's override) fills up — the scripted server reports large
 * input usage — until auto-compaction fires at loop entry. The transcript keeps
 * everything; the model's next request carries the summary instead of the span.
 */

const scriptedOrigin = `http://127.0.0.1:${process.env.E2E_SCRIPTED_PORT ?? 4010}`;

async function sendAndWait(page: Page, text: string, reason = 'completed') {
  await send(page, text);
  await waitForRunEnd(page, reason);
}

async function openMeter(page: Page) {
  await page.getByTestId('context-meter').click();
  await expect(page.getByTestId('context-meter-details')).toBeVisible();
}

async function closeMeter(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('context-meter-details')).toBeHidden();
}

test.describe('context management', () => {
  test('the meter warns, auto-compaction fires with a visible divider, and the next request carries the summary', async ({ page }) => {
    const id = await createSession(page.request, MODELS.chat, `Context ${uniqueId()}`);
    const settings = await page.request.patch(`/api/sessions/${id}`, { data: { settings: { contextWindowOverride: 4_000 } } });
    expect(settings.status()).toBe(200);
    await openSession(page, id);

    const meter = page.getByTestId('context-meter');
    await expect(meter).toHaveAttribute('data-level', 'ok');

    await sendAndWait(page, `TASK: write the quarterly report ${scenario('text', { text: 'Understood, starting.' })}`);
    await sendAndWait(page, `OLDSPAN-ALPHA ${'background detail '.repeat(80)} ${scenario('text', { text: 'Noted the background.' })}`);
    await sendAndWait(page, `Compute it ${scenario('tool', { tool: 'calculator', args: '{"expression":"6*7"}' })}`);
    await expect(lastAssistant(page).getByTestId('tool-card')).toHaveAttribute('data-state', 'output-available');
    await expect(meter).toContainText('/ 4k');
    await openMeter(page);
    await expect(page.getByTestId('context-until-compaction')).toContainText('tokens until auto-compaction');
    await shot(page, 'meter-normal-popover');
    await closeMeter(page);

    // The provider reports 3,300 input tokens: 82% of the window, past the 80% warning.
    await sendAndWait(page, `Recent work ${scenario('text', { text: 'Working on it.', inputTokens: 3300 })}`);
    await expect(meter).toHaveAttribute('data-level', 'warn');
    await expect(page.getByTestId('context-warning')).toBeVisible();
    await expect(page.getByTestId('context-warning')).toContainText('Auto-compaction in');
    await openMeter(page);
    await shot(page, 'meter-amber-popover');
    await closeMeter(page);

    // 3,850 of 4,000: past the 95% hard limit, red.
    await sendAndWait(page, `Almost full ${scenario('text', { text: 'Still working.', inputTokens: 3850 })}`);
    await expect(meter).toHaveAttribute('data-level', 'over');
    await expect(page.getByTestId('context-warning')).toContainText('The next request compacts it first');
    await openMeter(page);
    await shot(page, 'meter-red-popover');
    await closeMeter(page);

    // The next message: the trigger compacts at loop entry, and the run continues normally.
    await page.request.delete(`${scriptedOrigin}/__requests`);
    await sendAndWait(page, `Continue please ${scenario('text', { text: 'Continuing from the summary.' })}`);
    await expect(lastAssistant(page).locator('.markdown').last()).toContainText('Continuing from the summary.');

    const divider = page.getByTestId('compaction-divider');
    await expect(divider).toHaveCount(1);
    await expect(divider.getByTestId('compaction-title')).toHaveText(/Context compacted: [\d.]+k → ≈[\d.]+k? tokens/);
    await expect(meter).toHaveAttribute('data-level', 'ok');
    // The old messages are still in the transcript, above the divider.
    const oldMessage = page.getByTestId('message-user').filter({ hasText: 'OLDSPAN-ALPHA' });
    await expect(oldMessage).toBeVisible();
    const [oldBox, dividerBox] = [await oldMessage.boundingBox(), await divider.boundingBox()];
    expect(oldBox!.y).toBeLessThan(dividerBox!.y);

    await divider.getByTestId('compaction-toggle').click();
    await expect(divider.getByTestId('compaction-summary')).toBeVisible();
    await expect(divider.getByTestId('compaction-summarized')).toContainText('Summarized messages');
    await expect(divider.getByTestId('compaction-summarized')).toContainText('user: OLDSPAN-ALPHA');
    await shot(page, 'divider-expanded');
    // Each item links to its original message.
    await divider.getByTestId('compaction-summarized').getByTestId('compaction-item-link').first().click();
    await expect(page.locator('[data-highlight="true"]')).toHaveCount(1);

    // The model's next request: the summary, not the summarized span (the summarizer's own call saw the span).
    const requests = (await (await page.request.get(`${scriptedOrigin}/__requests`)).json()) as Array<{ body: unknown }>;
    expect(requests).toHaveLength(2);
    const [summarizerCall, modelCall] = requests.map((r) => JSON.stringify(r.body));
    expect(summarizerCall).toContain('OLDSPAN-ALPHA');
    expect(modelCall).toContain('[Context compacted] Summary of the earlier conversation');
    expect(modelCall).not.toContain('OLDSPAN-ALPHA');
    expect(modelCall).toContain('TASK: write the quarterly report');

    // The inspector shows the same request.
    await page.getByTestId('inspector-toggle').click();
    const run = page.getByTestId('inspector-run').first();
    await expect(run).toBeVisible();
    const request = page.getByTestId('inspector-step').first().getByTestId('inspector-section-request');
    await expect(request).toContainText('[Context compacted] Summary of the earlier conversation');
    await expect(request).not.toContainText('OLDSPAN-ALPHA');
    await page.keyboard.press('Escape');

    // Undo: the divider stays, marked undone, and the model sees everything again.
    await divider.getByTestId('compaction-undo').click();
    await expect(divider).toHaveAttribute('data-undone', 'true');
    await page.request.delete(`${scriptedOrigin}/__requests`);
    await page.reload();
    await expect(page.getByTestId('compaction-divider')).toHaveAttribute('data-undone', 'true');
  });

  test('pin keeps a message verbatim and /compact with a focus summarizes on demand', async ({ page }) => {
    const id = await createSession(page.request, MODELS.chat, `Pins ${uniqueId()}`);
    await openSession(page, id);
    await sendAndWait(page, `TASK: plan the migration ${scenario('text', { text: 'Planning.' })}`);
    await sendAndWait(page, `PINNED-FACT the database is Postgres 16 ${scenario('text', { text: 'Noted.' })}`);
    await sendAndWait(page, `MIDDLE-DETAIL ${'long discussion '.repeat(100)} ${scenario('text', { text: 'Ok.' })}`);
    await sendAndWait(page, `Recent A ${scenario('text', { text: 'A.' })}`);
    await sendAndWait(page, `Recent B ${scenario('text', { text: 'B.' })}`);

    const pinnedMessage = page.getByTestId('message-user').filter({ hasText: 'PINNED-FACT' });
    await pinnedMessage.hover();
    await pinnedMessage.getByTestId('pin-message').click();
    await expect(pinnedMessage.getByTestId('pinned-marker')).toBeVisible();
    await pinnedMessage.hover();
    await shot(page, 'pin-button');
    await page.emulateMedia({ colorScheme: 'dark' });

    await page.request.delete(`${scriptedOrigin}/__requests`);
    await page.getByTestId('composer-input').fill('/compact the database choice');
    await page.getByTestId('send-button').click();
    const divider = page.getByTestId('compaction-divider');
    await expect(divider).toHaveCount(1);
    await expect(divider).toContainText('/compact');
    await divider.getByTestId('compaction-toggle').click();
    await expect(divider.getByTestId('compaction-summary')).toContainText('focus: the database choice');
    await page.getByTestId('transcript').hover();
    await page.mouse.wheel(0, 600);
    await shot(page, 'divider-dark');
    await openMeter(page);
    await shot(page, 'meter-dark-popover');
    await closeMeter(page);
    // Nothing was sent to the model as a chat message.
    await expect(page.getByTestId('message-user').filter({ hasText: '/compact' })).toHaveCount(0);
    const requests = (await (await page.request.get(`${scriptedOrigin}/__requests`)).json()) as Array<{ body: unknown }>;
    expect(JSON.stringify(requests[0].body)).toContain('The user asked you to focus on: the database choice');

    await page.request.delete(`${scriptedOrigin}/__requests`);
    await sendAndWait(page, `Next ${scenario('text', { text: 'Next.' })}`);
    const next = JSON.stringify(((await (await page.request.get(`${scriptedOrigin}/__requests`)).json()) as Array<{ body: unknown }>)[0].body);
    expect(next).toContain('PINNED-FACT');
    expect(next).not.toContain('MIDDLE-DETAIL');
  });
});
