import { expect, test } from '@playwright/test';
import { startMcpFixture, type McpFixture } from '../support/mcp/launch';
import { lastAssistant, MODELS, newSession, scenario, send, shot, waitForHydration, waitForRunEnd, removeMcpServers } from './helpers';

/**
 * Tool selection at scale, as a person sees it: a server with 300 tools
 * (tests/support/mcp/scale-server.mjs) gets a tool switched off in Settings → MCP
 * servers; a run is sent at most 128 tools and says which were left out; the
 * model finds and enables one with search_tools; the session settings switch a
 * tool back on for that session only.
 */

const SCRIPTED = `http://127.0.0.1:${Number(process.env.E2E_SCRIPTED_PORT ?? 4010)}`;
let fixture: McpFixture;

test.beforeAll(async () => {
  fixture = await startMcpFixture('scale-server');
});

test.afterAll(async ({ request }) => {
  await removeMcpServers(request);
  await fixture?.stop();
});

test('300 tools: a tool switched off, the left-out notice, search_tools, and a session switch', async ({ page }) => {
  const created = await page.request.post('/api/mcp-servers', { data: { name: 'big', url: fixture.url } });
  expect(created.status(), await created.text()).toBe(201);
  const serverId = ((await created.json()) as { server: { id: string } }).server.id;

  // Settings → MCP servers: test the connection, then switch one tool off.
  await page.goto('/');
  await waitForHydration(page);
  await page.getByTestId('settings-open').click();
  const item = page.getByTestId('mcp-server-item').filter({ has: page.getByText('big', { exact: true }) });
  await item.getByTestId('mcp-test').click();
  await expect(item.getByTestId('mcp-tool-count')).toHaveText('300 tools');
  await expect(item.getByTestId('mcp-tools-on-count')).toHaveText('300 of 300 tools on');
  await item.getByTestId('mcp-tools-filter').fill('weather');
  const weatherList = item.locator('[data-tool-name="big__weather_list"]');
  await expect(item.getByTestId('mcp-tool')).toHaveCount(10);
  await weatherList.getByTestId('mcp-tool-enabled').click();
  await expect(weatherList).toHaveAttribute('data-enabled', 'false');
  await expect(item.getByTestId('mcp-tools-on-count')).toHaveText('299 of 300 tools on');
  await expect(item.getByTestId('mcp-tools-off')).toHaveText('1 tool off');
  await shot(page, 'mcp-scale-tool-switches');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'mcp-scale-tool-switches-390');
  await page.setViewportSize({ width: 1280, height: 820 });

  // A run: at most 128 tools per request, the rest listed; the model finds the weather tool and calls it.
  const sessionId = await newSession(page, MODELS.chat);
  // The scripted model's catalog window is small; 127 tool definitions need a larger one.
  expect((await page.request.patch(`/api/sessions/${sessionId}`, { data: { settings: { contextWindowOverride: 1_000_000 } } })).status()).toBe(200);
  await page.request.post(`${SCRIPTED}/__reset`);
  const calls = [
    { tool: 'search_tools', args: { query: 'weather forecast' } },
    { tool: 'search_tools', args: { enable: ['big__weather_get'] } },
    { tool: 'big__weather_get', args: { query: 'Lisbon' } },
  ];
  await send(page, `Weather in Lisbon? ${scenario('sequence', { calls: JSON.stringify(calls), answer: 'Rain tomorrow.' })}`);
  await waitForRunEnd(page, 'completed');
  const message = lastAssistant(page);
  const notice = message.getByTestId('tools-left-out');
  await expect(notice.getByTestId('tools-left-out-summary')).toContainText(/^127 of \d+ tools sent; \d+ left out: over the limit of 128 tools per request/);
  await expect(notice.getByTestId('tools-left-out-list')).toBeHidden();
  await notice.locator('summary').click();
  const list = notice.getByTestId('tools-left-out-list');
  await expect(list).toBeVisible();
  await expect(list).toContainText('big__maps_stats');
  await expect(list).not.toContainText('big__weather_list'); // switched off: not offered at all, so not "left out"
  await expect(notice).toContainText('Enabled by the agent with search_tools: big__weather_get');
  await expect(message.locator('[data-testid="tool-card"][data-tool-name="big__weather_get"]')).toHaveAttribute('data-state', 'output-available');
  await shot(page, 'mcp-scale-left-out');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'mcp-scale-left-out-390');
  await page.setViewportSize({ width: 1280, height: 820 });

  // What the model received: never more than 128 tools; the enabled one from the step after search_tools enabled it.
  const requests = (await (await page.request.get(`${SCRIPTED}/__requests`)).json()) as { body: { tools?: { function: { name: string } }[] } }[];
  const offered = requests.map((request) => (request.body.tools ?? []).map((tool) => tool.function.name));
  expect(offered).toHaveLength(4);
  for (const names of offered) expect(names.length).toBeLessThanOrEqual(128);
  expect(offered[0]).not.toContain('big__weather_get');
  expect(offered[2]).toContain('big__weather_get');
  expect(offered.flat()).not.toContain('big__weather_list');

  // The context meter counts the tool definitions the request carries.
  await page.getByTestId('context-meter').click();
  await expect(page.getByTestId('context-tool-count')).toHaveText(/· 127 of \d+ tools/);
  await expect(page.getByTestId('context-breakdown-tool-schemas')).toContainText(/≈ \d/);
  await shot(page, 'mcp-scale-meter');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('context-meter-details')).toBeHidden();

  // The session settings: switch the tool back on for this session only.
  await page.getByTestId('settings-toggle').click();
  const panel = page.getByTestId('settings-panel');
  const server = panel.getByTestId('session-mcp-server').filter({ hasText: 'big' });
  await expect(server.getByTestId('session-mcp-server-note')).toHaveText('On · 1 tool off');
  await server.getByTestId('session-mcp-tools-toggle').click();
  await server.getByTestId('mcp-tools-filter').fill('weather_list');
  await server.locator('[data-tool-name="big__weather_list"]').getByTestId('mcp-tool-enabled').click();
  await expect(server.getByTestId('session-mcp-server-note')).toHaveText('On · 1 changed here');
  await shot(page, 'mcp-scale-session-switches');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'mcp-scale-session-switches-390');
  await page.setViewportSize({ width: 1280, height: 820 });
  await panel.getByTestId('settings-save').click();
  await expect(panel).toBeHidden();
  const saved = (await (await page.request.get(`/api/sessions/${sessionId}/mcp-tools`)).json()) as { overrides: unknown };
  expect(saved.overrides).toEqual({ tools: { [serverId]: { weather_list: true } } });
});
