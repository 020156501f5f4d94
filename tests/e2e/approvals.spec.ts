import { expect, test, type Page } from '@playwright/test';
import { answerText, lastAssistant, MODELS, newSession, scenario, send, shot, uniqueId, waitForRunEnd } from './helpers';

/**
 * Permission modes and approvals in the browser. The approval tool is a real
 * non-read tool of the app (class `write`); change it here if it is renamed.
 */
const APPROVAL_TOOL = {
  name: 'write_file',
  args: (file: string) => ({ path: `/workspace/${file}.txt`, content: 'hello from the agent' }),
};

function writeRequest(file = `note-${uniqueId()}`): string {
  return `Save a note ${scenario('tool', { tool: APPROVAL_TOOL.name, args: JSON.stringify(APPROVAL_TOOL.args(file)) })}`;
}

function lastCard(page: Page) {
  return lastAssistant(page).getByTestId('tool-card').last();
}

async function switchMode(page: Page, mode: 'plan' | 'ask' | 'accept-edits' | 'auto') {
  await page.getByTestId('permission-mode').click();
  await page.getByTestId(`mode-option-${mode}`).click();
  await expect(page.getByTestId('permission-mode')).toHaveAttribute('data-mode', mode);
}

test.describe('approvals', () => {
  test('a write waits for approval, survives a reload, and runs once approved', async ({ page }) => {
    await newSession(page, MODELS.chat);
    await send(page, writeRequest());
    const card = lastCard(page);
    await expect(card).toHaveAttribute('data-state', 'approval-requested');
    await waitForRunEnd(page, 'awaiting-approval');
    await expect(card.getByTestId('approval-prompt')).toContainText('changes the workspace');
    await shot(page, 'approval-pending');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'approval-pending-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await page.reload();
    const saved = lastCard(page);
    await expect(saved).toHaveAttribute('data-state', 'approval-requested');
    await saved.getByTestId('approve-button').click();

    await expect(saved).toHaveAttribute('data-state', 'output-available');
    await waitForRunEnd(page, 'completed');
    await expect(saved.getByTestId('tool-decision')).toHaveText('Ran: approved by you');
    await expect(answerText(lastAssistant(page))).toContainText(`Tool ${APPROVAL_TOOL.name} returned`);
    await shot(page, 'approval-approved');
  });

  test('a denial with a reason does not run the tool, and the agent reads the reason', async ({ page }) => {
    await newSession(page, MODELS.chat);
    await send(page, writeRequest());
    const card = lastCard(page);
    await expect(card.getByTestId('deny-button')).toBeEnabled();
    await card.getByTestId('deny-reason').fill('keep notes out of the workspace');
    await card.getByTestId('deny-button').click();

    await expect(card).toHaveAttribute('data-state', 'output-denied');
    await waitForRunEnd(page, 'completed');
    await expect(card.getByTestId('tool-decision')).toHaveText('Not run: denied by you: keep notes out of the workspace');
    await expect(answerText(lastAssistant(page))).toContainText('keep notes out of the workspace');
    await shot(page, 'approval-denied');
  });

  test('always allow creates a grant the next call uses; revoking it makes the tool ask again', async ({ page }) => {
    await newSession(page, MODELS.chat);
    await send(page, writeRequest());
    await lastCard(page).getByTestId('always-allow').click();
    await expect(lastCard(page)).toHaveAttribute('data-state', 'output-available');
    await waitForRunEnd(page, 'completed');

    await send(page, writeRequest());
    await waitForRunEnd(page, 'completed');
    await expect(lastCard(page)).toHaveAttribute('data-state', 'output-available');
    await expect(lastCard(page).getByTestId('tool-decision')).toHaveText(`Ran: grant: always allow ${APPROVAL_TOOL.name}`);

    await page.getByTestId('grants-toggle').click();
    const item = page.getByTestId('grant-item');
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute('data-tool-name', APPROVAL_TOOL.name);
    await shot(page, 'grants-panel');
    await item.getByTestId('revoke-grant').click();
    await expect(page.getByTestId('grants-empty')).toBeVisible();
    await page.keyboard.press('Escape');

    await send(page, writeRequest());
    await expect(lastCard(page)).toHaveAttribute('data-state', 'approval-requested');
  });

  test('switching the mode mid-session applies to the next tool call', async ({ page }) => {
    await newSession(page, MODELS.chat);
    await expect(page.getByTestId('permission-mode')).toHaveAttribute('data-mode', 'ask');
    await expect(page.getByTestId('auto-mode-badge')).toHaveCount(0);

    await switchMode(page, 'auto');
    await expect(page.getByTestId('auto-mode-badge')).toBeVisible();
    await send(page, writeRequest());
    await waitForRunEnd(page, 'completed');
    await expect(lastCard(page).getByTestId('tool-decision')).toHaveText('Ran: mode auto');
    await shot(page, 'mode-auto-badge');

    await switchMode(page, 'plan');
    await expect(page.getByTestId('auto-mode-badge')).toHaveCount(0);
    await send(page, writeRequest());
    await waitForRunEnd(page);
    await expect(lastCard(page)).toHaveAttribute('data-state', 'output-error');

    await switchMode(page, 'ask');
    await send(page, writeRequest());
    await expect(lastCard(page)).toHaveAttribute('data-state', 'approval-requested');

    // The mode is saved with the session.
    await page.reload();
    await expect(page.getByTestId('permission-mode')).toHaveAttribute('data-mode', 'ask');
  });

  test('the mode menu explains each mode', async ({ page }) => {
    await newSession(page, MODELS.chat);
    await page.getByTestId('permission-mode').click();
    for (const mode of ['plan', 'ask', 'accept-edits', 'auto']) await expect(page.getByTestId(`mode-option-${mode}`)).toBeVisible();
    await expect(page.getByTestId('mode-option-plan')).toContainText('Read-only');
    await shot(page, 'mode-menu');
  });
});
