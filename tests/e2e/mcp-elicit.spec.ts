import { expect, test, type Locator, type Page } from '@playwright/test';
import { startMcpFixture, type McpFixture } from '../support/mcp/launch';
import { lastAssistant, MODELS, newSession, openSession, scenario, send, shot, waitForHydration, waitForRunEnd, removeMcpServers } from './helpers';

/**
 * An MCP server's questions in the middle of a tool call, as a person answers them:
 * the elicit fixture server (official SDK, Streamable HTTP, started here) asks for a
 * form while `deploy` runs; the page is reloaded while it waits and the form is still
 * there; a wrong answer is caught in the form, a right one is sent and the server
 * deploys; Decline and Cancel go back too. Then `summarize` asks for the model
 * (sampling): refused with a notice until Settings allows it, then a card waits for
 * Allow and shows the model's answer nested under the call. Screenshots at 1280 and 390 px.
 */

let fixture: McpFixture;

test.beforeAll(async () => {
  fixture = await startMcpFixture('elicit-server');
});

test.afterAll(async ({ request }) => {
  await removeMcpServers(request, ['elicit']);
  await fixture?.stop();
});

const deploy = (answer: string) => `Deploy the api ${scenario('tool', { tool: 'elicit__deploy', args: '{"service":"api"}', answer })}`;
const summarize = (answer: string) => `Summarize ${scenario('tool', { tool: 'elicit__summarize', args: '{"text":"the release notes"}', answer })}`;

async function at390(page: Page, name: string, show?: Locator) {
  await page.setViewportSize({ width: 390, height: 844 });
  await show?.scrollIntoViewIfNeeded();
  await shot(page, name);
  await page.setViewportSize({ width: 1280, height: 820 });
}

test('MCP elicitation (accept after a reload, decline, cancel) and sampling (refused, allowed in Settings, approved, nested answer)', async ({ page }) => {
  const created = await page.request.post('/api/mcp-servers', { data: { name: 'elicit', url: fixture.url } });
  expect(created.status(), await created.text()).toBe(201);
  const sessionId = await newSession(page, MODELS.chat);
  // The tools write nothing here; auto mode runs them without an approval first.
  expect((await page.request.patch(`/api/sessions/${sessionId}`, { data: { permissionMode: 'auto' } })).status()).toBe(200);
  await page.reload();
  await waitForHydration(page);

  // The form appears under the running call.
  await send(page, deploy('Deployed.'));
  let form = lastAssistant(page).getByTestId('elicitation-card');
  await expect(form).toHaveAttribute('data-status', 'pending');
  await expect(form.getByTestId('elicitation-message')).toHaveText('Where should api be deployed?');
  await expect(lastAssistant(page).getByTestId('tool-card')).toHaveAttribute('data-state', 'input-available');

  // A reload while the run waits: the same form, still answerable.
  await page.reload();
  await waitForHydration(page);
  form = lastAssistant(page).getByTestId('elicitation-card');
  await expect(form).toHaveAttribute('data-status', 'pending');
  await expect(form.getByTestId('elicitation-field-replicas')).toHaveValue('2');

  // Checked as the server will check it: the required choice, the range.
  await form.getByTestId('elicitation-field-replicas').fill('12');
  await form.getByTestId('elicitation-accept').click();
  await expect(form.getByTestId('elicitation-error-environment')).toHaveText('Environment is required.');
  await expect(form.getByTestId('elicitation-error-replicas')).toHaveText('Replicas must be at most 10.');
  await shot(page, 'mcp-elicit-form-errors-1280');
  await at390(page, 'mcp-elicit-form-errors-390', form.getByTestId('elicitation-accept'));
  await form.getByTestId('elicitation-field-environment').selectOption('staging');
  await form.getByTestId('elicitation-field-replicas').fill('3');
  await form.getByTestId('elicitation-field-notify').check();
  await form.getByTestId('elicitation-accept').click();
  await expect(form).toHaveAttribute('data-status', 'accepted');
  await waitForRunEnd(page, 'completed');
  await expect(form.getByTestId('elicitation-answer')).toContainText('Environmentstaging');
  await lastAssistant(page).getByTestId('tool-card').getByTestId('tool-toggle').click();
  await expect(lastAssistant(page).getByTestId('tool-card')).toContainText('Deployed api to staging with 3 replicas.');
  await shot(page, 'mcp-elicit-accepted-1280');
  await at390(page, 'mcp-elicit-accepted-390', form);

  // Decline, then Cancel: each goes back to the server without content.
  for (const [button, status, words] of [
    ['elicitation-decline', 'declined', 'declined'],
    ['elicitation-cancel', 'cancelled', 'cancelled'],
  ] as const) {
    await send(page, deploy(`Not deployed (${words}).`));
    const card = lastAssistant(page).getByTestId('elicitation-card');
    await expect(card).toHaveAttribute('data-status', 'pending');
    await card.getByTestId(button).click();
    await expect(card).toHaveAttribute('data-status', status);
    await waitForRunEnd(page, 'completed');
  }
  expect(fixture.records().filter((r) => r.type === 'elicit-result').map((r) => r.action)).toEqual(['accept', 'decline', 'cancel']);

  // Sampling is refused until the server is allowed; the card says where to allow it.
  await send(page, summarize('It could not summarize.'));
  await waitForRunEnd(page, 'completed');
  const refused = lastAssistant(page).getByTestId('sampling-card');
  await expect(refused).toHaveAttribute('data-status', 'refused');
  await expect(refused.getByTestId('sampling-note')).toHaveText('Sampling is not enabled for MCP server "elicit"; enable it in Settings → MCP servers.');
  await shot(page, 'mcp-sampling-refused-1280');

  // Settings → MCP servers: allow sampling for this server.
  await page.getByTestId('settings-open').click();
  const item = page.getByTestId('mcp-server-item').filter({ has: page.getByText('elicit', { exact: true }) });
  const toggle = item.getByTestId('mcp-sampling-toggle');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await item.getByTestId('mcp-sampling').scrollIntoViewIfNeeded();
  await shot(page, 'mcp-sampling-toggle-1280');
  await at390(page, 'mcp-sampling-toggle-390');
  await openSession(page, sessionId);

  // Allowed: the request waits for Allow, then the model's answer is nested under the call.
  await send(page, summarize('Summarized.'));
  const sampling = lastAssistant(page).getByTestId('sampling-card');
  await expect(sampling).toHaveAttribute('data-status', 'pending');
  await expect(sampling.getByTestId('sampling-request')).toContainText('You write one-line summaries.');
  await expect(sampling.getByTestId('sampling-request')).toContainText('Summarize: the release notes');
  await shot(page, 'mcp-sampling-pending-1280');
  await at390(page, 'mcp-sampling-pending-390', sampling.getByTestId('sampling-allow'));
  await sampling.getByTestId('sampling-allow').click();
  await expect(sampling).toHaveAttribute('data-status', 'completed');
  await expect(sampling.getByTestId('sampling-response')).toContainText('**Echo:** Summarize: the release notes');
  await waitForRunEnd(page, 'completed');
  await shot(page, 'mcp-sampling-answered-1280');
  await at390(page, 'mcp-sampling-answered-390', sampling.getByTestId('sampling-response'));
  expect(fixture.records().filter((r) => r.type === 'sample-result')).toEqual([expect.objectContaining({ text: '**Echo:** Summarize: the release notes' })]);
});
