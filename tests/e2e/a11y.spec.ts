import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { docShot } from './doc-shots';
import { lastAssistant, MODELS, newSession, scenario, send, waitForHydration, waitForRunEnd } from './helpers';

/**
 * Accessibility: axe-core (WCAG 2.0/2.1 A and AA rules) finds no serious or critical violation on the main page (a
 * session with messages and tool cards), the settings pages and the session settings, the inspector, compare (two
 * columns that have streamed an answer) and a share page, in the light and the dark theme (every rule in the first theme
 * scanned, the colour rules in the second: the DOM is the same). A violation's message names the rule, the nodes and how to fix it.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What a theme changes: colours. The page's second theme is scanned with these rules only (the DOM is the same). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function expectNoSeriousViolations(page: Page, where: string, { include, coloursOnly = false }: { include?: string; coloursOnly?: boolean } = {}) {
  let builder = coloursOnly ? new AxeBuilder({ page }).withRules(COLOUR_RULES) : new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n')}`);
  // Soft: one run lists every page's violations, and the test still fails.
  expect.soft(report, `${where}: axe found serious or critical violations`).toEqual([]);
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.getByTestId(`theme-${theme}`).click();
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

test.use({ colorScheme: 'light' });

test('no serious or critical axe violations on the main page, settings, inspector, compare and a share page, light and dark', async ({ page, browser }) => {
  // Fourteen scans of whole pages: room for a busy machine (it takes about 25 s on an idle one).
  test.setTimeout(120_000);
  const sessionId = await newSession(page, MODELS.chat, 'Accessibility check');
  await send(page, `Add these up ${scenario('tool', { tool: 'calculator', args: '{"expression":"6*7"}' })}`);
  await waitForRunEnd(page, 'completed');
  await expect(lastAssistant(page).getByTestId('tool-card')).toHaveAttribute('data-state', 'output-available');
  await lastAssistant(page).getByTestId('tool-toggle').click();

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expectNoSeriousViolations(page, `session page (${theme})`, { coloursOnly: theme === 'dark' });
    await docShot(page, `session-${theme}`);

    await page.getByTestId('inspector-toggle').click();
    const inspector = page.getByTestId('inspector-panel');
    await expect(inspector.getByTestId('inspector-run')).toHaveCount(1);
    await expect(inspector.getByTestId('inspector-step').first()).toBeVisible();
    await expectNoSeriousViolations(page, `inspector (${theme})`, { include: '[data-testid="inspector-panel"]', coloursOnly: theme === 'dark' });
    await docShot(page, `inspector-${theme}`);
    await page.keyboard.press('Escape');
    await expect(inspector).toBeHidden();

    await page.getByTestId('settings-toggle').click();
    const settings = page.getByRole('dialog');
    await expect(settings).toBeVisible();
    await expectNoSeriousViolations(page, `session settings (${theme})`, { include: '[role="dialog"]', coloursOnly: theme === 'dark' });
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
  }

  for (const path of ['/settings/mcp-servers', '/settings/providers']) {
    await page.goto(path);
    await waitForHydration(page);
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await expectNoSeriousViolations(page, `${path} (${theme})`, { coloursOnly: theme === 'light' });
    }
  }

  // Compare, with two columns that have streamed an answer.
  await page.goto('/compare');
  await waitForHydration(page);
  const setups = page.getByTestId('compare-column-setup');
  await expect(setups).toHaveCount(2);
  for (const [index, modelKey] of [MODELS.responses, MODELS.chat].entries()) {
    await setups.nth(index).getByTestId('model-picker').click();
    await page.locator(`[data-testid="model-option"][data-model-key="${modelKey}"]`).click();
    await expect(setups.nth(index).getByTestId('model-picker')).toHaveAttribute('data-model-key', modelKey);
  }
  await page.getByTestId('composer-input').fill(`Compare, accessibly ${scenario('default')}`);
  await page.getByTestId('send-button').click();
  await page.waitForURL(/\/compare\/cmp/);
  const columns = page.getByTestId('compare-column');
  await expect(columns).toHaveCount(2);
  for (const column of await columns.all()) {
    await expect(column.getByTestId('run-end')).toBeAttached({ timeout: 30_000 });
    await expect(column.getByTestId('compare-stats')).not.toHaveAttribute('data-live', 'true');
  }
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expectNoSeriousViolations(page, `compare (${theme})`, { coloursOnly: theme === 'dark' });
  }

  // A share page, read by someone without the owner's cookie, in both colour schemes (it follows the system's).
  const created = await page.request.post(`/api/sessions/${sessionId}/shares`, { data: { redact: [] } });
  expect(created.status(), await created.text()).toBe(201);
  const { share } = (await created.json()) as { share: { url: string } };
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme });
    const reader = await context.newPage();
    await reader.goto(share.url);
    await expect(reader.getByTestId('message-assistant').first()).toBeVisible();
    await expectNoSeriousViolations(reader, `share page (${colorScheme})`, { coloursOnly: colorScheme === 'dark' });
    await context.close();
  }
});
