import { expect, test, type Browser, type Page } from '@playwright/test';
import { createSession, expectRenderedMarkdown, lastAssistant, MODELS, newSession, scenario, send, waitForHydration, waitForRunEnd } from './helpers';

/**
 * The Content-Security-Policy with nonces (proxy.ts), in a real Chromium: the pages the
 * app has (a streamed answer with markdown and a code block, the MCP settings, a share
 * page with and without JavaScript, the dark theme) run without a single violation, and
 * the policy is really enforced: a script without the nonce is refused, and reported.
 */

interface ViolationWatch {
  /** Every violation so far: the browser's console lines and, with JavaScript on, the DOM events. */
  all(): Promise<string[]>;
}

/** Collects CSP violations from the console (also logged with JavaScript off) and from `securitypolicyviolation` events. */
async function watchViolations(page: Page, javaScriptEnabled = true): Promise<ViolationWatch> {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) logged.push(message.text());
  });
  if (javaScriptEnabled) {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as { __cspViolations?: string[] }).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}`));
    });
  }
  return {
    async all() {
      const events = javaScriptEnabled ? await page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations ?? []) : [];
      return [...logged, ...events];
    },
  };
}

/** The nonce of a page response's policy. */
function nonceOf(policy: string | undefined): string {
  const match = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? '');
  expect(match, `no nonce in ${policy}`).not.toBeNull();
  return match![1];
}

async function viewer(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  return { context, page: await context.newPage() };
}

test.describe('content security policy', () => {
  test('every page gets a fresh nonce that every script it sends carries', async ({ page, request }) => {
    const first = await request.get('/');
    const second = await request.get('/');
    const policy = first.headers()['content-security-policy'];
    expect(policy).toContain("script-src 'self' 'nonce-");
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toContain("form-action 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(nonceOf(policy)).not.toBe(nonceOf(second.headers()['content-security-policy']));

    const response = await page.goto('/');
    const nonce = nonceOf(response?.headers()['content-security-policy']);
    const tags = (await response!.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(3);
    expect(tags.filter((tag) => !tag.includes(` nonce="${nonce}"`))).toEqual([]);
    // The page runs: its scripts were allowed (the theme toggle appears once React hydrated).
    await waitForHydration(page);
  });

  test('the home page, a streamed answer with markdown and code, the MCP settings and the dark theme run without a violation', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/');
    await waitForHydration(page);

    await newSession(page, MODELS.chat);
    await send(page, `Show me markdown ${scenario('text')}`);
    await waitForRunEnd(page, 'completed');
    await expectRenderedMarkdown(lastAssistant(page));

    await page.getByTestId('theme-dark').click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    // The theme script runs before the first paint, with the nonce.
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await waitForHydration(page);

    await page.goto('/settings/mcp-servers');
    await waitForHydration(page);
    await page.getByTestId('theme-light').click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await violations.all()).toEqual([]);
  });

  test('a share page, with JavaScript and without, runs without a violation', async ({ page, browser }) => {
    const sessionId = await createSession(page.request, MODELS.chat);
    await page.goto(`/s/${sessionId}`);
    await waitForHydration(page);
    await send(page, `Answer for a share ${scenario('text')}`);
    await waitForRunEnd(page, 'completed');
    const created = await page.request.post(`/api/sessions/${sessionId}/shares`, { data: {} });
    expect(created.status()).toBe(201);
    const { url } = (await created.json()).share as { url: string };

    for (const javaScriptEnabled of [true, false]) {
      const { context, page: reader } = await viewer(browser, javaScriptEnabled);
      const violations = await watchViolations(reader, javaScriptEnabled);
      const response = await reader.goto(url);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await expect(reader.getByTestId('transcript')).toContainText('Scripted answer');
      // Styled by the stylesheet (a blocked one would leave the heading at the browser's default weight).
      const weight = await reader.getByTestId('share-title').evaluate((el) => getComputedStyle(el).fontWeight);
      expect(Number(weight)).toBeGreaterThanOrEqual(600);
      if (javaScriptEnabled) await expect(reader.getByTestId('share-fork')).toBeEnabled();
      expect(await violations.all(), javaScriptEnabled ? 'with JavaScript' : 'without JavaScript').toEqual([]);
      await context.close();
    }
  });

  test('the not-found pages (an unknown path, session and share link) render with the nonce and without a violation', async ({ page }) => {
    const violations = await watchViolations(page);
    for (const url of ['/no/such/page', '/s/no-such-session-000000', '/share/not-a-real-token-000000000000']) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      const nonce = nonceOf(response?.headers()['content-security-policy']);
      await expect(page.locator('h1', { hasText: /does not (exist|work)/ }), url).toBeVisible();
      // Every script the server sent carries the nonce (React may add more on the client, which the nonced ones are trusted to load).
      const tags = (await response!.text()).match(/<script\b[^>]*>/g) ?? [];
      expect(tags.length, url).toBeGreaterThan(0);
      expect(tags.filter((tag) => !tag.includes(` nonce="${nonce}"`)), url).toEqual([]);
    }
    expect(await violations.all()).toEqual([]);
  });

  test('injected markup cannot run script: an inline handler and code from a string are refused, and reported', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/');
    await waitForHydration(page);
    // What an HTML injection would try: markup with an inline event handler (an image that fails to load).
    await page.evaluate(() => {
      const holder = document.createElement('div');
      holder.innerHTML = '<img alt="" src="data:image/png;base64,AAAA" onerror="window.__injected = true">';
      document.body.append(holder);
    });
    await expect.poll(() => violations.all()).toContainEqual(expect.stringMatching(/^script-src-attr blocked/));
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
    // And code from a string (eval, a string timer), which only the development server allows. The timer's
    // string runs in the page later, where the policy applies (DevTools' own evaluation is exempt from it).
    await page.evaluate(() => {
      (setTimeout as (code: string, ms: number) => number)('window.__fromString = true', 0);
    });
    await expect.poll(() => violations.all()).toContainEqual(expect.stringMatching(/^script-src blocked eval/));
    expect(await page.evaluate(() => (window as { __fromString?: boolean }).__fromString)).toBeUndefined();
  });
});
