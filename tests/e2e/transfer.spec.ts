import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { answerText, createSession, lastAssistant, MODELS, openSession, scenario, send, shot, uniqueId, waitForRunEnd } from './helpers';

/**
 * Session export and import in the browser: the Export items of a session's
 * menu download the file, the import button and a drop onto the session list
 * read it back into a new session, and a refused file only toasts why.
 */

const NOTE = { path: '/workspace/notes/transfer.txt', content: 'carried across by the export' };
const FIRST_PROMPT = `Save a note ${scenario('tool', { tool: 'write_file', args: JSON.stringify(NOTE) })}`;
const SECOND_PROMPT = `Now summarize ${scenario('text')}`;

function sidebar(page: Page): Locator {
  // At 390 px the column's copy is hidden and the sheet's is the visible one.
  return page.getByTestId('sidebar').filter({ visible: true });
}

function sidebarItem(page: Page, id: string): Locator {
  return sidebar(page).locator(`[data-testid="session-item"][data-session-id="${id}"]`);
}

async function openItemMenu(page: Page, id: string): Promise<void> {
  const item = sidebarItem(page, id);
  await item.hover();
  await item.getByTestId('session-menu').click();
  await expect(page.getByTestId('session-export-json')).toBeVisible();
}

/** Clicks an Export item and returns the download it starts. */
async function exportFrom(page: Page, id: string, format: 'json' | 'markdown'): Promise<Download> {
  await openItemMenu(page, id);
  const download = page.waitForEvent('download');
  await page.getByTestId(`session-export-${format}`).click();
  return download;
}

async function downloadedText(download: Download): Promise<string> {
  return readFile(await download.path(), 'utf8');
}

/**
 * A titled session in accept-edits mode (the write runs without asking) with
 * two turns: a write_file call that leaves a workspace file, then a text answer.
 */
async function sessionWithWork(page: Page): Promise<{ id: string; title: string }> {
  const title = `Transfer ${uniqueId()}`;
  const id = await createSession(page.request, MODELS.chat, title);
  const response = await page.request.patch(`/api/sessions/${id}`, { data: { permissionMode: 'accept-edits' } });
  expect(response.status()).toBe(200);
  await openSession(page, id);
  await send(page, FIRST_PROMPT);
  await waitForRunEnd(page, 'completed');
  await expect(lastAssistant(page).getByTestId('tool-card')).toHaveAttribute('data-state', 'output-available');
  await send(page, SECOND_PROMPT);
  await waitForRunEnd(page, 'completed');
  return { id, title };
}

/** The export file as the server writes it, for the tests that are about importing it. */
async function exportJson(page: Page, id: string): Promise<string> {
  const response = await page.request.get(`/api/sessions/${id}/export?format=json`);
  expect(response.status()).toBe(200);
  return response.text();
}

/** What a reader sees of a transcript: user texts, tool cards and the final answer. */
async function transcriptOf(page: Page) {
  const cards = page.getByTestId('tool-card');
  return {
    userTexts: await page.getByTestId('message-user').allInnerTexts(),
    cards: await cards.evaluateAll((els) =>
      els.map((el) => ({
        name: el.getAttribute('data-tool-name'),
        state: el.getAttribute('data-state'),
        title: el.querySelector('[data-testid="tool-title"]')?.textContent,
        decision: el.querySelector('[data-testid="tool-decision"]')?.textContent ?? null,
      })),
    ),
    answer: await answerText(lastAssistant(page)).innerText(),
  };
}

/** Picks `file` in the import button's file chooser. */
async function importThroughPicker(page: Page, file: { name: string; text: string }): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await sidebar(page).getByTestId('import-session').click();
  await (await chooser).setFiles({ name: file.name, mimeType: 'application/json', buffer: Buffer.from(file.text) });
}

/** A DataTransfer in the page holding one file, as a drag from the desktop would carry. */
async function fileDrag(page: Page, file: { name: string; text: string }) {
  return page.evaluateHandle(({ name, text }) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], name, { type: 'application/json' }));
    return transfer;
  }, file);
}

