import { expect, test } from '@playwright/test';
import { startMcpFixture, type McpFixture } from '../support/mcp/launch';
import { lastAssistant, MODELS, newSession, scenario, send, shot, waitForRunEnd, removeMcpServers } from './helpers';

/**
 * What a person sees when an MCP tool reports progress and when its server dies
 * mid-call: the core fixture server (official SDK, Streamable HTTP, started here)
 * is added through the API; a call shows a progress bar with the server's message
 * and keeps its log lines in the details; then the server process is killed while
 * a call runs, the card fails at once naming the server, a notice says it is
 * reconnecting, the run still answers, and Settings shows the server's last status.
 * Screenshots at 1280 and 390 px.
 */

let fixture: McpFixture;

test.beforeAll(async () => {
  fixture = await startMcpFixture('core-server');
});

test.afterAll(async ({ request }) => {
  await removeMcpServers(request, ['core']);
  await fixture?.stop();
});

test('MCP progress bar and log lines; a server killed mid-call fails the card at once, the run goes on, Settings shows the status', async ({ page }) => {
  const created = await page.request.post('/api/mcp-servers', { data: { name: 'core', url: fixture.url } });
  expect(created.status(), await created.text()).toBe(201);
  await newSession(page, MODELS.chat);

  // Progress: three batches, 2.5 s apart, so the bar is seen part way.
  await send(page, `Index the files ${scenario('tool', { tool: 'core__index-files', args: '{"steps":3,"delayMs":2500}', answer: 'Indexed.' })}`);
  const indexCard = lastAssistant(page).getByTestId('tool-card');
  const progress = indexCard.getByTestId('tool-progress');
  await expect(progress.getByTestId('tool-progress-message')).toHaveText(/^Indexing batch [1-3] of 3$/);
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '3');
  await expect(progress).toContainText(/[1-3] of 3/);
  await page.setViewportSize({ width: 390, height: 820 });
  await shot(page, 'mcp-core-progress-390');
  await page.setViewportSize({ width: 1280, height: 820 });
  await shot(page, 'mcp-core-progress');
  await waitForRunEnd(page, 'completed');
  await expect(indexCard).toHaveAttribute('data-state', 'output-available');
  await expect(indexCard.getByTestId('tool-progress')).toHaveCount(0); // the bar is for a running call
  await indexCard.getByTestId('tool-toggle').click();
  const log = indexCard.getByTestId('tool-log');
  await expect(log.locator('li')).toHaveCount(3);
  await expect(log.locator('li').last()).toContainText('[indexer] indexed batch 3 of 3');
  await shot(page, 'mcp-core-log-lines');

  // The server dies while a call runs.
  const before = fixture.records().length;
  await send(page, `Take your time ${scenario('tool', { tool: 'core__slow', args: '{"seconds":30}', answer: 'The server went away, so I stopped there.' })}`);
  const slowCard = lastAssistant(page).getByTestId('tool-card');
  await expect(slowCard).toHaveAttribute('data-state', 'input-available');
  await expect.poll(() => fixture.records().slice(before).some((event) => event.type === 'started')).toBe(true);
  const started = fixture.records().slice(before).find((event) => event.type === 'started')!;
  const killedAt = Date.now();
  process.kill(Number(started.pid), 'SIGKILL');
  await expect(slowCard).toHaveAttribute('data-state', 'output-error', { timeout: 5_000 });
  expect(Date.now() - killedAt).toBeLessThan(5_000);
  await expect(slowCard.getByTestId('tool-error')).toHaveText('core__slow failed: MCP server "core" closed the connection while slow was running.');
  await waitForRunEnd(page, 'completed');
  const notice = lastAssistant(page).getByTestId('tool-notice').filter({ hasText: 'reconnecting' });
  await expect(notice).toHaveText('MCP · core: MCP server "core" went away; reconnecting.');
  await expect(lastAssistant(page)).toContainText('The server went away, so I stopped there.');
  await shot(page, 'mcp-core-server-killed');
  await page.setViewportSize({ width: 390, height: 820 });
  await shot(page, 'mcp-core-server-killed-390');
  await page.setViewportSize({ width: 1280, height: 820 });

  // Settings: the server's last status, stored by the run.
  await page.getByTestId('settings-open').click();
  const item = page.getByTestId('mcp-server-item').filter({ has: page.getByText('core', { exact: true }) });
  const status = item.getByTestId('mcp-server-status');
  await expect(status).toHaveAttribute('data-state', 'failed');
  await expect(status).toContainText(/Failed · (closed|refused) the connection/);
  await shot(page, 'mcp-core-settings-status');
  await page.setViewportSize({ width: 390, height: 820 });
  await shot(page, 'mcp-core-settings-status-390');
});
