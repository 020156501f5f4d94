import { expect, test, type Page } from '@playwright/test';
import { answerText, lastAssistant, MODELS, newSession, scenario, send, shot, uniqueId, waitForRunEnd } from './helpers';

/**
 * Branches in the browser: Retry after a failure and Regenerate add a version
 * of the answer (the user's message is never sent twice), Edit adds a version
 * of a message, "‹ n / m ›" switches between them, and the choice survives a reload.
 */

const scriptedOrigin = `http://127.0.0.1:${process.env.E2E_SCRIPTED_PORT ?? 4010}`;
const position = (page: Page, messageId: string) => page.locator(`[data-testid="branch-switcher"][data-message-id="${messageId}"]`).getByTestId('branch-position');

test.describe('branches', () => {
  test('Retry after a failure keeps the failed answer as version 1; the user message is not duplicated; switching survives a reload', async ({ page }) => {
    const sessionId = await newSession(page, MODELS.chat);
    // No retries inside the run, so the first request's failure ends it.
    const settings = await page.request.patch(`/api/sessions/${sessionId}`, { data: { settings: { maxRetries: 0 } } });
    expect(settings.status()).toBe(200);
    await send(page, `Question ${scenario('http-error', { times: 1, key: uniqueId(), text: 'Recovered answer' })}`);
    await waitForRunEnd(page, 'error');
    const failedId = await lastAssistant(page).getAttribute('data-message-id');

    await lastAssistant(page).getByTestId('run-retry').click();
    await waitForRunEnd(page, 'completed');
    await expect(answerText(lastAssistant(page))).toContainText('Recovered answer');
    await expect(page.getByTestId('message-user')).toHaveCount(1);
    const recoveredId = (await lastAssistant(page).getAttribute('data-message-id'))!;
    expect(recoveredId).not.toBe(failedId);
    await expect(position(page, recoveredId)).toHaveText('2 / 2');
    await shot(page, 'branches-retry-1280');

    await lastAssistant(page).getByTestId('branch-prev').click();
    await expect(lastAssistant(page)).toHaveAttribute('data-message-id', failedId!);
    await expect(position(page, failedId!)).toHaveText('1 / 2');
    await page.reload();
    await expect(lastAssistant(page)).toHaveAttribute('data-message-id', failedId!);
    await expect(page.getByTestId('message-user')).toHaveCount(1);
  });

  test('Regenerate adds a version of the latest answer, and Edit a version of a message with its own answer', async ({ page }) => {
    await newSession(page, MODELS.chat);
    await send(page, `First ${scenario('text', { text: 'Reply to the first' })}`);
    await waitForRunEnd(page, 'completed');
    const firstReply = (await lastAssistant(page).getAttribute('data-message-id'))!;
    await lastAssistant(page).getByTestId('regenerate').click();
    await waitForRunEnd(page, 'completed');
    const secondReply = (await lastAssistant(page).getAttribute('data-message-id'))!;
    expect(secondReply).not.toBe(firstReply);
    await expect(position(page, secondReply)).toHaveText('2 / 2');
    await expect(page.getByTestId('message-user')).toHaveCount(1);

    const original = page.getByTestId('message-user').first();
    const originalId = (await original.getAttribute('data-message-id'))!;
    await original.hover();
    await original.getByTestId('edit-message').click();
    const input = page.getByTestId('edit-message-input');
    await input.fill(`First, edited ${scenario('text', { text: 'Reply to the edit' })}`);
    await page.getByTestId('edit-message-send').click();
    await waitForRunEnd(page, 'completed');
    await expect(answerText(lastAssistant(page))).toContainText('Reply to the edit');
    const edited = page.getByTestId('message-user').first();
    await expect(edited).toContainText('First, edited');
    const editedId = (await edited.getAttribute('data-message-id'))!;
    await expect(position(page, editedId)).toHaveText('2 / 2');
    // The model read only the edited message: not the original, not its answers.
    const requests = (await (await page.request.get(`${scriptedOrigin}/__requests`)).json()) as Array<{ body: { messages?: Array<{ role: string; content: unknown }> } }>;
    const prompt = JSON.stringify(requests.at(-1)!.body.messages?.filter((m) => m.role !== 'system'));
    expect(prompt).toContain('First, edited');
    expect(prompt).not.toContain('Reply to the first');
    expect(prompt).not.toContain('"First [[scenario');
    await shot(page, 'branches-edit-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'branches-edit-390');

    // Back to the original message: its latest answer comes with it.
    await edited.getByTestId('branch-prev').click();
    await expect(page.getByTestId('message-user').first()).toHaveAttribute('data-message-id', originalId);
    await expect(lastAssistant(page)).toHaveAttribute('data-message-id', secondReply);
  });

  test('Fork from here opens a new session with the conversation up to that message, its files as they were, and a link back', async ({ page }) => {
    const sessionId = await newSession(page, MODELS.chat);
    await page.request.patch(`/api/sessions/${sessionId}`, { data: { permissionMode: 'accept-edits' } });
    await page.reload();
    const write = (content: string) => scenario('tool', { tool: 'write_file', args: JSON.stringify({ path: 'notes.txt', content }) });
    await send(page, `Write one ${write('version one')}`);
    await waitForRunEnd(page, 'completed');
    await send(page, `Write two ${write('version two')}`);
    await waitForRunEnd(page, 'completed');

    const firstAnswer = page.getByTestId('message-assistant').first();
    await firstAnswer.getByTestId('fork-message').click();
    await expect(page).not.toHaveURL(new RegExp(`/s/${sessionId}$`));
    await expect(page.getByTestId('message-user')).toHaveCount(1);
    await expect(page.getByTestId('message-assistant')).toHaveCount(1);
    await page.getByTestId('workspace-toggle').click();
    await page.getByTestId('workspace-panel').getByText('notes.txt').click();
    await expect(page.getByTestId('workspace-panel')).toContainText('version one');
    await page.keyboard.press('Escape');

    await page.getByTestId('forked-from').click();
    await expect(page).toHaveURL(new RegExp(`/s/${sessionId}$`));
    await expect(page.getByTestId('message-user')).toHaveCount(2);
  });
});
