import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { answerText, lastAssistant, MODELS, newSession, scenario, send, shot, waitForRunEnd } from './helpers';

/**
 * Share links in the browser: the public page is rendered on the server, read
 * in a fresh browser context (no cookie) with JavaScript off, carries Open
 * Graph tags, shows no planted secret, and stops working when revoked;
 * "Fork into my playground" copies it into a new session.
 */

const PLANTED_KEY = 'sk-proj-e2ePlantedShareKey0123456789';

async function makeShare(request: APIRequestContext, sessionId: string, body: Record<string, unknown> = {}) {
  const preview = await request.post(`/api/sessions/${sessionId}/shares/preview`, { data: {} });
  expect(preview.status()).toBe(200);
  const { findings } = (await preview.json()).preview as { findings: Array<{ id: string; kind: string }> };
  const redact = findings.filter((f) => f.kind === 'provider-key').map((f) => f.id);
  expect(redact.length).toBeGreaterThan(0);
  const response = await request.post(`/api/sessions/${sessionId}/shares`, { data: { redact, ...body } });
  expect(response.status()).toBe(201);
  return (await response.json()).share as { id: string; url: string };
}

async function viewer(browser: Browser, javaScriptEnabled: boolean, width = 1280) {
  // A separate context: no cookie, no storage of the owner's.
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: width > 500 ? 800 : 844 } });
  return { context, page: await context.newPage() };
}

