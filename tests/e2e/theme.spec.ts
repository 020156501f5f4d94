import { expect, test, type Page } from '@playwright/test';
import { lastAssistant, MODELS, newSession, scenario, send, shot, waitForHydration, waitForRunEnd } from './helpers';

/** Relative luminance (0 black … 1 white) of the page background. */
async function backgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });
}

test.describe('theme', () => {
  test.use({ colorScheme: 'light' });

  test('switching to dark applies the dark class and theme, and it persists across reloads and pages', async ({ page }) => {
    await newSession(page, MODELS.chat);
    await send(page, `Dark mode check ${scenario('tool', { tool: 'calculator', args: '{"expression":"6*7"}' })}`);
    await waitForRunEnd(page, 'completed');
    await expect(lastAssistant(page).getByTestId('tool-card')).toHaveAttribute('data-state', 'output-available');

    const html = page.locator('html');
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.8);

    await page.getByTestId('theme-dark').click();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page.getByTestId('theme-dark')).toHaveAttribute('aria-checked', 'true');
    // The chosen option is visibly marked (its background differs from the others').
    const background = (id: string) => page.getByTestId(id).evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect.poll(() => background('theme-dark')).not.toBe(await background('theme-light'));
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.2);
    await lastAssistant(page).getByTestId('tool-toggle').click();
    await shot(page, 'theme-dark');

    // Applied before the first paint on reload (no flash back to light), and kept on other pages.
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await waitForHydration(page);
    await expect(page.getByTestId('theme-dark')).toHaveAttribute('aria-checked', 'true');
    expect(await backgroundLuminance(page)).toBeLessThan(0.2);
    await page.goto('/');
    await expect(html).toHaveClass(/\bdark\b/);
    await shot(page, 'theme-dark-new-chat');

    // Back to light, which also persists.
    await waitForHydration(page);
    await page.getByTestId('theme-light').click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.8);
  });

  test('"system" follows the operating system\'s colour scheme', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByTestId('theme-system').click();
    await expect(page.getByTestId('theme-system')).toHaveAttribute('aria-checked', 'true');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).not.toHaveClass(/\bdark\b/);
  });
});
