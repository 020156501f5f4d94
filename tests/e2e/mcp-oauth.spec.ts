import { expect, test } from '@playwright/test';
import { startMcpFixture, type McpFixture } from '../support/mcp/launch';
import { lastAssistant, MODELS, newSession, scenario, send, shot, waitForHydration, waitForRunEnd, removeMcpServers } from './helpers';

/**
 * OAuth for a remote MCP server, as a user meets it: tests/support/mcp/oauth-server.mjs
 * (the official SDK's auth router: discovery, dynamic registration, PKCE) runs on a free
 * local port. The server is added, its test fails and settings offer Connect; Connect goes
 * to the authorization server's page, Approve comes back Connected; a chat calls its tool;
 * Disconnect; the next run says to connect.
 */

let fixture: McpFixture;

test.beforeAll(async () => {
  fixture = await startMcpFixture('oauth-server');
});

test.afterAll(async ({ request }) => {
  await removeMcpServers(request);
  await fixture?.stop();
});

test('connect a server over OAuth, call its tool, disconnect', async ({ page }) => {
  await page.goto('/settings/mcp-servers');
  await waitForHydration(page);
  await page.getByTestId('mcp-add').click();
  await page.getByTestId('mcp-name').fill('secured');
  await page.getByTestId('mcp-transport').selectOption('http');
  await page.getByTestId('mcp-url').fill(fixture.url);
  await page.getByTestId('mcp-save').click();
  const item = page.getByTestId('mcp-server-item').filter({ has: page.getByText('secured', { exact: true }) });
  await expect(item).toBeVisible();
  // A server nobody has tested yet offers no Connect: nothing says it wants OAuth.
  await expect(item.getByTestId('mcp-oauth')).toHaveCount(0);

  // The test is refused for want of authorization: Connect appears.
  await item.getByTestId('mcp-test').click();
  await expect(item.getByTestId('mcp-test-error')).toContainText('Connect');
  const oauth = item.getByTestId('mcp-oauth');
  await expect(oauth).toHaveAttribute('data-status', 'required');
  await shot(page, 'mcp-oauth-connect');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'mcp-oauth-connect-390');
  await page.setViewportSize({ width: 1280, height: 820 });

  // Connect → the authorization server's page → Approve → back in settings, connected.
  await oauth.getByTestId('mcp-oauth-connect').click();
  await page.waitForURL(`${new URL(fixture.url).origin}/authorize**`);
  await expect(page.getByRole('heading', { name: 'Test authorization server' })).toBeVisible();
  await page.getByTestId('oauth-approve').click();
  await page.waitForURL('**/settings/mcp-servers**');
  const connected = page.getByTestId('mcp-server-item').filter({ has: page.getByText('secured', { exact: true }) }).getByTestId('mcp-oauth');
  await expect(connected).toHaveAttribute('data-status', 'connected');
  await expect(connected).toContainText('Connected');
  await expect(connected).toContainText('scope mcp:tools');
  // The address is cleaned up, and no token reached the page.
  await expect(page).toHaveURL(/\/settings\/mcp-servers$/);
  const issued = fixture.records().filter((event) => event.type === 'token');
  expect(issued).toHaveLength(1);
  expect(await page.content()).not.toMatch(/\bat-[0-9a-f-]{36}\b/);
  await shot(page, 'mcp-oauth-connected');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'mcp-oauth-connected-390');
  await page.setViewportSize({ width: 1280, height: 820 });

  // A chat calls the tool with the stored token.
  await newSession(page, MODELS.chat);
  await send(page, `Echo ${scenario('tool', { tool: 'secured__echo', args: '{"text":"hello over oauth"}' })}`);
  const card = lastAssistant(page).getByTestId('tool-card');
  await expect(card).toHaveAttribute('data-tool-name', 'secured__echo');
  await expect(card).toHaveAttribute('data-state', 'output-available');
  await waitForRunEnd(page, 'completed');
  expect(fixture.records().filter((event) => event.type === 'call').at(-1)).toMatchObject({ text: 'hello over oauth' });

  // Disconnect: Connect is offered again, and the next run says to connect.
  await page.goto('/settings/mcp-servers');
  await waitForHydration(page);
  const again = page.getByTestId('mcp-server-item').filter({ has: page.getByText('secured', { exact: true }) });
  await again.getByTestId('mcp-oauth-disconnect').click();
  await expect(again.getByTestId('mcp-oauth')).toHaveAttribute('data-status', 'required');
  expect(fixture.records().filter((event) => event.type === 'revoke')).toHaveLength(1);

  await newSession(page, MODELS.chat);
  await send(page, `Echo ${scenario('tool', { tool: 'secured__echo', args: '{"text":"after disconnect"}' })}`);
  await waitForRunEnd(page);
  const notice = lastAssistant(page).getByTestId('tool-notice');
  await expect(notice).toContainText('secured');
  await expect(notice).toContainText('Connect');
  await shot(page, 'mcp-oauth-run-notice');
});
