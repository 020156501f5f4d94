import { expect, test, type Page } from '@playwright/test';
import { createSession, lastAssistant, MODELS, openSession, scenario, send, shot, waitForHydration, waitForRunEnd } from './helpers';

/**
 * Every slash command end to end (issue 16), in one session and what it leads to, plus the composer's keys:
 * the draft survives a reload, Escape stops the run, Up-arrow edits the last message.
 */

async function command(page: Page, text: string) {
  const input = page.getByTestId('composer-input');
  await input.fill(text);
  await input.press('Enter');
}

test('slash commands and composer keys, end to end', async ({ page }) => {
  const id = await createSession(page.request, MODELS.responses);
  await openSession(page, id);
  const input = page.getByTestId('composer-input');
  const notice = page.getByTestId('composer-notice');

  // The box grows with its text up to a maximum, then scrolls.
  const oneLine = (await input.boundingBox())!.height;
  await input.fill(Array.from({ length: 30 }, (_, line) => `line ${line}`).join('\n'));
  await expect.poll(async () => (await input.boundingBox())!.height).toBeGreaterThan(oneLine * 3);
  expect((await input.boundingBox())!.height).toBeLessThanOrEqual(281);
  expect(await input.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);

  // A draft survives a reload.
  await input.fill('an unsent thought\nover two lines');
  await page.reload();
  await waitForHydration(page);
  await expect(input).toHaveValue('an unsent thought\nover two lines');
  await input.fill('');

  // /help from its first letters; Escape puts the panel away.
  await command(page, '/he');
  const help = page.getByTestId('help-panel');
  for (const usage of ['/new', '/clear', '/compact [focus]', '/mode plan|ask|accept-edits|auto', '/model <name>', '/export [json|markdown]', '/cost']) {
    await expect(help.getByTestId('help-command').filter({ hasText: usage }).first()).toBeVisible();
  }
  await shot(page, 'slash-help');
  if (process.env.E2E_SHOTS_DIR) {
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'slash-help-390');
    await page.setViewportSize({ width: 1280, height: 820 });
  }
  await input.press('Escape');
  await expect(help).toBeHidden();

  // An unknown command is answered here and never sent.
  await command(page, '/halp');
  await expect(notice).toContainText('Unknown command /halp: nothing was sent. Did you mean /help?');
  await expect(input).toHaveValue('/halp');
  await expect(page.getByTestId('message-user')).toHaveCount(0);

  // /mode through the argument menu: Enter runs the chosen value.
  await input.fill('/mode ');
  await expect(page.getByTestId('argument-menu-option')).toHaveCount(4);
  await input.pressSequentially('pl');
  await shot(page, 'slash-argument-menu');
  await input.press('Enter');
  await expect(page.getByTestId('permission-mode')).toHaveAttribute('data-mode', 'plan');
  await expect(notice).toContainText('Permission mode: Plan.');
  await expect(input).toHaveValue('');

  // /model by part of its name.
  await command(page, '/model chat');
  await expect(page.getByTestId('model-picker')).toHaveAttribute('data-model-key', MODELS.chat);
  await expect.poll(async () => (await (await page.request.get(`/api/sessions/${id}`)).json()).session.modelKey).toBe(MODELS.chat);

  await send(page, `First question ${scenario('text', { text: 'First answer.' })}`);
  await waitForRunEnd(page, 'completed');

  // Up-arrow in the empty composer edits the last message; Escape gives the focus back.
  await input.focus();
  await input.press('ArrowUp');
  await expect(page.getByTestId('edit-message-input')).toHaveValue(/^First question/);
  await page.getByTestId('edit-message-input').press('Escape');
  await expect(page.getByTestId('edit-message-form')).toBeHidden();
  await expect(input).toBeFocused();

  // /cost: the run on the model it ran on.
  await command(page, '/cost');
  const row = page.getByTestId('cost-panel').locator(`[data-testid="cost-row"][data-model-key="${MODELS.chat}"]`);
  await expect(row).toContainText('1 run');
  await shot(page, 'slash-cost');
  if (process.env.E2E_SHOTS_DIR) {
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'slash-cost-390');
    await page.setViewportSize({ width: 1280, height: 820 });
  }
  await input.press('Escape');
  await expect(page.getByTestId('cost-panel')).toBeHidden();

  // /inspect and /share open their panels.
  await command(page, '/inspect');
  await expect(page.getByTestId('inspector-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('inspector-panel')).toBeHidden();
  await command(page, '/share');
  await expect(page.getByTestId('share-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('share-dialog')).toBeHidden();

  // /export downloads the session, as JSON or as Markdown.
  for (const [text, extension] of [
    ['/export', '.json'],
    ['/export markdown', '.md'],
  ] as const) {
    const download = page.waitForEvent('download');
    await command(page, text);
    expect((await download).suggestedFilename()).toMatch(new RegExp(`\\${extension}$`));
  }

  // Escape in the composer stops the run.
  await send(page, `Count slowly ${scenario('slow', { delayMs: 100, chunks: 200 })}`);
  await expect(lastAssistant(page)).toHaveAttribute('data-streaming', 'true');
  await input.press('Escape');
  await waitForRunEnd(page, 'cancelled');

  // /compact [focus] goes to the compaction route (which keeps these recent turns: tests/e2e/compaction.spec.ts compacts), never to the model.
  await command(page, '/compact keep the question');
  await expect(page.getByText('Nothing to compact yet')).toBeVisible();
  await expect(page.getByTestId('message-user').filter({ hasText: '/compact' })).toHaveCount(0);

  // /fork at the last message opens the fork.
  await command(page, '/fork');
  await expect(page).not.toHaveURL(new RegExp(`/s/${id}$`));
  await expect(page.getByTestId('forked-from')).toBeVisible();
  const forkUrl = page.url();

  // /clear: a new, empty session with the same model and mode.
  await command(page, '/clear');
  await expect(page).not.toHaveURL(forkUrl);
  await expect(page.getByTestId('forked-from')).toHaveCount(0);
  await expect(page.getByTestId('message-user')).toHaveCount(0);
  await expect(page.getByTestId('model-picker')).toHaveAttribute('data-model-key', MODELS.chat);
  await expect(page.getByTestId('permission-mode')).toHaveAttribute('data-mode', 'plan');

  // /new: the new-session page (its own stored draft: tests/components/chat/hooks/use-draft.test.tsx).
  await command(page, '/new');
  await expect(page.getByTestId('new-chat')).toBeVisible();
});
