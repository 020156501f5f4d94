/**
 * Runs that outlive their server process, in Chromium against real server processes:
 * SIGKILL mid-step and a restart, SIGTERM drain, two instances on one database file,
 * two tabs, and Stop after a reload.
 */
import type { ApiErrorBody } from '@/lib/api/errors';
import { createClient } from '@libsql/client';
import { decodeJson } from '@/db/compressed-json';
import { expect, test, type Page } from '@playwright/test';
import { SCRIPTED_ENV, startApp, type AppProcess } from './app-process';
import { answerText, lastAssistant, scenario, send, shot, uniqueId, waitForHydration, waitForRunEnd } from './helpers';

test.describe.configure({ mode: 'serial' });

const MODEL = 'compat:scripted-chat';
const JSON_TYPE = { 'content-type': 'application/json' };

async function createSessionOn(app: AppProcess, page: Page): Promise<string> {
  const response = await page.request.post(`${app.url}/api/sessions`, { data: { modelKey: MODEL }, headers: JSON_TYPE });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { session: { id: string } }).session.id;
}

async function openOn(page: Page, app: AppProcess, id: string): Promise<void> {
  await page.goto(`${app.url}/s/${id}`);
  await expect(page.getByTestId('composer-input')).toBeVisible();
  await waitForHydration(page);
}

/** One statement on an app's database file, read from outside the app. */
async function queryDb(db: string, sql: string, args: string[]) {
  const client = createClient({ url: `file:${db}` });
  try {
    return (await client.execute({ sql, args })).rows;
  } finally {
    client.close();
  }
}

async function runRow(db: string, sessionId: string): Promise<{ status: string; instance_id: string } | undefined> {
  const [row] = await queryDb(db, 'SELECT status, instance_id FROM runs WHERE session_id = ? ORDER BY started_at DESC LIMIT 1', [sessionId]);
  return row && { status: String(row.status), instance_id: String(row.instance_id) };
}

/** The types of the chunks of the session's latest run that its log has written to the database so far. */
async function loggedChunkTypes(db: string, sessionId: string): Promise<string[]> {
  const rows = await queryDb(db, 'SELECT e.chunk FROM run_events e WHERE e.run_id = (SELECT id FROM runs WHERE session_id = ? ORDER BY started_at DESC LIMIT 1) ORDER BY e.seq', [sessionId]);
  return rows.flatMap((row) => [decodeJson<{ type: string } | { type: string }[]>(row.chunk as ArrayBuffer)].flat().map((chunk) => chunk.type));
}

