import { expect, test, type Page } from '@playwright/test';
import { answerText, createSession, expectTopToBottom, lastAssistant, MODELS, openSession, scenario, send, shot, uniqueId, waitForRunEnd } from './helpers';

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
    await expectTopToBottom(oldMessage, divider);

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

  test('large tool outputs fill the context: auto-compaction prunes the old outputs mid-run and the run completes', async ({ page }) => {
    const id = await createSession(page.request, MODELS.chat, `Tool outputs ${uniqueId()}`);
    // accept-edits runs bash without asking; a roomy window while the outputs pile up.
    expect((await page.request.patch(`/api/sessions/${id}`, { data: { permissionMode: 'accept-edits' } })).status()).toBe(200);
    expect((await page.request.patch(`/api/sessions/${id}`, { data: { settings: { contextWindowOverride: 100_000 } } })).status()).toBe(200);
    await openSession(page, id);
    // The scripted model runs the command, then says "Done." (not a quote of the output).
    const bash = (command: string) => scenario('tool', { tool: 'bash', args: JSON.stringify({ command }), answer: 'Done.' });
    const OLD_OUTPUT_END = '3998 3999 4000'; // turn 1: 18,893 characters
    const KEPT_OUTPUT_END = '50299 50300'; // turn 2: one of the last two turns, never compacted
    const LATEST_OUTPUT_END = '71499 71500'; // turn 3: the run in progress

    await sendAndWait(page, `Count to 4000 ${bash("seq -s ' ' 1 4000")}`);
    await expect(lastAssistant(page).getByTestId('tool-card')).toHaveAttribute('data-state', 'output-available');
    await sendAndWait(page, `List the 50k range ${bash("seq -s ' ' 50001 50300")}`);
    await expect(lastAssistant(page).getByTestId('tool-card')).toHaveAttribute('data-state', 'output-available');

    // The window is sized from the measured context (85% full: past the 80% warning, under the 90%
    // trigger), so the test does not depend on what the instructions and tool schemas weigh.
    const measured = (await (await page.request.get(`/api/sessions/${id}/context`)).json()) as { context: { tokens: number; compactions: unknown[] } };
    expect(measured.context.compactions).toHaveLength(0);
    const window = Math.ceil(measured.context.tokens / 0.85);
    expect((await page.request.patch(`/api/sessions/${id}`, { data: { settings: { contextWindowOverride: window } } })).status()).toBe(200);
    await openSession(page, id);
    const meter = page.getByTestId('context-meter');
    await expect(meter).toHaveAttribute('data-level', 'warn');
    await expect(page.getByTestId('context-warning')).toContainText('Auto-compaction in');
    await shot(page, 'tool-outputs-amber');

    // Turn 3's 9,000-character output pushes the next request past the trigger: the loop compacts
    // before its second model call, pruning turn 1's output (turn 2 and this run stay intact).
    await page.request.delete(`${scriptedOrigin}/__requests`);
    await sendAndWait(page, `List the 70k range ${bash("seq -s ' ' 70001 71500")}`);
    await expect(answerText(lastAssistant(page))).toHaveText('Done.');

    const requests = (await (await page.request.get(`${scriptedOrigin}/__requests`)).json()) as Array<{ body: unknown }>;
    // The tool call, then the answer after the result: pruning was enough, no summarizer call.
    expect(requests).toHaveLength(2);
    const [beforeCompaction, afterCompaction] = requests.map((r) => JSON.stringify(r.body));
    expect(beforeCompaction).toContain(OLD_OUTPUT_END);
    expect(afterCompaction).toContain('[old tool output cleared:');
    expect(afterCompaction).not.toContain(OLD_OUTPUT_END);
    expect(afterCompaction).toContain(KEPT_OUTPUT_END);
    expect(afterCompaction).toContain(LATEST_OUTPUT_END);
    expect(afterCompaction).toContain('Count to 4000');

    const divider = page.getByTestId('compaction-divider');
    await expect(divider).toHaveCount(1);
    await expect(divider).toContainText('automatic');
    await expect(divider.getByTestId('compaction-title')).toHaveText(/Context compacted: [\d.]+k? → ≈[\d.]+k? tokens/);
    await divider.getByTestId('compaction-toggle').click();
    const pruned = divider.getByTestId('compaction-pruned');
    await expect(pruned).toContainText('Pruned tool outputs (1)');
    await expect(pruned.getByTestId('compaction-item-link')).toHaveText(/^bash · [\d,]+ characters cleared$/);
    await expect(divider.getByTestId('compaction-details')).toContainText('No summary: pruning was enough.');
    await expect(divider.getByTestId('compaction-details')).toContainText('tiers: prune');
    await expect(divider.getByTestId('compaction-summarized')).toHaveCount(0);
    await shot(page, 'tool-outputs-divider');

    // The transcript keeps turn 1 above the divider, its full output included.
    const oldUser = page.getByTestId('message-user').filter({ hasText: 'Count to 4000' });
    await expectTopToBottom(oldUser, divider);
    const oldAssistant = page.getByTestId('message-assistant').first();
    await expect(pruned.getByTestId('compaction-item-link')).toHaveAttribute('data-target', (await oldAssistant.getAttribute('data-message-id'))!);
    await pruned.getByTestId('compaction-item-link').click();
    await expect(oldAssistant).toHaveAttribute('data-highlight', 'true');
    await oldAssistant.getByTestId('tool-toggle').click();
    await expect(oldAssistant.getByTestId('bash-stdout')).toContainText(OLD_OUTPUT_END);
    await shot(page, 'tool-outputs-old-card');

    // The inspector shows the compacted request of the run's last step.
    await page.getByTestId('inspector-toggle').click();
    const lastStep = page.getByTestId('inspector-run').first().getByTestId('inspector-step').last();
    await expect(lastStep.getByTestId('inspector-section-request')).toContainText('[old tool output cleared:');
    await expect(lastStep.getByTestId('inspector-section-request')).not.toContainText(OLD_OUTPUT_END);
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
