import { expect, test } from '@playwright/test';
import { startMcpFixture, type McpFixture } from '../support/mcp/launch';
import { lastAssistant, MODELS, newSession, scenario, send, shot, waitForRunEnd, removeMcpServers } from './helpers';

/**
 * MCP results as people expect them, and argument validation, in the browser:
 * the results fixture server (official SDK, Streamable HTTP, started here) is
 * added through the API; a vision model's run calls a screenshot tool (the PNG
 * is drawn, an SVG and an HTML "image" are not and nothing of theirs runs),
 * docs with links and an embedded resource, and structured weather; then an
 * edited approval with a wrong value shows the schema's complaint and runs once
 * it fits. Screenshots at 1280 and 390 px.
 */

let fixture: McpFixture;

test.beforeAll(async () => {
  fixture = await startMcpFixture('results-server');
});

test.afterAll(async ({ request }) => {
  await removeMcpServers(request, ['results']);
  await fixture?.stop();
});

test('MCP results: an image drawn (never SVG or HTML), links, a folded resource, structured content, titles; edited arguments checked against the schema', async ({ page }) => {
  const created = await page.request.post('/api/mcp-servers', { data: { name: 'results', url: fixture.url } });
  expect(created.status(), await created.text()).toBe(201);
  await newSession(page, MODELS.responses);

  const calls = JSON.stringify([
    { tool: 'results__screenshot', args: {} },
    { tool: 'results__find-docs', args: {} },
    { tool: 'results__weather', args: { city: 'Lyon' } },
  ]);
  await send(page, `Show me ${scenario('sequence', { calls, answer: 'Here is what I found.' })}`);
  await waitForRunEnd(page, 'completed');
  const cards = lastAssistant(page).getByTestId('tool-card');
  await expect(cards).toHaveCount(3);

  // The screenshot: its annotations' title, the server as a badge, the exact name in the details.
  const shotCard = cards.nth(0);
  await expect(shotCard.getByTestId('tool-title')).toHaveText('Take a screenshot');
  await expect(shotCard.getByTestId('tool-badge')).toHaveText('MCP · results');
  await shotCard.getByTestId('tool-toggle').click();
  await expect(shotCard.getByTestId('tool-name')).toHaveText('Tool results__screenshot · screenshot on MCP server results');
  const image = shotCard.getByTestId('rich-image');
  await expect(image).toHaveCount(1);
  await expect(image).toHaveAttribute('src', /^data:image\/png;base64,iVBORw0KGgo/);
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
  const refused = shotCard.getByTestId('rich-image-omitted');
  await expect(refused).toHaveCount(2);
  await expect(refused.nth(0)).toContainText('image/svg+xml is not an image type that is shown');
  await expect(refused.nth(1)).toContainText('text/html is not an image type that is shown');
  expect(await shotCard.locator('img').count()).toBe(1);
  expect(await page.evaluate(() => ({ svg: (window as { __svgRan?: number }).__svgRan, html: (window as { __htmlRan?: number }).__htmlRan }))).toEqual({});
  await shot(page, 'mcp-results-image-1280');

  // Links and the embedded resource.
  const docs = cards.nth(1);
  await expect(docs.getByTestId('tool-title')).toHaveText('find-docs');
  await docs.getByTestId('tool-toggle').click();
  const link = docs.getByRole('link', { name: 'Getting started' });
  await expect(link).toHaveAttribute('href', 'https://example.com/docs/getting-started');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(docs.locator('a[href^="javascript"]')).toHaveCount(0);
  const resource = docs.getByTestId('rich-resource');
  await expect(resource.locator('pre')).toBeHidden();
  await resource.locator('summary').click();
  await expect(resource.locator('pre')).toContainText('Marker FAQ-91c2');

  // Structured content with the output schema.
  const weather = cards.nth(2);
  await weather.getByTestId('tool-toggle').click();
  await expect(weather.getByTestId('rich-structured')).toContainText('"conditions": "sunny"');
  await weather.getByTestId('rich-output-schema').locator('summary').click();
  await expect(weather.getByTestId('rich-output-schema')).toContainText('"temperatureC"');
  await docs.scrollIntoViewIfNeeded();
  await shot(page, 'mcp-results-links-1280');

  // The same at 390 px: the image fits the card.
  await page.setViewportSize({ width: 390, height: 844 });
  await image.scrollIntoViewIfNeeded();
  const fits = await image.evaluate((img) => {
    const card = img.closest('[data-testid="tool-card"]')!.getBoundingClientRect();
    const box = img.getBoundingClientRect();
    return box.left >= card.left && box.right <= card.right;
  });
  expect(fits).toBe(true);
  await shot(page, 'mcp-results-image-390');
  await page.setViewportSize({ width: 1280, height: 820 });
  // scrollIntoViewIfNeeded at 390 px may have scrolled the document itself.
  await page.evaluate(() => window.scrollTo(0, 0));

  // An edited approval: a wrong value is refused with the schema's words, kept in the editor, and nothing runs.
  const before = fixture.records().filter((r) => r.type === 'call' && r.tool === 'get-sum').length;
  await send(page, `Add ${scenario('tool', { tool: 'results__get-sum', args: '{"a":1,"b":2}' })}`);
  const sum = page.locator('[data-testid="tool-card"][data-tool-name="results__get-sum"]');
  await expect(sum).toHaveAttribute('data-state', 'approval-requested');
  await expect(sum.getByTestId('tool-title')).toHaveText('Add two numbers');
  await expect(sum.getByTestId('approval-tool-name')).toHaveText('results__get-sum');
  await sum.getByTestId('edit-args').click();
  await sum.getByTestId('edit-args-input').fill('{"a": "five", "b": 2}');
  await sum.getByTestId('approve-button').click();
  await expect(sum.getByTestId('edit-args-error')).toHaveText('Invalid arguments for results__get-sum: /a must be number');
  await expect(sum.getByTestId('edit-args-input')).toHaveValue('{"a": "five", "b": 2}');
  await expect(sum).toHaveAttribute('data-state', 'approval-requested');
  await sum.scrollIntoViewIfNeeded();
  await shot(page, 'mcp-results-edit-refused-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await sum.getByTestId('edit-args-error').scrollIntoViewIfNeeded();
  // A long title gives way: the state badge stays inside the card.
  const badgeInside = await sum.getByTestId('tool-state').evaluate((badge) => badge.getBoundingClientRect().right <= badge.closest('[data-testid="tool-card"]')!.getBoundingClientRect().right);
  expect(badgeInside).toBe(true);
  // …and keeps room to be read.
  expect(await sum.getByTestId('tool-title').evaluate((title) => title.getBoundingClientRect().width)).toBeGreaterThanOrEqual(60);
  await shot(page, 'mcp-results-edit-refused-390');
  await page.setViewportSize({ width: 1280, height: 820 });
  // scrollIntoViewIfNeeded at 390 px may have scrolled the document itself.
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(fixture.records().filter((r) => r.type === 'call' && r.tool === 'get-sum').length).toBe(before);

  await sum.getByTestId('edit-args-input').fill('{"a": 5, "b": 2}');
  await expect(sum.getByTestId('edit-args-error')).toHaveCount(0);
  await sum.getByTestId('approve-button').click();
  await waitForRunEnd(page, 'completed');
  await expect(sum).toHaveAttribute('data-state', 'output-available');
  await expect(sum).toHaveAttribute('data-edited', 'true');
  await sum.getByTestId('tool-toggle').click();
  await expect(sum.getByTestId('tool-output')).toContainText('The sum of 5 and 2 is 7.');
  expect(fixture.records().filter((r) => r.type === 'call' && r.tool === 'get-sum').map((r) => r.arguments)).toEqual([{ a: 5, b: 2 }]);
});
