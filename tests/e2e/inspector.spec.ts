import { expect, test } from '@playwright/test';
import { CONFIGURED_API_KEY, lastAssistant, MODELS, newSession, scenario, send, shot, uniqueId, waitForRunEnd } from './helpers';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** `'…'` as written by toCurl's shell quoting → the original text. */
function shellUnquote(quoted: string): string {
  expect(quoted.startsWith("'") && quoted.endsWith("'")).toBe(true);
  return quoted.slice(1, -1).replace(/'\\''/g, "'");
}

test.describe('inspector', () => {
  test('after a tool run the inspector lists the steps, shows the exact request without the API key, and copies it as curl', async ({ page }) => {
    // Everything the browser receives from the app, to check that the key is in none of it.
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/_next/static')) return;
      bodies.push(response.text().catch(() => ''));
    });

    await newSession(page, MODELS.responses);
    const phrase = `Inspect this run ${uniqueId()}`;
    await send(page, `${phrase} ${scenario('tool', { tool: 'calculator', args: '{"expression":"6*7"}' })}`);
    await waitForRunEnd(page, 'completed');
    await expect(lastAssistant(page).getByTestId('tool-card')).toHaveAttribute('data-state', 'output-available');

    await page.getByTestId('inspector-toggle').click();
    const panel = page.getByTestId('inspector-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('inspector-run')).toHaveCount(1);
    await expect(panel.getByTestId('inspector-run')).toHaveAttribute('data-status', 'completed');

    // Two model calls: the one that asked for the tool, and the one that answered.
    const steps = panel.getByTestId('inspector-step');
    await expect(steps).toHaveCount(2);
    await expect(steps.nth(0)).toContainText('Step 1');
    await expect(steps.nth(0)).toContainText('tool-calls');
    await expect(steps.nth(1)).toContainText('Step 2');
    await expect(steps.nth(1)).toContainText('stop');

    // The request as sent: the user's message, the model, the declared tools.
    const request = steps.nth(0).getByTestId('inspector-section-request');
    await expect(request).toBeVisible();
    await expect(request).toContainText(phrase);
    await expect(request).toContainText('scripted-responses');
    await expect(request).toContainText('calculator');
    // The second call carries the tool result back to the model.
    await expect(steps.nth(1).getByTestId('inspector-section-request')).toContainText('"result\\":42');
    await shot(page, 'inspector');

    // The other sections open too.
    await steps.nth(0).getByTestId('inspector-tab-tools').click();
    await expect(steps.nth(0).getByTestId('inspector-section-tools')).toContainText('calculator');
    await steps.nth(0).getByTestId('inspector-tab-usage').click();
    await expect(steps.nth(0).getByTestId('inspector-section-usage')).toContainText('inputTokens');

    // "Copy as curl": a runnable command that reads the key from the environment.
    await steps.nth(0).getByTestId('copy-curl').click();
    await expect(steps.nth(0).getByTestId('copy-curl')).toHaveAttribute('data-copied', 'true');
    const curl = await page.evaluate(() => navigator.clipboard.readText());
    const scriptedPort = process.env.E2E_SCRIPTED_PORT ?? '4010';
    expect(curl).toMatch(new RegExp(`^curl 'http://127\\.0\\.0\\.1:${scriptedPort}/v1/responses' \\\\\n`));
    expect(curl).toContain(`-H "Authorization: Bearer $OPENAI_API_KEY"`);
    expect(curl).not.toContain(CONFIGURED_API_KEY);
    const data = JSON.parse(shellUnquote(curl.slice(curl.indexOf(' -d ') + 4)));
    expect(data.model).toBe('scripted-responses');
    expect(JSON.stringify(data.input)).toContain(phrase);
    // Sent as is, the body is a valid request: the scripted server answers it like the app's own call.
    const replay = await page.request.post(`http://127.0.0.1:${scriptedPort}/v1/responses`, {
      data,
      headers: { authorization: 'Bearer test' },
    });
    expect(replay.status()).toBe(200);
    expect(await replay.text()).toContain('"name":"calculator"');

    // The key is nowhere: not in the page, not in anything the app sent to the browser.
    expect(await page.content()).not.toContain(CONFIGURED_API_KEY);
    const texts = await Promise.all(bodies);
    expect(texts.length).toBeGreaterThan(5);
    for (const text of texts) expect(text).not.toContain(CONFIGURED_API_KEY);
    const runs = await (await page.request.get(page.url().replace('/s/', '/api/sessions/') + '/runs')).json();
    const stepsJson = await (await page.request.get(`/api/runs/${runs.runs[0].id}/steps`)).text();
    expect(stepsJson).toContain(phrase);
    expect(stepsJson).not.toContain(CONFIGURED_API_KEY);
  });
});