test.describe('share links', () => {
  test('the page renders on the server without JavaScript, with Open Graph tags and without the planted key; revoking it makes it a 404', async ({ page, browser }) => {
    const sessionId = await newSession(page, MODELS.chat);
    await send(page, `My key is ${PLANTED_KEY}, remember it ${scenario('text')}`);
    await waitForRunEnd(page, 'completed');
    await expect(answerText(lastAssistant(page))).toContainText('Scripted answer');
    const share = await makeShare(page.request, sessionId);
    expect(share.url).toMatch(/^\/share\/[A-Za-z0-9_-]{32}$/);

    for (const width of [1280, 390]) {
      const { context, page: reader } = await viewer(browser, false, width);
      const response = await reader.goto(share.url);
      expect(response?.status()).toBe(200);
      await expect(reader.getByTestId('share-title')).toBeVisible();
      await expect(reader.getByTestId('transcript')).toContainText('Scripted answer');
      await expect(reader.getByTestId('transcript')).toContainText('[REDACTED]');
      expect(await reader.content()).not.toContain(PLANTED_KEY);
      // Nothing on the page changes the session: no composer, no approve, no pin.
      await expect(reader.getByTestId('composer-input')).toHaveCount(0);
      await expect(reader.getByTestId('approve-button')).toHaveCount(0);
      await expect(reader.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
      await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await shot(reader, `share-page-${width}`);
      await context.close();
    }

    expect((await page.request.delete(`/api/shares/${share.id}`, { headers: { 'content-type': 'application/json' } })).status()).toBe(200);
    // 404 for every client; the page that explains it is drawn by the app's script.
    const { context, page: reader } = await viewer(browser, true);
    const gone = await reader.goto(share.url);
    expect(gone?.status()).toBe(404);
    await expect(reader.getByTestId('share-not-found')).toBeVisible();
    await expect(reader.getByTestId('shared-session')).toHaveCount(0);
    await context.close();
  });

  test('"Fork into my playground" copies the shared session into a new one and opens it', async ({ page, browser }) => {
    const sessionId = await newSession(page, MODELS.chat);
    await send(page, `Fork me, key ${PLANTED_KEY} ${scenario('text')}`);
    await waitForRunEnd(page, 'completed');
    const share = await makeShare(page.request, sessionId);

    const { context, page: reader } = await viewer(browser, true);
    await reader.goto(share.url);
    await reader.getByTestId('share-fork').click();
    await expect(reader).toHaveURL(/\/s\/[^/]+$/);
    const forkId = new URL(reader.url()).pathname.split('/').pop();
    expect(forkId).not.toBe(sessionId);
    await expect(answerText(lastAssistant(reader))).toContainText('Scripted answer');
    await expect(reader.getByTestId('transcript')).toContainText('[REDACTED]');
    await expect(reader.getByTestId('transcript')).not.toContainText(PLANTED_KEY);
    await context.close();
  });

  test('the share dialog: a preview of exactly what is shared, the planted key found and redacted in one click, then a link that shows it redacted; the links list revokes it', async ({ page, browser }) => {
    const sessionId = await newSession(page, MODELS.chat);
    await send(page, `Deploy with ${PLANTED_KEY} ${scenario('text')}`);
    await waitForRunEnd(page, 'completed');
    await page.getByTestId('share-button').click();
    const dialog = page.getByTestId('share-dialog');
    await expect(dialog.getByTestId('share-preview-transcript')).toContainText('Scripted answer');
    // The key in the messages, and its cut-off copy in the automatic title: two findings.
    const findings = dialog.locator('[data-testid="share-finding"][data-kind="provider-key"]');
    await expect(findings.first()).toHaveAttribute('data-redacted', 'false');
    await expect(dialog.getByTestId('share-preview-transcript')).toContainText(PLANTED_KEY);
    await shot(page, 'share-dialog-finding');
    await findings.first().getByTestId('share-redact').click();
    await expect(findings.first()).toHaveAttribute('data-redacted', 'true');
    await dialog.getByTestId('share-redact-all').click();
    for (const finding of await findings.all()) await expect(finding).toHaveAttribute('data-redacted', 'true');
    await expect(dialog.getByTestId('share-preview-transcript')).not.toContainText(PLANTED_KEY);
    await expect(dialog.getByTestId('share-publish')).toBeEnabled();
    await dialog.getByTestId('share-publish').click();
    const link = dialog.getByTestId('share-link');
    await expect(link).toHaveValue(/\/share\/[A-Za-z0-9_-]{32}$/);
    const url = new URL(await link.inputValue());
    await shot(page, 'share-dialog-published');

    const { context, page: reader } = await viewer(browser, false);
    await reader.goto(url.pathname);
    await expect(reader.getByTestId('transcript')).toContainText('Deploy with [REDACTED]');
    expect(await reader.content()).not.toContain(PLANTED_KEY);
    await context.close();

    await dialog.getByTestId('share-tab-links').click();
    const item = dialog.getByTestId('share-item').first();
    await expect(item).toHaveAttribute('data-state', 'active');
    await item.getByTestId('share-revoke').click();
    await expect(item).toHaveAttribute('data-state', 'revoked');
    const after = await page.request.get(url.pathname);
    expect(after.status()).toBe(404);
    const listed = await page.request.get(`/api/sessions/${sessionId}/shares`);
    expect((await listed.json()).shares[0]).toMatchObject({ revokedAt: expect.any(Number) });
  });

  test('planted secrets in a tool output, an MCP header and a server env value: the scan finds the tool output one, the others never appear', async ({ page, browser }) => {
    const ENV_VALUE = 'planted-e2e-env-secret-51f0c2';
    const HEADER_VALUE = `mcp-header-${Date.now()}-value`;
    const TOOL_KEY = 'sk-proj-e2eToolOutputKey0123456789xyz';
    const server = await page.request.post('/api/mcp-servers', {
      data: { name: `vault-${Date.now().toString(36)}`, transport: 'http', url: 'http://127.0.0.1:9/mcp', headers: [{ name: 'authorization', value: HEADER_VALUE }] },
    });
    expect(server.status(), await server.text()).toBe(201);
    // Turned off: the session never calls it; its header value must stay out of shares all the same.
    await page.request.patch(`/api/mcp-servers/${(await server.json()).server.id}`, { data: { enabled: false } });

    const sessionId = await newSession(page, MODELS.chat);
    await page.request.patch(`/api/sessions/${sessionId}`, { data: { permissionMode: 'accept-edits' } });
    await page.reload();
    await send(page, `Values ${ENV_VALUE} and ${HEADER_VALUE} ${scenario('tool', { tool: 'write_file', args: JSON.stringify({ path: 'creds.txt', content: `key=${TOOL_KEY}` }) })}`);
    await waitForRunEnd(page, 'completed');

    const preview = await page.request.post(`/api/sessions/${sessionId}/shares/preview`, { data: {} });
    const { snapshot, findings } = (await preview.json()).preview as { snapshot: unknown; findings: Array<{ id: string; kind: string; where: string[] }> };
    const previewText = JSON.stringify(snapshot);
    expect(previewText).not.toContain(ENV_VALUE);
    expect(previewText).not.toContain(HEADER_VALUE);
    const toolFinding = findings.find((f) => f.kind === 'provider-key' && f.where.some((w) => w.includes('tool call')));
    expect(toolFinding, JSON.stringify(findings)).toBeDefined();

    const created = await page.request.post(`/api/sessions/${sessionId}/shares`, { data: { redact: findings.map((f) => f.id) } });
    const share = (await created.json()).share as { url: string };
    const { context, page: reader } = await viewer(browser, false);
    await reader.goto(share.url);
    await expect(reader.getByTestId('shared-session')).toBeVisible();
    const html = await reader.content();
    for (const secret of [ENV_VALUE, HEADER_VALUE, TOOL_KEY]) expect(html).not.toContain(secret);
    await context.close();
  });
});
