import { expect, test, type Page } from '@playwright/test';
import { startMcpFixture, type McpFixture } from '../support/mcp/launch';
import { lastAssistant, MODELS, newSession, shot, waitForHydration, waitForRunEnd } from './helpers';

/**
 * Resources as @-mentions and MCP prompts as slash commands, from the keyboard:
 * a fixture MCP server (official SDK, Streamable HTTP, started here) is added
 * for the spec and removed after it.
 */

const README_MARKER = 'Marker MENTION-7f3a';
const scriptedOrigin = `http://127.0.0.1:${process.env.E2E_SCRIPTED_PORT ?? 4010}`;

let fixture: McpFixture;
let serverId: string;

test.beforeAll(async ({ request }) => {
  fixture = await startMcpFixture('mention-server');
  const created = await request.post('/api/mcp-servers', { data: { name: 'mention', url: fixture.url } });
  expect(created.status(), await created.text()).toBe(201);
  serverId = (await created.json()).server.id;
});

test.afterAll(async ({ request }) => {
  // The app instance is shared by every spec: leave no MCP server behind.
  if (serverId) {
    const removed = await request.delete(`/api/mcp-servers/${serverId}`, { headers: { 'content-type': 'application/json' } });
    expect(removed.status(), await removed.text()).toBe(200);
  }
  await fixture?.stop();
});

async function scriptedRequestCount(page: Page): Promise<number> {
  return ((await (await page.request.get(`${scriptedOrigin}/__requests`)).json()) as unknown[]).length;
}

