import { expect, test } from '@playwright/test';
import { answerText, BOTH_APIS, expectTopToBottom, lastAssistant, newSession, scenario, send, shot, waitForRunEnd } from './helpers';

const REASONING = 'Let me think about this step by step. The user wants a short answer.';

test.describe('reasoning', () => {
  for (const { api, modelKey } of BOTH_APIS) {
    test(`the reasoning block is open while the model thinks, closes itself when done and can be expanded (${api})`, async ({ page }) => {
      await newSession(page, modelKey);
      // 100 ms between deltas: about 1.4 s of reasoning, then the answer.
      await send(page, `Think first ${scenario('reasoning', { delayMs: 100 })}`);
      const message = lastAssistant(page);
      const block = message.getByTestId('reasoning-block');

      // While streaming: the block is open, says it is thinking, and its text grows.
      await expect(block).toHaveAttribute('data-state', 'streaming');
      await expect(block.getByTestId('reasoning-label')).toHaveText('Thinking…');
      await expect(block.getByTestId('reasoning-text')).toBeVisible();
      await expect(block.getByTestId('reasoning-text')).toContainText('Let me think');
      await shot(page, `reasoning-streaming-${modelKey.split(':')[0]}`);

      // Done: it closed itself and says how long it thought; the answer follows.
      await expect(block).toHaveAttribute('data-state', 'done');
      await expect(block.getByTestId('reasoning-label')).toHaveText(/^Thought for \d+ s$/);
      await expect(block.getByTestId('reasoning-text')).toBeHidden();
      await waitForRunEnd(page, 'completed');
      await expect(answerText(message)).toHaveText('Here is my answer to: Think first');
      await shot(page, `reasoning-done-${modelKey.split(':')[0]}`);

      // Expanding shows the whole reasoning text.
      await block.getByTestId('reasoning-toggle').click();
      await expect(block.getByTestId('reasoning-text')).toBeVisible();
      await expect(block.getByTestId('reasoning-text')).toHaveText(REASONING);

      // Reasoning comes before the answer, in stream order.
      await expectTopToBottom(block, answerText(message));

      // After a reload it is still there, collapsed, labelled without a timing.
      await page.reload();
      const reloaded = lastAssistant(page).getByTestId('reasoning-block');
      await expect(reloaded).toHaveAttribute('data-state', 'done');
      await expect(reloaded.getByTestId('reasoning-label')).toHaveText('Reasoning');
      await expect(reloaded.getByTestId('reasoning-text')).toBeHidden();
      await reloaded.getByTestId('reasoning-toggle').click();
      await expect(reloaded.getByTestId('reasoning-text')).toHaveText(REASONING);
    });
  }
});
