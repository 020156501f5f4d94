import { expect, test } from '@playwright/test';
import { answerText, BOTH_APIS, expectTopToBottom, lastAssistant, MODELS, newSession, scenario, send, shot, waitForRunEnd } from './helpers';

test.describe('tool calls', () => {
  for (const { api, modelKey } of BOTH_APIS) {
    test(`a calculator call shows a card with its input and output, then the final answer (${api})`, async ({ page }) => {
      await newSession(page, modelKey);
      await send(page, `What is 6*7? ${scenario('tool', { tool: 'calculator', args: '{"expression":"6*7"}' })}`);
      const message = lastAssistant(page);
      const card = message.getByTestId('tool-card');

      await expect(card).toHaveCount(1);
      await expect(card).toHaveAttribute('data-tool-name', 'calculator');
      await expect(card).toHaveAttribute('data-state', 'output-available');
      await expect(card.getByTestId('tool-title')).toHaveText('Calculator');
      await expect(card.getByTestId('tool-state')).toHaveText('Done');
      // The one-line summary in the header: expression = result.
      await expect(card.getByTestId('calculator-summary')).toHaveText('6*7 = 42');

      // The final answer quotes the tool result and comes after the card.
      await waitForRunEnd(page, 'completed');
      const answer = answerText(message);
      await expect(answer).toContainText('returned: {"expression":"6*7","result":42}');
      await expectTopToBottom(card, answer);

      // Input and output behind the toggle.
      await expect(card.getByTestId('tool-input')).toBeHidden();
      await card.getByTestId('tool-toggle').click();
      await expect(card.getByTestId('tool-input')).toBeVisible();
      await expect(card.getByTestId('tool-input')).toContainText('"expression": "6*7"');
      await expect(card.getByTestId('tool-output')).toContainText('"result": 42');
      await expect(card.getByTestId('calculator-result')).toHaveText('6*7 = 42');
      await shot(page, `tool-card-${modelKey.split(':')[0]}`);

      // Same after a reload (the card is rebuilt from the saved message).
      await page.reload();
      const saved = lastAssistant(page).getByTestId('tool-card');
      await expect(saved).toHaveAttribute('data-state', 'output-available');
      await expect(saved.getByTestId('calculator-summary')).toHaveText('6*7 = 42');
    });
  }

  test('parallel tool calls show one card each, in the order the model made them', async ({ page }) => {
    await newSession(page, MODELS.responses);
    await send(
      page,
      `Time and a power of two ${scenario('parallel-tools', {
        tool1: 'get_current_time',
        args1: '{"timezone":"UTC"}',
        tool2: 'calculator',
        args2: '{"expression":"2^10"}',
      })}`,
    );
    const message = lastAssistant(page);
    const cards = message.getByTestId('tool-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toHaveAttribute('data-tool-name', 'get_current_time');
    await expect(cards.nth(1)).toHaveAttribute('data-tool-name', 'calculator');
    await expect(cards.nth(0)).toHaveAttribute('data-state', 'output-available');
    await expect(cards.nth(1)).toHaveAttribute('data-state', 'output-available');
    await expect(cards.nth(0).getByTestId('tool-title')).toHaveText('Current time');
    await expect(cards.nth(0).getByTestId('current-time-summary')).toContainText('UTC');
    await expect(cards.nth(1).getByTestId('calculator-summary')).toHaveText('2^10 = 1024');

    await waitForRunEnd(page, 'completed');
    const answer = answerText(message);
    await expect(answer).toContainText('get_current_time');
    await expect(answer).toContainText('"result":1024');
    // Card order in the page matches call order, and both come before the answer.
    await expectTopToBottom(cards.nth(0), cards.nth(1), answer);

    await cards.nth(0).getByTestId('tool-toggle').click();
    await expect(cards.nth(0).getByTestId('tool-output')).toContainText('"timezone": "UTC"');
    await shot(page, 'tool-cards-parallel');
  });
});
