import { expect, test } from '@playwright/test';
import { freePort, startEverythingServer, type EverythingServer } from '../support/mcp-everything';
import { lastAssistant, MODELS, newSession, scenario, send, shot, waitForHydration, waitForRunEnd, removeMcpServers } from './helpers';

/**
 * MCP servers end to end: server-everything runs on a free local port (started
 * here; the app reaches it over loopback), is added in settings with a secret
 * header, tested, and called from a chat.
 */

const SECRET = 'Bearer e2e-mcp-secret-7f3a';

let everything: EverythingServer;

test.beforeAll(async () => {
  everything = await startEverythingServer();
});

test.afterAll(async ({ request }) => {
  await removeMcpServers(request);
  await everything?.stop();
});

test.describe('MCP servers', () => {
  test('add a server with a secret header, test it, call its tool from a chat, then turn it off and remove it', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByTestId('settings-open').click();
    const settings = page.getByTestId('mcp-servers');
    await expect(settings).toBeVisible();
    await expect(page.getByTestId('mcp-empty')).toBeVisible();

    // Add.
    await page.getByTestId('mcp-add').click();
    await page.getByTestId('mcp-name').fill('everything');
    await page.getByTestId('mcp-transport').selectOption('http');
    await page.getByTestId('mcp-url').fill(everything.url);
    await page.getByTestId('mcp-add-header').click();
    await page.getByTestId('mcp-header-name').fill('Authorization');
    await page.getByTestId('mcp-header-value').fill(SECRET);
    await expect(page.getByTestId('mcp-header-value')).toHaveAttribute('type', 'password');
    await page.getByTestId('mcp-save').click();

    const item = page.getByTestId('mcp-server-item').filter({ has: page.getByText('everything', { exact: true }) });
    await expect(item).toBeVisible();
    await expect(item).toContainText(everything.url);
    await expect(item).toContainText('Authorization');
    await expect(item.getByTestId('mcp-enabled')).toHaveAttribute('aria-checked', 'true');
    await shot(page, 'mcp-settings-list');

    // The secret never reaches the browser: not in the page, not in the API, not after a reload.
    expect(await page.content()).not.toContain('e2e-mcp-secret');
    expect(await (await page.request.get('/api/mcp-servers')).text()).not.toContain('e2e-mcp-secret');
    await page.reload();
    await waitForHydration(page);
    expect(await page.content()).not.toContain('e2e-mcp-secret');

    // Editing shows the header masked, with Replace instead of its value.
    await item.getByTestId('mcp-edit').click();
    await expect(page.getByTestId('mcp-header-name')).toHaveValue('Authorization');
    await expect(page.getByTestId('mcp-header-masked')).toHaveText('••••••••');
    await expect(page.getByTestId('mcp-header-value')).toHaveCount(0);
    await shot(page, 'mcp-form-masked-header');
    await page.getByTestId('theme-dark').click();
    await shot(page, 'mcp-form-masked-header-dark');
    await page.getByTestId('theme-light').click();
    await page.getByTestId('mcp-save').click(); // saving without replacing keeps the stored secret
    await expect(page.getByTestId('mcp-form')).toHaveCount(0);

    // Test connection lists the tools with their classes.
    await item.getByTestId('mcp-test').click();
    const tools = item.getByTestId('mcp-tools');
    await expect(tools).toBeVisible();
    await expect(tools.locator('[data-tool-name="everything__echo"]')).toContainText('read');
    await expect(tools.locator('[data-tool-name="everything__toggle-simulated-logging"]')).toContainText('external');
    await expect(item.getByTestId('mcp-tool-count')).toHaveText(/\d+ tools/);
    await shot(page, 'mcp-tool-list');

    // A chat calls an MCP tool: the generic card, tagged with its server, with the output.
    const sessionId = await newSession(page, MODELS.chat);
    await send(page, `Echo this ${scenario('tool', { tool: 'everything__echo', args: '{"message":"hello from e2e"}' })}`);
    const card = lastAssistant(page).getByTestId('tool-card');
    await expect(card).toHaveAttribute('data-tool-name', 'everything__echo');
    await expect(card).toHaveAttribute('data-state', 'output-available');
    await expect(card.getByTestId('tool-title')).toHaveText('Echo Tool'); // the tool's own title
    await expect(card.getByTestId('tool-badge')).toHaveText('MCP · everything');
    await waitForRunEnd(page, 'completed');
    await card.getByTestId('tool-toggle').click();
    await expect(card.getByTestId('tool-output')).toContainText('Echo: hello from e2e');
    await shot(page, 'mcp-tool-card');
    expect(await (await page.request.get(`/s/${sessionId}`)).text()).not.toContain('e2e-mcp-secret');
    expect(await (await page.request.get(`/api/sessions/${sessionId}`)).text()).not.toContain('e2e-mcp-secret');

    // Turn it off, then remove it (after confirming).
    await page.getByTestId('settings-open').click();
    const again = page.getByTestId('mcp-server-item').first();
    await again.getByTestId('mcp-enabled').click();
    await expect(again.getByTestId('mcp-enabled')).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(page.getByTestId('mcp-server-item').first().getByTestId('mcp-enabled')).toHaveAttribute('aria-checked', 'false');
    await page.getByTestId('mcp-server-item').first().getByTestId('mcp-delete').click();
    await page.getByTestId('mcp-confirm-delete').click();
    await expect(page.getByTestId('mcp-server-item')).toHaveCount(0);
    await expect(page.getByTestId('mcp-empty')).toBeVisible();
  });

  test('a server that is down leaves a notice in the run, which still completes', async ({ page }) => {
    const closedPort = await freePort();
    const created = await page.request.post('/api/mcp-servers', { data: { name: 'offline', url: `http://127.0.0.1:${closedPort}/mcp` } });
    expect(created.status()).toBe(201);
    await newSession(page, MODELS.chat);
    await send(page, `Time please ${scenario('tool', { tool: 'get_current_time', args: '{"timezone":"UTC"}' })}`);
    await waitForRunEnd(page, 'completed');
    const notice = lastAssistant(page).getByTestId('tool-notice');
    await expect(notice).toContainText('MCP · offline');
    await expect(notice).toContainText('not available in this run');
    await shot(page, 'mcp-down-notice');
  });
});
