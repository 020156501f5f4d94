import { expect, test } from '@playwright/test';
import { lastAssistant, MODELS, newSession, scenario, send, shot, uniqueId, waitForRunEnd } from './helpers';

/**
 * The loop debugger in the inspector, on one tool run (two model calls):
 * diff the two steps' requests, replay the first with another model side by
 * side, then edit its request and re-run it as a new branch of the session.
 */
test('inspector debugger: diff two steps, replay with another model, edit and re-run as a branch', async ({ page }) => {
  const sessionId = await newSession(page, MODELS.chat);
  const phrase = `Debug this ${uniqueId()}`;
  await send(page, `${phrase} ${scenario('tool', { tool: 'calculator', args: '{"expression":"6*7"}' })}`);
  await waitForRunEnd(page, 'completed');

  await page.getByTestId('inspector-toggle').click();
  const panel = page.getByTestId('inspector-panel');
  const steps = panel.getByTestId('inspector-step');
  await expect(steps).toHaveCount(2);

  // Diff: the second request adds the model's tool call and its result to the first one's history.
  await steps.nth(0).getByTestId('step-pick-diff').click();
  await expect(panel.getByTestId('request-diff-hint')).toBeVisible();
  await steps.nth(1).getByTestId('step-pick-diff').click();
  const diff = panel.getByTestId('request-diff');
  await expect(diff.getByTestId('request-diff-summary')).toHaveText('2 added · 0 removed · 0 changed · 1 unchanged messages');
  await expect(diff.locator('[data-testid="request-diff-message"][data-kind="added"]')).toHaveCount(2);
  await expect(diff).toContainText('calculator');
  await shot(page, 'debugger-diff');
  await diff.getByTestId('request-diff-close').click();
  await expect(diff).toHaveCount(0);

  // Replay the first step with the Responses model: both answers side by side, the tool call shown, not run.
  const first = steps.nth(0);
  await first.getByTestId('step-replay').click();
  await first.getByTestId('replay-model').click();
  await page.getByTestId('model-picker-menu').locator(`[data-model-key="${MODELS.responses}"]`).click();
  await first.getByTestId('replay-run').click();
  const result = first.getByTestId('replay-result');
  await expect(result.getByTestId('replay-original')).toHaveAttribute('data-model', MODELS.chat);
  await expect(result.getByTestId('replay-answer')).toHaveAttribute('data-model', MODELS.responses);
  await expect(result.getByTestId('replay-original-tool-call')).toContainText('6*7');
  await expect(result.getByTestId('replay-answer-tool-call')).toContainText('6*7');
  await expect(result.getByTestId('replay-answer-stats')).toContainText(' in / ');
  await shot(page, 'debugger-replay');
  // Nothing was added to the session: still one run.
  await expect(panel.getByTestId('inspector-run')).toHaveCount(1);
  await first.getByTestId('step-replay').click();

  // Edit and re-run: the user's message edited; an empty request cannot run.
  await first.getByTestId('step-edit-rerun').click();
  const editor = first.getByTestId('request-editor');
  const message = editor.getByTestId('request-editor-message');
  await expect(message).toHaveCount(1);
  await expect(message.getByTestId('request-editor-message-input')).toHaveValue(new RegExp(phrase));
  await message.getByTestId('request-editor-message-remove').click();
  await expect(first.getByTestId('rerun-run')).toBeDisabled();
  await expect(first.getByTestId('rerun-problem')).toContainText('at least one message');
  await editor.getByTestId('request-editor-add-message').click();
  await editor.getByTestId('request-editor-message-input').fill(`Edited question ${scenario('text', { text: 'Answer to the edited request' })}`);
  await shot(page, 'debugger-edit');
  await first.getByTestId('rerun-run').click();

  // The same session runs the edited request as a new branch: the inspector steps aside, the chat shows the run,
  // the first message gets a switcher, and the original is one switch away.
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/s/${sessionId}$`));
  await expect(page.getByTestId('message-user').first()).toContainText('Edited question');
  await expect(lastAssistant(page)).toContainText('Answer to the edited request');
  await waitForRunEnd(page, 'completed');
  const switcher = page.getByTestId('branch-switcher').first();
  await expect(switcher.getByTestId('branch-position')).toHaveText('2 / 2');
  await shot(page, 'debugger-rerun-branch');
  await switcher.getByTestId('branch-prev').click();
  await expect(page.getByTestId('message-user')).toHaveCount(1);
  await expect(page.getByTestId('message-user').first()).toContainText(phrase);
  await expect(lastAssistant(page)).toContainText('42');
  await expect(page.getByTestId('branch-switcher').first().getByTestId('branch-position')).toHaveText('1 / 2');
});