/** The id in the URL once the page has moved to a session other than `previousId`. */
async function openedSessionId(page: Page, previousId: string): Promise<string> {
  await expect(page).toHaveURL(/\/s\/[\w-]+$/);
  await expect(page).not.toHaveURL(new RegExp(`/s/${previousId}$`));
  return new URL(page.url()).pathname.split('/s/')[1]!;
}

function toast(page: Page, title: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: title });
}

test.describe('session export and import', () => {
  test('Export as JSON, then importing the file, gives a new session with the same transcript and workspace', async ({ page }) => {
    const { id, title } = await sessionWithWork(page);
    const original = await transcriptOf(page);
    expect(original.userTexts).toEqual([FIRST_PROMPT, SECOND_PROMPT]);
    expect(original.cards).toHaveLength(1);
    expect(original.cards[0]).toMatchObject({ name: 'write_file', state: 'output-available' });

    const download = await exportFrom(page, id, 'json');
    const filename = download.suggestedFilename();
    expect(filename).toMatch(/\.agent-playground\.json$/);
    const text = await downloadedText(download);
    const file = JSON.parse(text) as { format: string; version: number; session: { title: string }; workspace: Array<{ path: string }> };
    expect(file).toMatchObject({ format: 'agent-playground.session', version: 1, session: { title } });
    expect(file.workspace.map((entry) => entry.path)).toEqual([NOTE.path]);

    await importThroughPicker(page, { name: filename, text });
    const newId = await openedSessionId(page, id);
    await expect(toast(page, `Imported “${title}”`)).toBeVisible();
    await expect(sidebarItem(page, newId).getByTestId('session-title')).toHaveText(title);
    await expect(sidebarItem(page, newId)).toHaveAttribute('data-active', 'true');
    await expect(sidebarItem(page, id)).toBeVisible();

    await expect(page.getByTestId('message-user')).toHaveText([FIRST_PROMPT, SECOND_PROMPT]);
    await waitForRunEnd(page, 'completed');
    expect(await transcriptOf(page)).toEqual(original);

    await page.getByTestId('workspace-toggle').click();
    const item = page.getByTestId('workspace-panel').locator(`[data-testid="file-tree-item"][data-path="${NOTE.path}"]`);
    await expect(item).toBeVisible();
    await item.click();
    await expect(page.getByTestId('file-preview')).toContainText(NOTE.content);
  });

  test('Export as Markdown downloads the conversation with its title and the tool call', async ({ page }) => {
    const { id, title } = await sessionWithWork(page);
    const download = await exportFrom(page, id, 'markdown');
    expect(download.suggestedFilename()).toMatch(/\.md$/);
    const markdown = await downloadedText(download);
    expect(markdown.startsWith(`# ${title}\n`)).toBe(true);
    expect(markdown).toContain('**Tool call: `write_file`**');
    expect(markdown).toContain(`\`\`\`json\n${JSON.stringify(NOTE, null, 2)}\n\`\`\``);
    expect(markdown).toContain(`\`\`\`text\n${FIRST_PROMPT}\n\`\`\``);
    // Still on the session: a download does not navigate.
    await expect(page).toHaveURL(new RegExp(`/s/${id}$`));
  });

  test('dropping an export on the session list outlines the list while dragging, then imports it', async ({ page }) => {
    const { id, title } = await sessionWithWork(page);
    const text = await exportJson(page, id);
    const zone = sidebar(page).getByTestId('session-drop-zone');
    const dataTransfer = await fileDrag(page, { name: 'dropped.agent-playground.json', text });

    await zone.dispatchEvent('dragenter', { dataTransfer });
    await zone.dispatchEvent('dragover', { dataTransfer });
    await expect(zone).toHaveAttribute('data-dragging', 'true');
    await expect(zone).toContainText('Drop a session export to import it');
    // Leaving the zone takes the outline away; coming back brings it back.
    await zone.dispatchEvent('dragleave', { dataTransfer });
    await expect(zone).not.toHaveAttribute('data-dragging');
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await zone.dispatchEvent('dragover', { dataTransfer });
    await expect(zone).toHaveAttribute('data-dragging', 'true');

    await zone.dispatchEvent('drop', { dataTransfer });
    await expect(zone).not.toHaveAttribute('data-dragging');
    const newId = await openedSessionId(page, id);
    await expect(sidebarItem(page, newId).getByTestId('session-title')).toHaveText(title);
    await expect(page.getByTestId('message-user')).toHaveText([FIRST_PROMPT, SECOND_PROMPT]);
    await expect(lastAssistant(page).getByTestId('run-end')).toHaveAttribute('data-reason', 'completed');
  });

  test('a refused file toasts the server’s reason and adds no session', async ({ page }) => {
    const { id } = await sessionWithWork(page);
    const valid = JSON.parse(await exportJson(page, id)) as { workspace: Array<{ path: string }> };
    const escaping = { ...valid, workspace: [{ ...valid.workspace[0]!, path: '/workspace/../etc/passwd' }] };
    const cases = [
      {
        text: JSON.stringify({ format: 'agent-playground.session', version: 99 }),
        reason: 'This export is format version 99, from a newer Agent Playground; this one reads up to version 1.',
      },
      { text: JSON.stringify(escaping), reason: 'workspace[0]: "/workspace/../etc/passwd" is not a file path inside /workspace.' },
      // Refused in the browser, before any request.
      { text: '{"format": "agent-playground.session", ', reason: 'This file is not JSON' },
    ];

    const items = sidebar(page).getByTestId('session-item');
    const countBefore = await items.count();
    const listed = async () => ((await (await page.request.get('/api/sessions')).json()) as { sessions: unknown[] }).sessions.length;
    const storedBefore = await listed();

    for (const { text, reason } of cases) {
      await importThroughPicker(page, { name: 'hostile.agent-playground.json', text });
      const refused = toast(page, 'Could not import the session').filter({ hasText: reason });
      await expect(refused).toBeVisible();
      await refused.getByRole('button', { name: /close/i }).click();
      await expect(refused).toHaveCount(0);
    }

    await expect(page).toHaveURL(new RegExp(`/s/${id}$`));
    await expect(items).toHaveCount(countBefore);
    expect(await listed()).toBe(storedBefore);
  });

  test('screenshots: the session menu with its Export items and the drop outline, wide and on a phone', async ({ page }) => {
    const { id, title } = await sessionWithWork(page);
    const text = await exportJson(page, id);

    await openItemMenu(page, id);
    await expect(page.getByTestId('session-export-markdown')).toBeVisible();
    await shot(page, 'transfer-session-menu-1280');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('session-export-json')).toBeHidden();

    const zone = sidebar(page).getByTestId('session-drop-zone');
    let dataTransfer = await fileDrag(page, { name: 'shot.agent-playground.json', text });
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await expect(zone).toHaveAttribute('data-dragging', 'true');
    await shot(page, 'transfer-drop-zone-1280');
    await zone.dispatchEvent('dragleave', { dataTransfer });
    await expect(zone).not.toHaveAttribute('data-dragging');

    // On a phone the sidebar is a sheet, opened from the header.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('sidebar-open').click();
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByTestId('sidebar')).toBeVisible();
    await openItemMenu(page, id);
    await shot(page, 'transfer-session-menu-390');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('session-export-json')).toBeHidden();
    await expect(sheet).toBeVisible();

    const sheetZone = sheet.getByTestId('session-drop-zone');
    dataTransfer = await fileDrag(page, { name: 'shot.agent-playground.json', text });
    await sheetZone.dispatchEvent('dragenter', { dataTransfer });
    await sheetZone.dispatchEvent('dragover', { dataTransfer });
    await expect(sheetZone).toHaveAttribute('data-dragging', 'true');
    await shot(page, 'transfer-drop-zone-390');

    // Dropping there imports too, and the sheet closes on the new session.
    await sheetZone.dispatchEvent('drop', { dataTransfer });
    const newId = await openedSessionId(page, id);
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId('message-user')).toHaveText([FIRST_PROMPT, SECOND_PROMPT]);
    await page.getByTestId('sidebar-open').click();
    await expect(sidebarItem(page, newId).getByTestId('session-title')).toHaveText(title);
    await page.setViewportSize({ width: 1280, height: 820 });
  });
});
