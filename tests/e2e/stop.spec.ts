import { expect, test } from '@playwright/test';
import { answerText, lastAssistant, MODELS, newSession, scenario, send, shot, waitForRunEnd } from './helpers';

test.describe('stop', () => {
  test('Stop ends a streaming run and the partial answer survives a reload', async ({ page }) => {
    await newSession(page, MODELS.chat);
    // 300 words at 80 ms: 24 s if nobody stops it.
    await send(page, `Write a lot ${scenario('slow', { delayMs: 80, chunks: 300 })}`);
    const message = lastAssistant(page);
    const answer = answerText(message);
    await expect(answer).toContainText('w5 ');

    await page.getByTestId('stop-button').click();
    await expect(page.getByTestId('stop-button')).toBeHidden();
    await expect(page.getByTestId('send-button')).toBeVisible();
    const runEnd = message.getByTestId('run-end');
    await expect(runEnd).toHaveAttribute('data-reason', 'cancelled');
    await expect(runEnd).toContainText('Stopped by you');
    await expect(message.getByTestId('stopped-tag')).toBeVisible();
    await shot(page, 'stop-streaming');

    const stoppedText = (await answer.innerText()).trim();
    expect(stoppedText).toMatch(/^w0 w1 w2 w3 w4 w5/);
    expect(stoppedText).not.toContain('w299');

    // Nothing more arrives after Stop: the server run was aborted, not just this tab's stream.
    await page.reload();
    const saved = lastAssistant(page);
    await expect(saved.getByTestId('run-end')).toHaveAttribute('data-reason', 'cancelled');
    await expect(saved.getByTestId('stopped-tag')).toBeVisible();
    const savedText = (await answerText(saved).innerText()).trim();
    expect(savedText).toMatch(/^w0 w1/);
    expect(savedText).not.toContain('w299');
    const savedWords = savedText.split(/\s+/).length;
    expect(savedWords).toBeLessThan(300);
    // What was saved is what the person saw when it stopped (give or take the words in flight).
    expect(savedWords).toBeGreaterThanOrEqual(6);
    expect(Math.abs(savedWords - stoppedText.split(/\s+/).length)).toBeLessThanOrEqual(3);
    await expect(page.getByTestId('message-user')).toContainText('Write a lot');
    await expect(page.getByTestId('send-button')).toBeVisible();
  });

  test('Stop during a running tool cancels the call and the card says so, also after a reload', async ({ page }) => {
    await newSession(page, MODELS.responses);
    await send(page, `Wait twenty seconds ${scenario('tool', { tool: 'wait', args: '{"seconds":20}' })}`);
    const card = lastAssistant(page).getByTestId('tool-card');
    await expect(card).toHaveAttribute('data-tool-name', 'wait');
    await expect(card).toHaveAttribute('data-state', 'input-available');
    await expect(card.getByTestId('tool-state')).toHaveText('Running');
    await shot(page, 'stop-tool-running');

    await page.getByTestId('stop-button').click();
    await expect(card).toHaveAttribute('data-state', 'output-error');
    await expect(card.getByTestId('tool-state')).toHaveText('Error');
    await expect(card.getByTestId('tool-error')).toHaveText('operation cancelled by user');
    await waitForRunEnd(page, 'cancelled');
    await shot(page, 'stop-tool-cancelled');

    await page.reload();
    const saved = lastAssistant(page).getByTestId('tool-card');
    await expect(saved).toHaveAttribute('data-tool-name', 'wait');
    await expect(saved).toHaveAttribute('data-state', 'output-error');
    await expect(saved.getByTestId('tool-error')).toHaveText('operation cancelled by user');
    await expect(lastAssistant(page).getByTestId('run-end')).toHaveAttribute('data-reason', 'cancelled');
    await saved.getByTestId('tool-toggle').click();
    await expect(saved.getByTestId('tool-input')).toContainText('"seconds": 20');
    await expect(saved.getByTestId('tool-output')).toContainText('operation cancelled by user');
  });
});