test.describe('a server killed mid-run', () => {
  test('SIGKILL in step 1 with three tool calls pending: after a restart the message keeps its text, closes the calls, says why, and the next turn works', async ({ page }) => {
    let app = await startApp('sigkill', SCRIPTED_ENV);
    try {
      const id = await createSessionOn(app, page);
      await openOn(page, app, id);
      // Text, then three calls to the calculator whose inputs arrive slowly: the process dies while they are open.
      const calls = { count: 3, tool1: 'calculator', args1: '{"expression":"1+1"}', tool2: 'calculator', args2: '{"expression":"2+2"}', tool3: 'calculator', args3: '{"expression":"3+3"}' };
      await send(page, `Three sums at once ${scenario('parallel-tools', { ...calls, text: 'Working on all three sums now.', delayMs: 250, key: uniqueId() })}`);
      await expect(lastAssistant(page).getByTestId('tool-card')).toHaveCount(3, { timeout: 20_000 });
      await expect(lastAssistant(page)).toContainText('Working on all three sums now.');
      // The log writes behind the stream (a batch every 50 ms, lib/server/run-log.ts): the kill waits until the three
      // open calls are in the database, or a fast test kills the process before the last batch lands.
      await expect
        .poll(async () => (await loggedChunkTypes(app.db, id)).filter((type) => type === 'tool-input-start').length, { timeout: 10_000 })
        .toBe(3);

      app.kill('SIGKILL');
      await app.exited;
      app = await startApp('sigkill', SCRIPTED_ENV, { port: app.port, db: app.db });
      await page.reload();
      await waitForHydration(page);

      const message = lastAssistant(page);
      await expect(message).toContainText('Working on all three sums now.');
      const cards = message.getByTestId('tool-card');
      await expect(cards).toHaveCount(3);
      for (let i = 0; i < 3; i++) await expect(cards.nth(i)).toHaveAttribute('data-state', 'output-error');
      const banner = message.getByTestId('run-end');
      await expect(banner).toHaveAttribute('data-reason', 'server-restart');
      await expect(banner).toContainText('Interrupted: the server stopped during this run');
      await shot(page, 'durable-interrupted');
      expect((await runRow(app.db, id))?.status).toBe('interrupted');

      // Continue carries on in the same session: the history is valid for the model.
      await message.getByTestId('run-continue').click();
      await waitForRunEnd(page, 'completed');
      await expect(page.getByTestId('message-user').last()).toContainText('Continue from where you stopped.');
    } finally {
      await app.stop();
    }
  });

  test('SIGTERM drains: new runs get 503 with Retry-After, a run past the drain timeout ends as interrupted, and the process exits 0', async ({ page }) => {
    const app = await startApp('sigterm', { ...SCRIPTED_ENV, RUN_DRAIN_TIMEOUT_MS: '1500' });
    const id = await createSessionOn(app, page);
    const other = await createSessionOn(app, page);
    await openOn(page, app, id);
    await send(page, `Long ${scenario('slow', { delayMs: 100, chunks: 300, key: uniqueId() })}`);
    await expect(lastAssistant(page)).toContainText('w2');
    app.kill('SIGTERM');
    await expect.poll(() => app.log().includes('SIGTERM received')).toBe(true);
    const refused = await page.request.post(`${app.url}/api/chat`, {
      headers: JSON_TYPE,
      data: { sessionId: other, message: { id: `u-${uniqueId()}`, role: 'user', parts: [{ type: 'text', text: 'hello' }] } },
    });
    expect(refused.status()).toBe(503);
    expect(refused.headers()['retry-after']).toBeTruthy();
    expect(((await refused.json()) as ApiErrorBody).error.code).toBe('shutting_down');
    // The open tab is told, before the server goes: the run ends as interrupted, with Continue.
    await expect(lastAssistant(page).getByTestId('run-end')).toHaveAttribute('data-reason', 'server-restart', { timeout: 10_000 });
    await expect(lastAssistant(page).getByTestId('run-continue')).toBeVisible();
    expect(await app.exited).toBe(0);

    expect((await runRow(app.db, id))?.status).toBe('interrupted');
    const restarted = await startApp('sigterm', SCRIPTED_ENV, { port: app.port, db: app.db });
    try {
      await openOn(page, restarted, id);
      const message = lastAssistant(page);
      await expect(message.getByTestId('run-end')).toHaveAttribute('data-reason', 'server-restart');
      await expect(message).toContainText('w0');
    } finally {
      await restarted.stop();
    }
  });
});

