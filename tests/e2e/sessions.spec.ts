import { expect, test, type Page } from '@playwright/test';
import { createSession, expectRenderedMarkdown, lastAssistant, MODELS, newSession, openSession, scenario, send, shot, uniqueId, waitForHydration, waitForRunEnd } from './helpers';

function sidebarItem(page: Page, id: string) {
  return page.getByTestId('sidebar').locator(`[data-testid="session-item"][data-session-id="${id}"]`);
}

async function openItemMenu(page: Page, id: string) {
  const item = sidebarItem(page, id);
  await item.hover();
  await item.getByTestId('session-menu').click();
}

test.describe('sessions sidebar', () => {
  test('"New session" opens the new-chat page and the first message creates a session at the top of the list', async ({ page }) => {
    const id = await createSession(page.request, MODELS.chat, `Older ${uniqueId()}`);
    await openSession(page, id);

    await page.getByTestId('new-session').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('new-chat')).toBeVisible();
    await expect(page.getByTestId('composer-input')).toBeFocused();

    const words = `Sidebar check ${uniqueId()}`;
    await send(page, `${words} ${scenario('text')}`);
    await expect(page).toHaveURL(/\/s\/[\w-]+$/);
    const newId = page.url().split('/s/')[1];
    await waitForRunEnd(page, 'completed');

    const items = page.getByTestId('sidebar').getByTestId('session-item');
    await expect(items.first()).toHaveAttribute('data-session-id', newId);
    await expect(items.first()).toHaveAttribute('data-active', 'true');
    // Titled after the first message.
    await expect(items.first().getByTestId('session-title')).toContainText(words);
    await expect(page.getByTestId('session-title-button')).toContainText(words);
  });

  test("a control's tooltip opens on hover, describes it, moves to the next control at once and closes when the pointer leaves", async ({ page }) => {
    await openSession(page, await createSession(page.request, MODELS.chat, `Tooltips ${uniqueId()}`));
    await waitForHydration(page);
    const rename = page.getByTestId('session-title-button');
    await rename.hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toHaveText('Rename session');
    await expect(rename).toHaveAttribute('aria-describedby', (await tooltip.getAttribute('id')) ?? 'missing');
    // Below its trigger (side="bottom"), inside the window.
    const [trigger, bubble] = [await rename.boundingBox(), await tooltip.boundingBox()];
    expect(bubble!.y).toBeGreaterThanOrEqual(trigger!.y + trigger!.height);
    await shot(page, 'tooltip-rename');
    // The sidebar's "Compare models side by side" right after: one tooltip, the new one.
    await page.getByTestId('compare-open').hover();
    await expect(tooltip).toHaveText('Compare models side by side');
    await page.mouse.move(700, 400);
    await expect(tooltip).toHaveCount(0);
    await expect(rename).not.toHaveAttribute('aria-describedby');
  });

  test('sessions are listed newest first, also after a reload', async ({ page }) => {
    const older = await createSession(page.request, MODELS.chat, `First ${uniqueId()}`);
    const newer = await createSession(page.request, MODELS.chat, `Second ${uniqueId()}`);
    await page.goto('/');
    await waitForHydration(page);
    const ids = async () => page.getByTestId('sidebar').getByTestId('session-item').evaluateAll((els) => els.map((el) => el.getAttribute('data-session-id')));
    let list = await ids();
    expect(list.indexOf(newer)).toBe(0);
    expect(list.indexOf(older)).toBe(1);

    // Sending in the older one moves it to the top.
    await openSession(page, older);
    await send(page, `Bump ${scenario('default')}`);
    await waitForRunEnd(page, 'completed');
    await expect(page.getByTestId('sidebar').getByTestId('session-item').first()).toHaveAttribute('data-session-id', older);
    await page.reload();
    await waitForHydration(page);
    list = await ids();
    expect(list.indexOf(older)).toBe(0);
    expect(list.indexOf(newer)).toBe(1);
  });

  test('a session can be renamed from its menu and keeps the name after a reload', async ({ page }) => {
    const id = await newSession(page, MODELS.chat, `Before rename ${uniqueId()}`);
    const newTitle = `Renamed ${uniqueId()}`;

    await openItemMenu(page, id);
    await page.getByTestId('session-rename').click();
    const input = sidebarItem(page, id).getByTestId('session-rename-input');
    await expect(input).toBeFocused();
    await input.fill(newTitle);
    await input.press('Enter');

    await expect(sidebarItem(page, id).getByTestId('session-title')).toHaveText(newTitle);
    await expect(page.getByTestId('session-title-button')).toHaveText(newTitle);

    await page.reload();
    await expect(sidebarItem(page, id).getByTestId('session-title')).toHaveText(newTitle);
    await expect(page.getByTestId('session-title-button')).toHaveText(newTitle);
    // The tab title is server-rendered metadata: only a load picks up the new name.
    await expect(page).toHaveTitle(`${newTitle} · Agent Playground`);
    const response = await page.request.get(`/api/sessions/${id}`);
    expect((await response.json()).session.title).toBe(newTitle);
  });

  test('deleting a session asks for confirmation, then removes it for good', async ({ page }) => {
    const title = `To delete ${uniqueId()}`;
    const id = await newSession(page, MODELS.chat, title);

    // Cancel keeps it.
    await openItemMenu(page, id);
    await page.getByTestId('session-delete').click();
    await expect(page.getByTestId('delete-dialog')).toBeVisible();
    await expect(page.getByTestId('delete-dialog')).toContainText(title);
    await page.getByTestId('cancel-delete').click();
    await expect(page.getByTestId('delete-dialog')).toBeHidden();
    await expect(sidebarItem(page, id)).toBeVisible();

    // Confirm deletes it; it was open, so the app goes back to the new-chat page.
    await openItemMenu(page, id);
    await page.getByTestId('session-delete').click();
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByTestId('delete-dialog')).toBeHidden();
    await expect(sidebarItem(page, id)).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);

    expect((await page.request.get(`/api/sessions/${id}`)).status()).toBe(404);
    await page.goto(`/s/${id}`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(sidebarItem(page, id)).toHaveCount(0);
  });

  test('a session reopens with its history, from a fresh load of /s/<id> and from the sidebar', async ({ page }) => {
    const id = await newSession(page, MODELS.responses);
    await send(page, `Remember this ${scenario('text')}`);
    await waitForRunEnd(page, 'completed');

    // A fresh page load of the session URL shows the saved transcript.
    await page.goto('/');
    await page.goto(`/s/${id}`);
    await expect(page.getByTestId('message-user')).toHaveText('Remember this [[scenario:text]]');
    await expectRenderedMarkdown(lastAssistant(page));

    // Navigating from another page through the sidebar does too.
    await page.getByTestId('new-session').click();
    await expect(page.getByTestId('new-chat')).toBeVisible();
    await sidebarItem(page, id).getByTestId('session-link').click();
    await expect(page).toHaveURL(new RegExp(`/s/${id}$`));
    await expect(page.getByTestId('message-user')).toHaveText('Remember this [[scenario:text]]');
    await expectRenderedMarkdown(lastAssistant(page));
    await expect(sidebarItem(page, id)).toHaveAttribute('data-active', 'true');
  });
  test("the sidebar's links prefetch a page once the pointer is over them, not as the page opens or a run starts", async ({ page }) => {
    const other = await createSession(page.request, MODELS.chat, `Prefetch other ${uniqueId()}`);
    const id = await createSession(page.request, MODELS.chat, `Prefetch ${uniqueId()}`);
    const prefetches: string[] = [];
    page.on('request', (request) => {
      if (request.headers()['next-router-prefetch'] || new URL(request.url()).searchParams.has('_rsc')) prefetches.push(new URL(request.url()).pathname);
    });
    await openSession(page, id);
    await waitForHydration(page);
    await send(page, `Hello ${scenario('text')}`);
    await waitForRunEnd(page, 'completed');
    // Next prefetches what is on screen within a moment of hydration: give it that moment.
    await page.waitForTimeout(1000);
    expect(prefetches).toEqual([]);

    await page.getByTestId('compare-open').hover();
    await expect.poll(() => prefetches).toContain('/compare');
    await sidebarItem(page, other).getByTestId('session-link').hover();
    await expect.poll(() => prefetches).toContain(`/s/${other}`);
    // And the link still goes where it says.
    await sidebarItem(page, other).getByTestId('session-link').click();
    await expect(page).toHaveURL(new RegExp(`/s/${other}$`));
  });
});
