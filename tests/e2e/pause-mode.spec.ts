import { expect, test } from '@playwright/test';
import { docShot } from './doc-shots';
import { lastAssistant, MODELS, newSession, scenario, send, shot, uniqueId } from './helpers';

/**
 * Step mode ("pause before each model call") in the browser: the header switch turns it on,
 * the run stops before each call with its request, the request editor changes it, Continue
 * sends the edit (the scripted server received exactly that), the pause survives a reload,
 * and Stop ends it.
 */
const scriptedOrigin = `http://127.0.0.1:${process.env.E2E_SCRIPTED_PORT ?? 4010}`;

test('step mode: pause, edit the request, continue, reload, stop', async ({ page }) => {
  const tag = uniqueId();
  await newSession(page, MODELS.chat);
  const toggle = page.getByTestId('step-mode-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // Saved (the switch is disabled while it saves): the next run pauses.
  await expect(toggle).toBeEnabled();

  const calc = scenario('tool', { tool: 'calculator', args: JSON.stringify({ expression: '2+3' }) });
  await send(page, `Add two numbers ${tag} ${calc}`);
  const card = lastAssistant(page).getByTestId('paused-request-card');
  await expect(card).toHaveAttribute('data-phase', 'waiting');
  await expect(card).toContainText('Paused before model call 1');
  await expect(card.getByTestId('paused-request-last')).toContainText(`Add two numbers ${tag}`);
  await expect(page.getByTestId('send-button')).toBeVisible();

  // Edit the user's words (the scenario marker stays), then send the edited request.
  await card.getByTestId('paused-edit').click();
  const message = card.getByTestId('request-editor-message-input').first();
  await message.fill(`Edited: add two and three ${tag} ${calc}`);
  await shot(page, 'pause-mode-editing-1280');
  await card.getByTestId('paused-continue').click();

  // The tool ran, and the run paused again before model call 2.
  const second = lastAssistant(page).getByTestId('paused-request-card');
  await expect(second).toContainText('Paused before model call 2', { timeout: 15_000 });
  await expect(second).toHaveAttribute('data-phase', 'waiting');
  await expect(lastAssistant(page).getByTestId('paused-request-record')).toHaveText('Model call 1 was paused, then sent with your edits.');
  await expect(lastAssistant(page).getByTestId('tool-card')).toHaveCount(1);
  const received = (await (await page.request.get(`${scriptedOrigin}/__requests`)).json()) as Array<{ body: { messages?: Array<{ role: string; content: unknown }> } }>;
  const mine = received.filter((request) => JSON.stringify(request.body.messages ?? []).includes(tag));
  expect(mine).toHaveLength(1);
  expect(JSON.stringify(mine[0].body.messages)).toContain(`Edited: add two and three ${tag}`);
  await docShot(page, 'pause-mode');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'pause-mode-390');

  // The inspector marks the step as paused and edited, and shows the edit: the request as paused → as sent.
  await page.getByTestId('inspector-toggle').click();
  const step = page.getByTestId('inspector-panel').getByTestId('inspector-run').first().getByTestId('inspector-step').first();
  await expect(step.getByTestId('step-released')).toHaveText('paused, edited before sending');
  await step.getByTestId('step-show-edit').click();
  const edit = step.getByRole('region', { name: 'The edit made while paused' });
  await expect(edit.getByTestId('request-diff-message')).toHaveAttribute('data-kind', 'changed');
  await expect(edit.locator('ins').first()).toContainText('Edited');
  await shot(page, 'inspector-paused-edit-390');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Still paused after a reload (the pause lives on the server), then Stop ends it.
  await page.reload();
  const reloaded = lastAssistant(page).getByTestId('paused-request-card');
  await expect(reloaded).toHaveAttribute('data-phase', 'waiting');
  await expect(reloaded).toContainText('Paused before model call 2');
  await expect(page.getByTestId('step-mode-toggle')).toHaveAttribute('aria-pressed', 'true');
  await reloaded.getByTestId('paused-stop').click();
  await expect(lastAssistant(page).getByTestId('paused-request-record').last()).toHaveText('Stopped before model call 2.');
  await page.reload();
  await expect(lastAssistant(page).getByTestId('run-end')).toHaveAttribute('data-reason', 'cancelled');
  await expect(lastAssistant(page).getByTestId('paused-request-card')).toHaveCount(0);
});
