import { expect, test } from '@playwright/test';
import { expectTopToBottom, lastAssistant, MODELS, newSession, scenario, send, shot, waitForRunEnd } from './helpers';

/**
 * lib/agent/loop-guard.ts with the default settings (lib/agent/settings.ts):
 * 5 identical calls in a row → a nudge, at most 5 nudges, and the detection after
 * the 5th nudge stops the run. So a model that repeats one call forever makes
 * 30 calls, gets 5 nudges, and the run ends `loop-detected` (well before the
 * 50-iteration limit, so not `max-iterations`).
 */
const CALL = 'calculator({"expression":"1+1"})';

test.describe('loop guard', () => {
  test('a model repeating the same call gets nudges naming the call, then the run stops as loop-detected', async ({ page }) => {
    await newSession(page, MODELS.chat);
    await send(page, `Add forever ${scenario('loop', { tool: 'calculator', args: '{"expression":"1+1"}' })}`);
    const message = lastAssistant(page);

    const nudges = message.getByTestId('nudge');
    await expect(nudges.first()).toBeVisible();
    await expect(nudges.first()).toHaveAttribute('data-kind', 'loop-guard');
    await expect(nudges.first()).toContainText('Loop guard:');
    await expect(nudges.first()).toContainText(`You are repeating ${CALL} with the same arguments (5 times in a row)`);

    const runEnd = await waitForRunEnd(page, 'loop-detected');
    await expect(runEnd).toContainText('Stopped: the agent was going in circles');
    await expect(runEnd).toContainText(`Stopped: the agent kept repeating ${CALL} after 5 nudges.`);
    await expect(nudges).toHaveCount(5);
    const cards = message.getByTestId('tool-card');
    await expect(cards).toHaveCount(30);
    await expect(message.locator('[data-testid="tool-card"][data-tool-name="calculator"][data-state="output-available"]')).toHaveCount(30);
    // The first nudge comes right after the 5th call.
    await expectTopToBottom(cards.nth(4), nudges.first(), cards.nth(5));
    await runEnd.scrollIntoViewIfNeeded();
    await shot(page, 'loop-guard');

    await page.reload();
    await expect(lastAssistant(page).getByTestId('run-end')).toHaveAttribute('data-reason', 'loop-detected');
    await expect(lastAssistant(page).getByTestId('nudge')).toHaveCount(5);
  });
});
