import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { answerText, lastAssistant, shot, waitForHydration, waitForRunEnd } from './helpers';

/**
 * The "unconfigured" project: an app instance with no provider at all. It also
 * takes the README screenshot (docs/screenshot.png) when UPDATE_SCREENSHOT=1.
 */

const DEMO_MODEL_KEY = 'demo:demo-agent';

test.use({ colorScheme: 'light', viewport: { width: 1280, height: 820 } });

test.describe('setup screen (nothing configured)', () => {
  test('lists the environment variables that connect a provider', async ({ page }) => {
    await page.goto('/');
    const setup = page.getByTestId('setup-screen');
    await expect(setup).toBeVisible();
    await expect(setup.getByRole('heading', { name: 'Connect a model to start' })).toBeVisible();
    await expect(page.getByTestId('new-chat')).toHaveCount(0);

    const snippets = {
      openai: ['OPENAI_API_KEY=', 'OPENAI_BASE_URL', 'OPENAI_MODELS'],
      anthropic: ['ANTHROPIC_API_KEY=', 'ANTHROPIC_BASE_URL', 'ANTHROPIC_MODELS'],
      compatible: ['OPENAI_COMPATIBLE_BASE_URL=', 'OPENAI_COMPATIBLE_API_KEY', 'OPENAI_COMPATIBLE_MODELS'],
      ollama: ['ollama serve', 'OLLAMA_BASE_URL'],
      database: ['DATABASE_URL='],
    };
    for (const [option, variables] of Object.entries(snippets)) {
      const snippet = page.getByTestId(`setup-option-${option}`).getByTestId('env-snippet');
      await expect(snippet).toBeVisible();
      for (const variable of variables) await expect(snippet).toContainText(variable);
    }
    await expect(setup).toContainText('.env.local');
    await expect(setup).toContainText('DEFAULT_MODEL');
    await expect(page.getByTestId('try-demo')).toHaveText('Try the demo model');
    await shot(page, 'setup-screen', { fullPage: true });
  });

  test('"Try the demo model" opens a labelled demo session whose run streams reasoning, tool calls and a markdown answer', async ({ page }, testInfo) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByTestId('try-demo').click();
    await expect(page).toHaveURL(/\/s\/[\w-]+$/);

    // Clearly the offline demo, not an LLM.
    await expect(page.getByTestId('model-picker')).toHaveAttribute('data-model-key', DEMO_MODEL_KEY);
    await expect(page.getByTestId('model-picker')).toHaveText('Demo model (offline, scripted)');
    await expect(page.getByTestId('empty-session')).toContainText('offline demo model');
    await expect(page.getByText('Demo model: scripted answers, no LLM')).toBeVisible();

    // Start from the first example task.
    await waitForHydration(page);
    await page.getByTestId('example-prompt').first().click();
    const prompt = 'Work out (17 * 23) + 144 / 12 with the calculator, then explain each step.';
    await expect(page.getByTestId('composer-input')).toHaveValue(prompt);
    await page.getByTestId('send-button').click();
    await expect(page.getByTestId('message-user')).toHaveText(prompt);

    // Live: the reasoning block streams first (polled every frame: the demo is quick).
    await page.waitForFunction(() => document.querySelector('[data-testid="reasoning-block"][data-state="streaming"]'), null, { polling: 'raf' });
    const message = lastAssistant(page);
    const cards = message.getByTestId('tool-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toHaveAttribute('data-tool-name', 'get_current_time');
    await expect(cards.nth(1)).toHaveAttribute('data-tool-name', 'calculator');
    // ...and the answer streams in: its heading is there while the message is still streaming.
    await page.waitForFunction(
      () => {
        const last = [...document.querySelectorAll('[data-testid="message-assistant"]')].pop();
        return last?.getAttribute('data-streaming') === 'true' && last.querySelector('h2')?.textContent === 'Done';
      },
      null,
      { polling: 'raf' },
    );
    await shot(page, 'demo-streaming');

    await waitForRunEnd(page, 'completed');
    await expect(message.getByTestId('reasoning-block')).toHaveAttribute('data-state', 'done');
    await expect(message.getByTestId('reasoning-label')).toHaveText(/^Thought for \d+ s$/);
    await expect(cards.nth(0)).toHaveAttribute('data-state', 'output-available');
    await expect(cards.nth(1)).toHaveAttribute('data-state', 'output-available');
    await expect(cards.nth(0).getByTestId('current-time-summary')).toContainText('UTC');
    await expect(cards.nth(1).getByTestId('calculator-summary')).toHaveText('(17 * 23) + 144 / 12 = 403');
    const answer = answerText(message);
    await expect(answer.getByRole('heading', { level: 2, name: 'Done' })).toBeVisible();
    await expect(answer.locator('table')).toContainText('calculator');
    await expect(answer.locator('table')).toContainText('403');
    await expect(answer).toContainText('offline demo model');
    await expect(answer.locator('pre code')).toContainText('reason → call tools → read results → answer');

    // The README's screenshot: the finished demo run from the top (task, reasoning, tool cards,
    // the start of the answer), light theme, 1280×820.
    await page.mouse.move(0, 0);
    await page.getByTestId('message-user').evaluate((el) => {
      let node: HTMLElement | null = el.parentElement;
      while (node && !(node.scrollHeight > node.clientHeight && /auto|scroll/.test(getComputedStyle(node).overflowY))) node = node.parentElement;
      node?.scrollTo({ top: 0, behavior: 'instant' });
    });
    await expect(page.getByTestId('message-user')).toBeInViewport();
    await expect(cards.nth(1)).toBeInViewport();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    const target = process.env.UPDATE_SCREENSHOT === '1' ? path.resolve('docs/screenshot.png') : testInfo.outputPath('screenshot.png');
    mkdirSync(path.dirname(target), { recursive: true });
    // The scroll-to-bottom button (shown because the view is scrolled up) would cover the answer's text.
    await page.screenshot({ path: target, animations: 'disabled', caret: 'hide', style: '[data-testid="scroll-to-bottom"] { visibility: hidden !important; }' });
    await shot(page, 'demo-done');
  });

  test('at 390 px every provider card fits the screen: no text cut off at the right edge, the snippets scroll inside', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByTestId('setup-screen')).toBeVisible();
    const cards = page.locator('[data-testid^="setup-option-"]');
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    for (const card of await cards.all()) {
      const box = (await card.boundingBox())!;
      expect(box.x + box.width, (await card.getAttribute('data-testid')) ?? 'a card').toBeLessThanOrEqual(390);
      // The description wraps within the card instead of running past it.
      const text = card.locator('p').first();
      expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect((await text.boundingBox())!.x + (await text.boundingBox())!.width).toBeLessThanOrEqual(box.x + box.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'setup-screen-390', { fullPage: true });
  });
});
