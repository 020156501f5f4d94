/**
 * Chained invocations through the real production server (Next, its route handlers and
 * `after()`, behind scripts/server.mjs's request guard), in Chromium: with
 * RUN_INVOCATION_BUDGET_MS=1 each model step runs in its own invocation, and the tab that
 * sent the message sees one uninterrupted run. (The same chain on Vercel's terms, VERCEL=1
 * on a libSQL server, is tests/integration/vercel-chain.test.ts.)
 */
import { createClient } from '@libsql/client';
import { expect, test } from '@playwright/test';
import { SCRIPTED_ENV, startApp } from './app-process';
import { answerText, lastAssistant, scenario, send, shot, waitForHydration, waitForRunEnd } from './helpers';

async function invocationsOf(db: string, sessionId: string): Promise<{ status: string; invocations: number }> {
  const client = createClient({ url: `file:${db}` });
  try {
    const { rows } = await client.execute({ sql: 'SELECT status, invocations FROM runs WHERE session_id = ?', args: [sessionId] });
    expect(rows).toHaveLength(1);
    return { status: String(rows[0].status), invocations: Number(rows[0].invocations) };
  } finally {
    client.close();
  }
}

test('a run longer than its invocation budget goes on in chained invocations; the tab sees one run, a reload shows it whole', async ({ page }) => {
  // Debug logs on: keepRunning says so when after() is not available (outside a request of Next).
  const app = await startApp('vercel-chain', { ...SCRIPTED_ENV, RUN_INVOCATION_BUDGET_MS: '1', LOG_LEVEL: 'debug' });
  try {
    const created = await page.request.post(`${app.url}/api/sessions`, { data: { modelKey: 'compat:scripted-chat' }, headers: { 'content-type': 'application/json' } });
    const id = ((await created.json()) as { session: { id: string } }).session.id;
    await page.goto(`${app.url}/s/${id}`);
    await waitForHydration(page);

    const calls = ['11*11', '12*12', '13*13', '14*14'].map((expression) => ({ tool: 'calculator', args: { expression } }));
    await send(page, `Four squares ${scenario('sequence', { calls: JSON.stringify(calls), delayMs: 30 })}`);
    await waitForRunEnd(page, 'completed');
    const message = lastAssistant(page);
    await expect(message.getByTestId('tool-card')).toHaveCount(4);
    for (const square of ['121', '144', '169', '196']) await expect(message).toContainText(square);
    await shot(page, 'vercel-chain-run');

    // Four tool steps and the answer, one invocation each: the server logged four pick-ups.
    const pickUps = app
      .log()
      .split('\n')
      .filter((line) => line.includes('run picked up by a chained invocation'));
    expect(pickUps).toHaveLength(4);
    // Each invocation kept the run alive with Next's after(): the chat route's and every continue route's.
    expect(app.log()).not.toContain('after() is not available');
    expect(await invocationsOf(app.db, id)).toEqual({ status: 'completed', invocations: 5 });

    const streamed = await answerText(message).innerText();
    await page.reload();
    await waitForHydration(page);
    await expect(lastAssistant(page).getByTestId('tool-card')).toHaveCount(4);
    await expect.poll(() => answerText(lastAssistant(page)).innerText()).toBe(streamed);
    await expect(lastAssistant(page).getByTestId('run-end')).toHaveAttribute('data-reason', 'completed');
  } finally {
    await app.stop();
  }
});
