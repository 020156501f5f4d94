import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { createSession, MODELS, scenario, send, shot, waitForHydration, waitForRunEnd } from './helpers';

/**
 * Embedding share pages on other sites: the owner turns it on in the share dialog and
 * copies the <iframe> code; a page on another origin (a tiny server this test starts on
 * another port) then shows that share in a frame, while a share without embedding is
 * refused by the browser (frame-ancestors 'none', X-Frame-Options DENY). Turning
 * embedding off again in the links list makes the browser refuse it too.
 */

/** Serves one HTML page, on 127.0.0.1 at a port of its own: another origin than the app. */
async function startOtherSite(): Promise<{ url: string; setPage: (html: string) => void; close: () => Promise<void> }> {
  let body = '<!doctype html><title>empty</title>';
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    setPage: (html) => (body = html),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Console lines saying the browser refused to show a page in a frame. */
function watchFramingRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors|X-Frame-Options/i.test(message.text())) refusals.push(message.text());
  });
  return refusals;
}

test.describe('embedding share pages', () => {
  test('an embeddable share loads in a frame on another site, one without embedding is refused, and turning it off refuses it too', async ({ page, browser, baseURL }) => {
    const sessionId = await createSession(page.request, MODELS.chat, 'Embedded session');
    await page.goto(`/s/${sessionId}`);
    await waitForHydration(page);
    await send(page, `An answer to embed ${scenario('text')}`);
    await waitForRunEnd(page, 'completed');

    // The owner allows embedding when publishing and gets the code to paste.
    await page.getByTestId('share-button').click();
    const dialog = page.getByTestId('share-dialog');
    const embedSwitch = dialog.getByTestId('share-allow-embed');
    await expect(embedSwitch).toHaveAttribute('aria-checked', 'false');
    await expect(dialog).toContainText('Other websites may show this page in a frame');
    await embedSwitch.click();
    await expect(embedSwitch).toHaveAttribute('aria-checked', 'true');
    await expect(dialog.getByTestId('share-publish')).toBeEnabled();
    await dialog.getByTestId('share-publish').click();
    const code = await dialog.getByTestId('share-embed-code').inputValue();
    const link = await dialog.getByTestId('share-link').inputValue();
    expect(code).toBe(`<iframe src="${link}" title="Shared agent session" width="100%" height="640" style="border:0" loading="lazy"></iframe>`);
    expect(link.startsWith(`${baseURL}/share/`)).toBe(true);
    await shot(page, 'share-embed-code');

    const embeddable = await page.request.get(link);
    expect(embeddable.headers()['content-security-policy']).toContain('frame-ancestors *');
    expect(embeddable.headers()['x-frame-options']).toBeUndefined();

    const plain = await page.request.post(`/api/sessions/${sessionId}/shares`, { data: {} });
    expect(plain.status()).toBe(201);
    const plainUrl = `${baseURL}${((await plain.json()).share as { url: string }).url}`;
    const plainHeaders = (await page.request.get(plainUrl)).headers();
    expect(plainHeaders['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(plainHeaders['x-frame-options']).toBe('DENY');

    const site = await startOtherSite();
    try {
      site.setPage(
        `<!doctype html><title>Another site</title><h1>Another site</h1>` +
          `<div id="embeddable">${code}</div>` +
          `<div id="plain"><iframe src="${plainUrl}" title="Not embeddable" width="100%" height="300"></iframe></div>`,
      );
      const context = await browser.newContext();
      const visitor = await context.newPage();
      const refusals = watchFramingRefusals(visitor);
      await visitor.goto(site.url);
      await expect(visitor.frameLocator('#embeddable iframe').getByTestId('share-title')).toHaveText('Embedded session');
      await expect(visitor.frameLocator('#embeddable iframe').getByTestId('transcript')).toContainText('Scripted answer');
      // The browser names the framed origin and the directive; the frame shows nothing of the share.
      await expect.poll(() => refusals.filter((line) => line.includes(`Framing '${baseURL}/'`) && line.includes("frame-ancestors 'none'")).length).toBe(1);
      await expect(visitor.frameLocator('#plain iframe').getByTestId('share-title')).toHaveCount(0);
      await shot(visitor, 'share-embedded-on-another-site');

      // The owner stops embedding from the links list: the other site's frame is refused from now on.
      await dialog.getByTestId('share-tab-links').click();
      const embeddableItems = dialog.locator('[data-testid="share-item"]').filter({ has: page.getByTestId('share-embeddable') });
      await expect(embeddableItems).toHaveCount(1);
      const item = dialog.locator(`[data-testid="share-item"][data-share-id="${await embeddableItems.getAttribute('data-share-id')}"]`);
      await item.getByTestId('share-embed-toggle').click();
      await expect(dialog.getByTestId('share-embeddable')).toHaveCount(0);
      await expect(item.getByTestId('share-embed-toggle')).toHaveText(/Allow embedding/);

      refusals.length = 0;
      await visitor.reload();
      await expect.poll(() => refusals.filter((line) => line.includes(`Framing '${baseURL}/'`)).length).toBe(2);
      await expect(visitor.frameLocator('#embeddable iframe').getByTestId('share-title')).toHaveCount(0);
      await context.close();
    } finally {
      await site.close();
    }
  });
});
