import { expect, test } from '@playwright/test';
import { docShot } from './doc-shots';
import { MODELS, newSession, scenario, send, shot, uniqueId, waitForRunEnd } from './helpers';

/**
 * The session settings reach the model: temperature and the system prompt set in the sheet are in the
 * request the scripted server receives next, a built-in tool switched off is not sent, and a setting the
 * model does not take is disabled with the reason. The model picker shows window, price and badges.
 */

const scriptedOrigin = `http://127.0.0.1:${process.env.E2E_SCRIPTED_PORT ?? 4010}`;

interface Recorded {
  api: string;
  body: { temperature?: number; tools?: Array<{ name?: string; function?: { name: string } }> } & Record<string, unknown>;
}

test('temperature, system prompt and tool switches set in the sheet reach the next request; unsupported settings say why', async ({ page }) => {
  const marker = `pirate-${uniqueId()}`;
  const id = await newSession(page, MODELS.responses);

  // The picker: grouped by provider, each model with its window and what it takes.
  await page.getByTestId('model-picker').click();
  const menu = page.getByTestId('model-picker-menu');
  for (const provider of ['OpenAI', 'Scripted', 'Anthropic', 'Offline']) await expect(menu.getByRole('group', { name: provider })).toBeVisible();
  await expect(menu.locator(`[data-model-key="${MODELS.anthropic}"]`).getByTestId('model-badge-reasoning')).toBeVisible();
  await expect(menu.locator(`[data-model-key="${MODELS.anthropic}"]`).getByTestId('model-price')).toContainText('per M');
  await menu.getByTestId('model-search').fill('scripted-chat');
  await expect(menu.getByTestId('model-option')).toHaveCount(1);
  await page.keyboard.press('Escape');

  await page.getByTestId('settings-toggle').click();
  const panel = page.getByTestId('settings-panel');
  // The scripted model is no reasoning model: reasoning effort is disabled, with the reason.
  await expect(panel.getByTestId('setting-reasoningEffort')).toBeDisabled();
  await expect(panel.getByTestId('setting-reasoningEffort-reason')).toHaveText('scripted-responses is not a reasoning model.');
  await panel.getByTestId('setting-temperature').fill('0.35');
  await panel.getByTestId('setting-systemPrompt').fill(`Answer like a pirate. (${marker})`);
  await panel.getByTestId('settings-section-model-pick').scrollIntoViewIfNeeded();
  await docShot(page, 'session-settings');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'session-settings-390');
  await page.setViewportSize({ width: 1280, height: 820 });
  await panel.getByTestId('tool-switch-calculator').click();
  await expect(panel.getByTestId('tool-switch-calculator')).toHaveAttribute('aria-checked', 'false');
  await panel.getByTestId('settings-save').click();
  await expect(panel).toBeHidden();

  await send(page, `Ahoy ${scenario('text', { text: 'Arr' })}`);
  await waitForRunEnd(page, 'completed');

  const all = (await (await page.request.get(`${scriptedOrigin}/__requests`)).json()) as Recorded[];
  const sent = all.filter((r) => JSON.stringify(r.body).includes(marker));
  expect(sent).toHaveLength(1);
  expect(sent[0].api).toBe('responses');
  expect(sent[0].body.temperature).toBe(0.35);
  expect(JSON.stringify(sent[0].body)).toContain(`Answer like a pirate. (${marker})`);
  const tools = (sent[0].body.tools ?? []).map((tool) => tool.name ?? tool.function?.name);
  expect(tools).toContain('get_current_time');
  expect(tools).not.toContain('calculator');

  // Saved with the session: the sheet shows them again after a reload.
  const stored = await (await page.request.get(`/api/sessions/${id}`)).json();
  expect(stored.session.settings).toEqual({ temperature: 0.35, systemPrompt: `Answer like a pirate. (${marker})`, disabledTools: ['calculator'] });
});
