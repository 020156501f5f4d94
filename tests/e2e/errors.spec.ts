import { expect, test } from '@playwright/test';
import { answerText, lastAssistant, MODELS, newSession, openSession, scenario, send, shot, uniqueId, waitForRunEnd } from './helpers';

test.describe('errors', () => {
  test('a provider 500 ends the run with a readable error after the retries; the message and error survive a reload', async ({ page }) => {
    await newSession(page, MODELS.chat);
    await send(page, `Please fail ${scenario('http-error', { status: 500 })}`);
    const message = lastAssistant(page);

    // While retrying, a live notice says so.
    const live = message.locator('[data-testid="retry-notice"][data-live]');
    await expect(live).toBeVisible();
    await expect(live).toContainText(/retrying .*\(\d\/3\)/);

    // Three retries (about 3.5 s of backoff), then a readable final state.
    const runEnd = await waitForRunEnd(page, 'error');
    await expect(runEnd).toContainText('The run failed');
    await expect(runEnd).toContainText('500');
    await expect(runEnd).toContainText('gave up after 3 retries');
    // One notice, updated in place for each attempt, left as a record once the run is over.
    await expect(message.getByTestId('retry-notice')).toHaveCount(1);
    await expect(message.getByTestId('retry-notice')).not.toHaveAttribute('data-live', 'true');
    await expect(message.getByTestId('retry-notice')).toContainText('retried (3/3)');
    await expect(page.getByTestId('message-user')).toHaveText('Please fail [[scenario:http-error?status=500]]');
    await shot(page, 'error-500');

    await page.reload();
    await expect(page.getByTestId('message-user')).toHaveText('Please fail [[scenario:http-error?status=500]]');
    const saved = lastAssistant(page).getByTestId('run-end');
    await expect(saved).toHaveAttribute('data-reason', 'error');
    await expect(saved).toContainText('500');
    await expect(page.getByTestId('send-button')).toBeVisible();
  });

  test('a 429 shows a live "rate limited, retrying" notice, then the recovered answer', async ({ page }) => {
    await newSession(page, MODELS.responses);
    // `key` keeps the scripted server's fail-once counter private to this test (and to a CI retry of it).
    await send(page, `Rate limit me ${scenario('http-error', { status: 429, retryAfter: 1, times: 1, key: uniqueId() })}`);
    const message = lastAssistant(page);
    const notice = message.getByTestId('retry-notice');

    await expect(notice).toHaveAttribute('data-live', 'true');
    await expect(notice).toContainText('Rate limited, retrying in 1 s (1/3)');
    await shot(page, 'error-429-retrying');

    await waitForRunEnd(page, 'completed');
    await expect(answerText(message)).toHaveText('Recovered after 1 failed attempt(s).');
    // The notice stays as a quiet record of the retry.
    await expect(notice).not.toHaveAttribute('data-live', 'true');
    await expect(notice).toContainText('Rate limited, retried (1/3)');
    await expect(message.getByTestId('retry-notice')).toHaveCount(1);
  });

  test('the API refuses a second message with 409 while a run is active', async ({ page }) => {
    const id = await newSession(page, MODELS.chat);
    await send(page, `Take your time ${scenario('slow', { delayMs: 80, chunks: 300 })}`);
    await expect(answerText(lastAssistant(page))).toContainText('w1');

    const response = await page.request.post('/api/chat', {
      data: { sessionId: id, message: { id: `msg-${uniqueId()}`, role: 'user', parts: [{ type: 'text', text: 'Are you done?' }] } },
    });
    expect(response.status()).toBe(409);
    const body = await response.json();
    expect(body.error.code).toBe('run_active');
    expect(body.error.message).toMatch(/still working/);

    // The run was not disturbed, and the refused message was not saved.
    await expect(page.getByTestId('stop-button')).toBeVisible();
    await page.getByTestId('stop-button').click();
    await waitForRunEnd(page, 'cancelled');
    const saved = await (await page.request.get(`/api/sessions/${id}`)).json();
    const texts = JSON.stringify(saved.session.messages);
    expect(texts).not.toContain('Are you done?');
  });

  test('sending from a second tab while the first one runs explains the agent is still working and keeps the draft', async ({ page, context }) => {
    const id = await newSession(page, MODELS.chat);
    // The second tab opens the session while it is idle. An idle tab asks every 2.5 s whether a run started
    // elsewhere and follows it (use-follow-runs-elsewhere.ts): here it is told none did until the 409 is checked,
    // so that a slow machine cannot let it learn of the run before its message is refused.
    const second = await context.newPage();
    const runsOfSession = `**/api/sessions/${id}/runs`;
    await second.route(runsOfSession, (route) => route.fulfill({ json: { runs: [] } }));
    await openSession(second, id);

    await send(page, `Long job ${scenario('slow', { delayMs: 80, chunks: 300 })}`);
    await expect(answerText(lastAssistant(page))).toContainText('w1');

    const draft = 'Is it finished yet?';
    await send(second, draft);
    const error = second.getByTestId('chat-error');
    await expect(error).toBeVisible();
    await expect(error).toHaveAttribute('data-status', '409');
    await expect(error).toContainText('Not sent: the agent is still working');
    await expect(error.getByTestId('chat-error-message')).toContainText('still working');
    await expect(error).toContainText('Your message is back in the box below.');
    // The draft is back in the composer, and the refused message is not in the transcript.
    await expect(second.getByTestId('composer-input')).toHaveValue(draft);
    await expect(second.getByTestId('message-user')).toHaveCount(0);
    await shot(second, 'error-409-second-tab');

    // "Show the running reply" attaches the second tab to the run. The runs are still hidden from its poll until then:
    // a clean-clone run once let the poll attach the tab first (the button was still moving with the transcript's
    // smooth scroll under load), and the click waited for a button that was gone.
    await error.getByTestId('reattach-button').click();
    await expect(error).toBeHidden();
    await second.unroute(runsOfSession);
    await expect(answerText(lastAssistant(second))).toContainText('w0 w1');
    await expect(second.getByTestId('composer-input')).toHaveValue(draft);

    // The first tab is unaffected; Stop there ends the run for both.
    await expect(page.getByTestId('chat-error')).toHaveCount(0);
    await page.getByTestId('stop-button').click();
    await waitForRunEnd(page, 'cancelled');
    await expect(second.getByTestId('stop-button')).toBeHidden();
    await expect(second.getByTestId('send-button')).toBeVisible();
    await second.close();
  });
});
