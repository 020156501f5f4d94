import { expect, test } from '@playwright/test';
import { answerText, BOTH_APIS, expectRenderedMarkdown, lastAssistant, MODELS, newSession, scenario, send, shot, waitForHydration, waitForRunEnd } from './helpers';

test.describe('chat', () => {
  test('a new session started from the landing page with a picked model streams a markdown answer rendered as HTML', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('new-chat')).toBeVisible();
    await waitForHydration(page);

    await page.getByTestId('model-picker').click();
    await page.locator(`[data-testid="model-option"][data-model-key="${MODELS.chat}"]`).click();
    await expect(page.getByTestId('model-picker')).toHaveAttribute('data-model-key', MODELS.chat);

    await send(page, `Show me some markdown ${scenario('text')}`);
    await expect(page).toHaveURL(/\/s\/[\w-]+$/);
    await expect(page.getByTestId('message-user')).toContainText('Show me some markdown');

    const message = lastAssistant(page);
    await waitForRunEnd(page, 'completed');
    await expectRenderedMarkdown(message);
    // The session page kept the picked model.
    await expect(page.getByTestId('model-picker')).toHaveAttribute('data-model-key', MODELS.chat);
    await shot(page, 'chat-markdown');
  });

  for (const { api, modelKey } of BOTH_APIS) {
    test(`markdown is rendered as HTML elements (${api})`, async ({ page }) => {
      await newSession(page, modelKey);
      await send(page, `Markdown please ${scenario('text')}`);
      const message = lastAssistant(page);
      await waitForRunEnd(page, 'completed');
      await expectRenderedMarkdown(message);
      // `_Markdown please_` is emphasised, and the marker for the scripted server is not echoed back.
      await expect(message.locator('em', { hasText: 'Markdown please' })).toBeVisible();
    });
  }

  test('the composer grows with its lines up to 280 px, then scrolls, and is one line again after Send', async ({ page }) => {
    await newSession(page, MODELS.chat);
    const input = page.getByTestId('composer-input');
    const height = async () => (await input.boundingBox())!.height;
    const empty = await height();
    expect(empty).toBeGreaterThanOrEqual(52);
    expect(empty).toBeLessThan(60);

    await input.fill('one\ntwo\nthree');
    const three = await height();
    expect(three).toBeGreaterThan(empty + 30);
    expect(three).toBeLessThan(empty + 70);

    await input.fill(Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n'));
    expect(await height()).toBe(280);
    expect(await input.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);

    await input.fill(`Short ${scenario('text')}`);
    expect(await height()).toBe(empty);
    await input.fill(`Long\n\n\n\n ${scenario('text')}`);
    expect(await height()).toBeGreaterThan(empty);
    await page.getByTestId('send-button').click();
    await expect(input).toHaveValue('');
    expect(await height()).toBe(empty);
    await waitForRunEnd(page, 'completed');
  });

  test('text arrives progressively while the model streams', async ({ page }) => {
    await newSession(page, MODELS.responses);
    await send(page, `Count slowly ${scenario('slow', { delayMs: 100, chunks: 40 })}`);
    const message = lastAssistant(page);
    const answer = answerText(message);

    // First observation: the beginning is there, the end is not (it is 3+ seconds away).
    await expect(answer).toContainText('w2');
    await expect(message).toHaveAttribute('data-streaming', 'true');
    const first = (await answer.innerText()).trim();
    expect(first).toMatch(/^w0 w1 w2/);
    expect(first).not.toContain('w39');

    // Later observations: the same answer has grown, without a reload.
    await expect.poll(async () => (await answer.innerText()).trim().length).toBeGreaterThan(first.length);
    await expect(page.getByTestId('stop-button')).toBeVisible();
    await shot(page, 'chat-streaming');

    await waitForRunEnd(page, 'completed');
    await expect(answer).toContainText('w39');
    await expect(message).not.toHaveAttribute('data-streaming', 'true');
  });
});
