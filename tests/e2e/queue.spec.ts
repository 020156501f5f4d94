import { expect, test, type Page } from '@playwright/test';
import { answerText, lastAssistant, MODELS, newSession, scenario, send, shot, uniqueId, waitForRunEnd } from './helpers';

/**
 * Queued messages: typed while the agent works, shown under the transcript,
 * edited or cancelled there, kept across a reload (they live in the
 * database), and sent by the server in order when the run ends.
 * Also: arguments edited before an approval are what the card records.
 */

/** A run that streams for several seconds, long enough to queue, edit, cancel and reload. */
const SLOW = `Count slowly ${scenario('slow', { delayMs: 60, chunks: 120 })}`;

async function queueMessage(page: Page, text: string) {
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
  await expect(page.getByTestId('queued-text').filter({ hasText: text })).toBeVisible();
  await expect(page.getByTestId('composer-input')).toHaveValue('');
}

const queuedTexts = (page: Page) => page.getByTestId('queued-text');
const userTexts = (page: Page) => page.getByTestId('message-user');

test.describe('queued messages', () => {
  test('messages queued during a run can be edited and cancelled, survive a reload, and are sent in order', async ({ page }) => {
    await newSession(page, MODELS.chat);
    await send(page, SLOW);
    await expect(page.getByTestId('stop-button')).toBeVisible();

    await queueMessage(page, 'first queued');
    await queueMessage(page, 'second queued');
    await queueMessage(page, 'third queued');
    const list = page.getByTestId('queued-messages');
    await expect(list.getByTestId('queued-label')).toHaveText('Queued — sent when the agent finishes');
    await expect(queuedTexts(page)).toHaveText(['first queued', 'second queued', 'third queued']);
    await shot(page, 'queue-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'queue-390');
    await page.setViewportSize({ width: 1280, height: 820 });

    // Edit the second in place, cancel the first.
    const second = page.getByTestId('queued-message').nth(1);
    await second.getByTestId('queued-edit').click();
    await second.getByTestId('queued-edit-input').fill('second queued, edited');
    await shot(page, 'queue-editing');
    await second.getByTestId('queued-edit-input').press('Enter');
    await expect(second.getByTestId('queued-text')).toHaveText('second queued, edited');
    await page.getByTestId('queued-message').first().getByTestId('queued-cancel').click();
    await expect(queuedTexts(page)).toHaveText(['second queued, edited', 'third queued']);

    // The queue is in the database: a reload shows it while the run goes on.
    await page.reload();
    await expect(queuedTexts(page)).toHaveText(['second queued, edited', 'third queued']);
    await expect(page.getByTestId('stop-button')).toBeVisible();

    // Sent in order, each as its own turn, without touching anything.
    await expect(userTexts(page)).toHaveText([SLOW, 'second queued, edited', 'third queued'], { timeout: 30_000 });
    await waitForRunEnd(page, 'completed');
    await expect(answerText(lastAssistant(page))).toContainText('Echo: third queued');
    await expect(answerText(page.getByTestId('message-assistant').nth(1))).toContainText('Echo: second queued, edited');
    await expect(page.getByTestId('queued-messages')).toHaveCount(0);
    await expect(page.getByText('first queued')).toHaveCount(0);

    // What the server saved is what the page showed.
    await page.reload();
    await expect(userTexts(page)).toHaveText([SLOW, 'second queued, edited', 'third queued']);
    await expect(page.getByTestId('message-assistant')).toHaveCount(3);
  });

  test('Stop holds the queue; Send now sends it', async ({ page }) => {
    await newSession(page, MODELS.chat);
    await send(page, SLOW);
    await queueMessage(page, 'after the stop');
    await page.getByTestId('stop-button').click();
    await waitForRunEnd(page, 'cancelled');

    const list = page.getByTestId('queued-messages');
    await expect(list).toHaveAttribute('data-held', 'true');
    await expect(list.getByTestId('queued-label')).toContainText('held: the last run was stopped');
    await shot(page, 'queue-held');
    await list.getByTestId('queue-send-now').click();
    await expect(userTexts(page)).toHaveText([SLOW, 'after the stop']);
    await waitForRunEnd(page, 'completed');
    await expect(answerText(lastAssistant(page))).toContainText('Echo: after the stop');
    await expect(list).toHaveCount(0);
  });
});

test.describe('edited approval arguments', () => {
  test('the card records the arguments that ran, edited by you, with the original one toggle away, across a reload', async ({ page }) => {
    const file = `note-${uniqueId()}`;
    const original = { path: `/workspace/${file}.txt`, content: 'hello from the agent' };
    const edited = { path: `/workspace/${file}.txt`, content: 'hello, edited by the user' };
    await newSession(page, MODELS.chat);
    await send(page, `Save a note ${scenario('tool', { tool: 'write_file', args: JSON.stringify(original) })}`);
    const card = lastAssistant(page).getByTestId('tool-card').last();
    await waitForRunEnd(page, 'awaiting-approval');

    await card.getByTestId('edit-args').click();
    await card.getByTestId('edit-args-input').fill(JSON.stringify(edited, null, 2));
    await card.getByTestId('approve-button').click();
    await waitForRunEnd(page, 'completed');

    for (const phase of ['live', 'after reload']) {
      if (phase === 'after reload') await page.reload();
      const saved = lastAssistant(page).getByTestId('tool-card').last();
      await expect(saved, phase).toHaveAttribute('data-state', 'output-available');
      await expect(saved, phase).toHaveAttribute('data-edited', 'true');
      await expect(saved.getByTestId('tool-decision'), phase).toHaveText('Ran: approved by you with edited arguments');
      await expect(saved.getByTestId('tool-edited'), phase).toContainText('edited by you');
      await saved.getByTestId('tool-toggle').click();
      await expect(saved.getByTestId('tool-input'), phase).toContainText('hello, edited by the user');
      await expect(saved.getByTestId('tool-input'), phase).not.toContainText('hello from the agent');
      await saved.getByTestId('tool-edited-toggle').click();
      await expect(saved.getByTestId('tool-original-input'), phase).toContainText('hello from the agent');
      if (phase === 'after reload') await shot(page, 'approval-edited');
    }
    // The workspace holds what ran.
    const content = await page.request.get(`/api/sessions/${page.url().split('/s/')[1]}/files/content?path=${encodeURIComponent(edited.path)}`);
    expect(content.status()).toBe(200);
    expect(await content.text()).toContain('hello, edited by the user');
  });
});