test.describe('MCP resources and prompts in the composer', () => {
  test('@ picks a resource from the keyboard; the message carries its content to the model and shows it as a chip', async ({ page }) => {
    await newSession(page, MODELS.chat);
    const input = page.getByTestId('composer-input');
    await input.pressSequentially('Summarise @');

    const picker = page.getByTestId('mention-picker');
    await expect(picker).toBeVisible();
    const options = picker.getByTestId('mention-picker-option');
    await expect(options).toHaveCount(4);
    await expect(options.first()).toContainText('Release checklist');
    await expect(options.first()).toContainText('mention · text/markdown');
    // A resource template is listed, not offered.
    await expect(options.filter({ hasText: 'Issue by number' })).toHaveAttribute('aria-disabled', 'true');
    await expect(input).toHaveAttribute('aria-expanded', 'true');

    // Arrows move the active option; typing narrows the list.
    await input.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await input.pressSequentially('rel');
    await expect(options).toHaveCount(1);
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await shot(page, 'mcp-mention-picker-1280');
    await input.press('Enter');

    await expect(picker).toBeHidden();
    const chip = page.getByTestId('composer-resource-chip');
    await expect(chip).toHaveText(/Release checklist/);
    await expect(input).toHaveValue('Summarise ');
    await shot(page, 'mcp-mention-chip-1280');

    await page.request.delete(`${scriptedOrigin}/__requests`);
    await input.pressSequentially('the checklist');
    await input.press('Enter');
    await waitForRunEnd(page);
    await expect(page.getByTestId('composer-resources')).toBeHidden();
    // A server with resources and no tools is no failure of the run's tools.
    await expect(lastAssistant(page)).not.toContainText('not available in this run');

    // The model read the resource as the server read it.
    const requests = (await (await page.request.get(`${scriptedOrigin}/__requests`)).json()) as Array<{ body: unknown }>;
    expect(JSON.stringify(requests.at(-1)?.body)).toContain(README_MARKER);
    expect(fixture.records()).toContainEqual(expect.objectContaining({ type: 'read', uri: 'notes://release/readme.md' }));

    // The transcript shows a compact chip that expands, not a wall of text.
    const user = page.getByTestId('message-user').last();
    await expect(user).toContainText('Summarise the checklist');
    await expect(user).not.toContainText(README_MARKER);
    await page.reload();
    await waitForHydration(page);
    const sent = page.getByTestId('message-user').last().getByTestId('message-resource-chip');
    await expect(sent).toContainText('Release checklist');
    await sent.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('message-resource-content')).toContainText(README_MARKER);
    await shot(page, 'mcp-mention-sent-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('composer-input').pressSequentially('@');
    await expect(page.getByTestId('mention-picker')).toBeVisible();
    await shot(page, 'mcp-mention-picker-390');
    await page.getByTestId('composer-input').press('Escape');
    await expect(page.getByTestId('mention-picker')).toBeHidden();
  });

  test('/ runs an MCP prompt through its argument form into the composer; an unknown command is never sent', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await newSession(page, MODELS.chat);
    const input = page.getByTestId('composer-input');
    await input.pressSequentially('/');
    const menu = page.getByTestId('slash-menu');
    await expect(menu.getByTestId('slash-menu-option')).toHaveText([/^\/help/, /^\/new/, /^\/clear/, /^\/compact \[focus\]/, /^\/mode/, /^\/model/, /^\/fork/, /^\/share/, /^\/export/, /^\/inspect/, /^\/cost/, /\/mention:review-code <language> \[focus\]/, /\/mention:standup/]);
    await input.pressSequentially('rev');
    await expect(menu.getByTestId('slash-menu-option')).toHaveCount(1);
    await shot(page, 'mcp-slash-menu-390');
    await input.press('Enter');

    const form = page.getByTestId('prompt-args-form');
    await expect(form).toBeVisible();
    await expect(form.getByText('language')).toBeVisible();
    await expect(form.getByTestId('prompt-arg-language')).toBeFocused();
    await expect(form.getByTestId('prompt-arg-language')).toHaveAttribute('aria-required', 'true');
    await page.keyboard.type('Rust');
    await page.keyboard.press('Tab');
    await expect(form.getByTestId('prompt-arg-focus')).toBeFocused();
    await page.keyboard.type('error handling');
    await shot(page, 'mcp-prompt-form-390');
    await page.keyboard.press('Enter');

    await expect(form).toBeHidden();
    await expect(input).toHaveValue('Review this Rust code, focusing on error handling. Be concise.');
    expect(fixture.records()).toContainEqual(expect.objectContaining({ type: 'prompt', name: 'review-code', arguments: { language: 'Rust', focus: 'error handling' } }));

    // An unknown command gets a message, and the model is never called.
    await page.setViewportSize({ width: 1280, height: 820 });
    const before = await scriptedRequestCount(page);
    await input.fill('');
    await input.pressSequentially('/xyz do something');
    await input.press('Enter');
    await expect(page.getByTestId('composer-notice')).toHaveText('Unknown command /xyz: nothing was sent. Type /help to see the commands.');
    await expect(page.getByTestId('message-user')).toHaveCount(0);
    await expect(input).toHaveValue('/xyz do something');
    await shot(page, 'mcp-unknown-command-1280');

    // Nor from the new-session page, which has no session to run a command in.
    await page.goto('/');
    await waitForHydration(page);
    await page.getByTestId('composer-input').pressSequentially('/xyz');
    await page.getByTestId('composer-input').press('Enter');
    await expect(page.getByTestId('composer-notice')).toContainText('/xyz is a command');
    await expect(page).toHaveURL(/\/$/);
    expect(await scriptedRequestCount(page)).toBe(before);
  });

  test('a resource that cannot be read when the message goes out: not sent, text and chip back in the composer', async ({ page }) => {
    await newSession(page, MODELS.chat);
    const input = page.getByTestId('composer-input');
    await input.pressSequentially('@rel');
    await expect(page.getByTestId('mention-picker-option')).toHaveCount(1);
    await input.press('Enter');
    await expect(page.getByTestId('composer-resource-chip')).toContainText('Release checklist');

    await fixture.stop();
    const before = await scriptedRequestCount(page);
    await input.pressSequentially('read it');
    await input.press('Enter');
    const error = page.getByTestId('chat-error');
    await expect(error).toContainText('Not sent: an attached resource could not be read');
    await expect(error.getByTestId('chat-error-message')).toContainText('MCP server "mention"');
    await expect(input).toHaveValue('read it');
    await expect(page.getByTestId('composer-resource-chip')).toContainText('Release checklist');
    await expect(page.getByTestId('message-user')).toHaveCount(0);
    expect(await scriptedRequestCount(page)).toBe(before);
    await shot(page, 'mcp-mention-unreadable-1280');
  });
});
