import { expect, test, type Page } from '@playwright/test';
import { answerText, lastAssistant, MODELS, newSession, openSession, scenario, send, shot, waitForRunEnd } from './helpers';

/**
 * The markdown renderer and the session's panels are chunks of their own, outside the page's first load
 * (components/chat/markdown.tsx, components/chat/session-sheets.tsx): each arrives when something needs it,
 * under the page's CSP, and works as before once there.
 */

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** A string only the markdown renderer's chunk holds (Streamdown's copy button), and one only the inspector's. */
const MARKDOWN_CHUNK = 'code-block-copy-button';
const INSPECTOR_CHUNK = 'inspector-panel';

const CODE = 'const answer = 42;';
const ANSWER = [
  'Here is the code:',
  '',
  '```ts',
  CODE,
  '```',
  '',
  '| name | value |',
  '| --- | --- |',
  '| answer | **42** |',
  '',
  'And some math: $$e^{i\\pi} + 1 = 0$$',
].join('\n');

/** Every script the page fetched, with its body, and the browser's CSP complaints. */
function watchScripts(page: Page) {
  const bodies: Promise<string>[] = [];
  const violations: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  return {
    violations,
    async loaded(marker: string): Promise<boolean> {
      return (await Promise.all(bodies)).some((body) => body.includes(marker));
    },
  };
}

test('markdown and the panels load when they are needed, under the CSP, and work once there', async ({ page }) => {
  const scripts = watchScripts(page);
  const id = await newSession(page, MODELS.chat);
  // An empty session renders no markdown and no panel: neither chunk comes with the page (none of the scripts its
  // HTML names holds them). The renderer's arrives once the page is idle, so the first reply finds it there.
  const emptyHtml = await (await page.request.get(`/s/${id}`)).text();
  const firstLoad = await Promise.all([...emptyHtml.matchAll(/<script[^>]*src="([^"]+)"/g)].map(async ([, src]) => (await page.request.get(src)).text()));
  expect(firstLoad.length).toBeGreaterThan(0);
  expect(firstLoad.some((body) => body.includes(MARKDOWN_CHUNK) || body.includes(INSPECTOR_CHUNK))).toBe(false);
  expect(await scripts.loaded(INSPECTOR_CHUNK)).toBe(false);
  await expect.poll(() => scripts.loaded(MARKDOWN_CHUNK)).toBe(true);

  // The marker is one line: its newlines go percent-encoded (after scenario() has encoded the rest).
  await send(page, `Show me code ${scenario('text', { text: ANSWER }).replaceAll('\n', '%0A')}`);
  await waitForRunEnd(page, 'completed');
  const answer = answerText(lastAssistant(page));
  const codeBlock = answer.locator('[data-streamdown="code-block"]');
  await expect(codeBlock).toContainText(CODE);
  await expect(answer.locator('[data-streamdown="table"]')).toContainText('answer');
  expect(await scripts.loaded(MARKDOWN_CHUNK)).toBe(true);
  await codeBlock.locator('[data-streamdown="code-block-copy-button"]').click();
  await expect.poll(() => page.evaluate(async () => (await navigator.clipboard.readText()).trimEnd())).toBe(CODE);
  await shot(page, 'markdown-lazy-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'markdown-lazy-390');
  await page.setViewportSize({ width: 1280, height: 820 });

  // The inspector's code comes when it opens (or when the pointer reaches its button).
  await page.getByTestId('inspector-toggle').click();
  await expect(page.getByTestId('inspector-panel')).toBeVisible();
  expect(await scripts.loaded(INSPECTOR_CHUNK)).toBe(true);
  await expect(page.getByTestId('panel-loading')).toHaveCount(0);

  // A reload: the server's HTML has the formatted message (after the plain text it replaces: markdown.tsx), and
  // its preloads of the chunks, the renderer's among them, carry the page's nonce.
  const response = await page.request.get(`/s/${id}`);
  const html = await response.text();
  expect(html).toContain('data-streamdown="code-block"');
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
  const preloads = [...html.matchAll(/<link[^>]*rel="preload"[^>]*as="script"[^>]*>/g)].map((match) => match[0]);
  expect(preloads.length).toBeGreaterThan(0);
  for (const link of preloads) expect(link).toContain(`nonce="${nonce}"`);
  // The renderer's chunk is among them (Next finds it only from an import written inside dynamic()): without it the
  // browser asked for the chunk after hydrating, and on a busy server it came after a message sent at once.
  const preloaded = await Promise.all(preloads.map(async (link) => (await page.request.get(/href="([^"]+)"/.exec(link)![1]!)).text()));
  expect(preloaded.some((body) => body.includes(MARKDOWN_CHUNK))).toBe(true);

  await openSession(page, id);
  await expect(page.locator('[data-markdown-pending]')).toHaveCount(0);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await answerText(lastAssistant(page)).locator('[data-streamdown="code-block-copy-button"]').click();
  await expect.poll(() => page.evaluate(async () => (await navigator.clipboard.readText()).trimEnd())).toBe(CODE);
  expect(scripts.violations).toEqual([]);
});