test.describe('two instances on one database', () => {
  let a: AppProcess;
  let b: AppProcess;
  test.beforeAll(async () => {
    a = await startApp('pair-a', SCRIPTED_ENV);
    b = await startApp('pair-b', SCRIPTED_ENV, { db: a.db });
  });
  test.afterAll(async () => {
    await a?.stop();
    await b?.stop();
  });

  test('a run started on A is followed live and stopped from a browser on B', async ({ page }) => {
    const id = await createSessionOn(a, page);
    const started = page.request.post(`${a.url}/api/chat`, {
      headers: JSON_TYPE,
      data: { sessionId: id, message: { id: `u-${uniqueId()}`, role: 'user', parts: [{ type: 'text', text: `Slowly ${scenario('slow', { delayMs: 80, chunks: 400 })}` }] } },
    });
    await expect.poll(async () => (await runRow(a.db, id))?.status, { timeout: 10_000 }).toBe('running');

    await openOn(page, b, id);
    const message = lastAssistant(page);
    // B reads A's run from the log: the words keep arriving.
    await expect(message).toContainText('w5', { timeout: 15_000 });
    const early = (await message.textContent())?.length ?? 0;
    await expect.poll(async () => (await message.textContent())?.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(early);

    await page.getByTestId('stop-button').click();
    await waitForRunEnd(page, 'cancelled');
    await started.catch(() => undefined);
    expect((await runRow(a.db, id))?.status).toBe('cancelled');
    await page.reload();
    await expect(lastAssistant(page).getByTestId('run-end')).toHaveAttribute('data-reason', 'cancelled');
  });

  test('an approval asked by a run on A is answered from B, and the call runs there once', async ({ page }) => {
    const id = await createSessionOn(a, page);
    const path = `/work-${uniqueId()}.txt`;
    const response = await page.request.post(`${a.url}/api/chat`, {
      headers: JSON_TYPE,
      data: {
        sessionId: id,
        message: { id: `u-${uniqueId()}`, role: 'user', parts: [{ type: 'text', text: `Write it ${scenario('tool', { tool: 'write_file', args: JSON.stringify({ path: `/workspace${path}`, content: 'from A, approved on B' }) })}` }] },
      },
    });
    expect(response.status()).toBe(200);
    await response.text();
    expect((await runRow(a.db, id))?.status).toBe('awaiting_approval');

    await openOn(page, b, id);
    await page.getByTestId('approve-button').first().click();
    await waitForRunEnd(page, 'completed');
    const run = await runRow(a.db, id);
    expect(run?.status).toBe('completed');
    const files = await page.request.get(`${a.url}/api/sessions/${id}/files/content?path=${encodeURIComponent(`/workspace${path}`)}`);
    expect(((await files.json()) as { file: { content: string } }).file.content).toBe('from A, approved on B');
  });
});

test.describe('tabs and reloads', () => {
  let app: AppProcess;
  test.beforeAll(async () => {
    app = await startApp('tabs', SCRIPTED_ENV);
  });
  test.afterAll(async () => {
    await app?.stop();
  });

  test('two tabs on one session both show the live run', async ({ page, context }) => {
    const id = await createSessionOn(app, page);
    await openOn(page, app, id);
    const second = await context.newPage();
    await openOn(second, app, id);
    await send(page, `Slowly ${scenario('slow', { delayMs: 60, chunks: 120, key: uniqueId() })}`);
    await expect(lastAssistant(page)).toContainText('w3');
    // The second tab, open and idle, notices the run within seconds and follows it from the log.
    await expect(second.getByTestId('message-user').last()).toContainText('Slowly', { timeout: 10_000 });
    await expect(lastAssistant(second)).toContainText('w20', { timeout: 15_000 });
    await expect(second.getByTestId('stop-button')).toBeVisible();
    await waitForRunEnd(page, 'completed');
    await waitForRunEnd(second, 'completed');
    await expect(lastAssistant(second)).toContainText('w119');
    await second.close();
  });

  test('a quick turn sent in another tab, started and ended between the idle tab\'s looks, shows up there', async ({ page, context }) => {
    const id = await createSessionOn(app, page);
    await openOn(page, app, id);
    const second = await context.newPage();
    await openOn(second, app, id);
    await send(page, `Quick one ${scenario('text', { key: uniqueId() })}`);
    await waitForRunEnd(page, 'completed');
    // The idle tab looks every 2.5 s for a running run: this one ended long before (it is shown as saved, once).
    await expect(second.getByTestId('message-user').last()).toContainText('Quick one', { timeout: 10_000 });
    const answer = ((await answerText(lastAssistant(page)).textContent()) ?? '').trim();
    expect(answer.length).toBeGreaterThan(0);
    await expect(answerText(lastAssistant(second))).toHaveText(answer);
    await second.close();
  });

  test('a reload while an approval continuation streams reattaches cleanly and the run completes', async ({ page }) => {
    const id = await createSessionOn(app, page);
    await openOn(page, app, id);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const args = JSON.stringify({ path: `/workspace/reload-${uniqueId()}.txt`, content: 'approved, then reloaded' });
    await send(page, `Write it ${scenario('tool', { tool: 'write_file', args, delayMs: 120, answer: 'All written down after the approval, word by word so a reload lands mid-answer.', key: uniqueId() })}`);
    await waitForRunEnd(page, 'awaiting-approval');
    await lastAssistant(page).getByTestId('approve-button').click();
    await expect(lastAssistant(page)).toContainText('All written', { timeout: 15_000 });
    await page.reload();
    await waitForHydration(page);
    await waitForRunEnd(page, 'completed');
    const message = lastAssistant(page);
    await expect(message).toContainText('word by word so a reload lands mid-answer.');
    await expect(message.getByTestId('tool-card')).toHaveCount(1);
    await expect(message.getByTestId('tool-card')).toHaveAttribute('data-state', 'output-available');
    await expect(page.getByTestId('chat-error')).toHaveCount(0);
    expect(errors.filter((text) => /No tool invocation found/i.test(text))).toEqual([]);
    // The same after one more reload: nothing doubled.
    await page.reload();
    await expect(lastAssistant(page).getByTestId('tool-card')).toHaveCount(1);
    await expect(lastAssistant(page).locator('.markdown')).toHaveCount(1);
  });

  test('Stop after a reload stops the run on the server', async ({ page }) => {
    const id = await createSessionOn(app, page);
    await openOn(page, app, id);
    await send(page, `Slowly ${scenario('slow', { delayMs: 80, chunks: 400, key: uniqueId() })}`);
    await expect(lastAssistant(page)).toContainText('w3');
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId('stop-button')).toBeVisible();
    await page.getByTestId('stop-button').click();
    await waitForRunEnd(page, 'cancelled');
    expect((await runRow(app.db, id))?.status).toBe('cancelled');
  });
});
