import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createSession, MODELS, openSession, scenario, send, shot, waitForRunEnd } from './helpers';

/**
 * Long sessions: the page renders the last page of the transcript and loads
 * earlier ones on scroll-up, so what the page sends and draws does not grow
 * with the session; every message stays reachable, and the find bar finds text
 * in messages not loaded yet. Sessions are seeded through the import API.
 */

/** Text of message `n`; a few carry a word to find. */
function textOf(n: number): string {
  const body = n % 2 === 0 ? `Question number ${n}: how does part ${n} work?` : `Answer number ${n}. Part ${n} works as described, step by step.`;
  return n === 3 ? `${body} The word to find is marmalade.` : body;
}

/** Imports a session of `count` messages (one line of turns) and answers its id. */
async function seedLongSession(request: APIRequestContext, count: number, title: string, text: (n: number) => string = textOf): Promise<string> {
  const template = await createSession(request, MODELS.chat, title);
  const exported = await request.get(`/api/sessions/${template}/export?format=json`);
  expect(exported.status()).toBe(200);
  const file = await exported.json();
  const now = Date.now();
  const ids = Array.from({ length: count }, (_, n) => `long-${title}-${n}`);
  file.session.title = title;
  file.messages = ids.map((id, n) => ({
    id,
    parentId: n === 0 ? null : ids[n - 1],
    pinned: false,
    createdAt: now + n,
    updatedAt: now + n,
    message:
      n % 2 === 0
        ? { id, role: 'user', parts: [{ type: 'text', text: text(n) }] }
        : { id, role: 'assistant', parts: [{ type: 'text', text: text(n) }], metadata: { usage: { inputTokens: 10, cachedInputTokens: 0, outputTokens: 5, reasoningTokens: 0, estimated: false } } },
  }));
  file.activeLeafId = ids.at(-1);
  const imported = await request.post('/api/sessions/import', { data: file });
  expect(imported.status(), await imported.text()).toBe(201);
  return ((await imported.json()) as { session: { id: string } }).session.id;
}

const transcript = (page: Page) => page.getByTestId('transcript');
const shownMessages = (page: Page) => transcript(page).locator('[data-message-id]');
/** Every loaded message's row, drawn or parked (an empty box of its height, far from the screen). */
const loadedRows = (page: Page) => transcript(page).locator('[data-transcript-row]');

/** Pixels of the transcript below its visible part. */
async function distanceFromBottom(page: Page): Promise<number> {
  return page.getByRole('log', { name: 'Conversation' }).evaluate((log) => {
    const scroller = [log, ...log.querySelectorAll('*')].find((element) => element.scrollHeight > element.clientHeight && getComputedStyle(element).overflowY !== 'visible');
    if (!scroller) throw new Error('The transcript has no scrolling element.');
    return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
  });
}

async function domNodes(page: Page): Promise<number> {
  return page.evaluate(() => document.getElementsByTagName('*').length);
}

test.describe('a long session', () => {
  test('opens at the bottom with its last page; HTML and DOM stay the same size from 100 to 600 messages', async ({ page }) => {
    const short = await seedLongSession(page.request, 100, 'short');
    const long = await seedLongSession(page.request, 600, 'long');

    const html = async (id: string) => (await (await page.request.get(`/s/${id}`)).text()).length;
    const [shortHtml, longHtml] = [await html(short), await html(long)];
    expect(longHtml).toBeLessThan(shortHtml * 1.1);

    await openSession(page, short);
    await expect(page.getByText(textOf(99))).toBeInViewport();
    const shortNodes = await domNodes(page);

    await openSession(page, long);
    const last = page.getByText(textOf(599));
    await expect(last).toBeInViewport();
    const longNodes = await domNodes(page);
    expect(longNodes).toBeLessThan(shortNodes * 1.1 + 200);
    expect(await shownMessages(page).count()).toBeLessThan(80);
    await shot(page, 'long-session-1280');
    await page.setViewportSize({ width: 390, height: 780 });
    // The narrower column wraps the text and the context notice grows: the transcript scrolls (smoothly) to its end again.
    await expect.poll(() => distanceFromBottom(page)).toBeLessThan(2);
    await expect(last).toBeInViewport();
    await shot(page, 'long-session-390');
  });

  test('scrolling up loads earlier pages until the first message; every message is reachable and in order', async ({ page }) => {
    const id = await seedLongSession(page.request, 200, 'scroll');
    await openSession(page, id);
    await expect(page.getByText(textOf(199))).toBeInViewport();
    const scroller = transcript(page).locator('xpath=..');
    const first = page.getByText(textOf(0), { exact: true });
    const loadEarlier = page.getByTestId('load-earlier');
    for (let pages = 0; pages < 10 && (await loadEarlier.count()); pages++) {
      const before = await loadedRows(page).count();
      await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
      await expect.poll(() => loadedRows(page).count()).toBeGreaterThan(before);
    }
    await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(first).toBeInViewport();
    await expect(page.getByTestId('load-earlier')).toHaveCount(0);
    // Every message loaded once; rows far from the screen are parked (empty boxes of their height),
    // so the DOM does not grow with what was scrolled through.
    const rowIds = await loadedRows(page).evaluateAll((elements) => elements.map((element) => (element as HTMLElement).dataset.transcriptRow));
    expect(rowIds).toHaveLength(200);
    expect(new Set(rowIds).size).toBe(200);
    expect(await shownMessages(page).count()).toBeLessThan(120);
    expect(await transcript(page).locator('[data-parked]').count()).toBeGreaterThan(80);

    // Reachable and in order: scrolling down from the top, every row that comes into view is drawn, and the
    // rows seen, in the order they came, hold the session's messages in order.
    const seen = new Map<string, string>();
    const inView = () =>
      scroller.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return [...element.querySelectorAll<HTMLElement>('[data-transcript-row]')]
          .filter((row) => {
            const rect = row.getBoundingClientRect();
            return rect.bottom > box.top && rect.top < box.bottom;
          })
          .map((row) => ({ id: row.dataset.transcriptRow ?? '', parked: row.dataset.parked === 'true', text: row.textContent ?? '' }));
      });
    await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
    for (let step = 0; step < 400; step++) {
      await expect.poll(async () => (await inView()).filter((row) => row.parked).length).toBe(0);
      for (const row of await inView()) if (!seen.has(row.id)) seen.set(row.id, row.text);
      const atEnd = await scroller.evaluate((element) => {
        const end = element.scrollTop + element.clientHeight >= element.scrollHeight - 2;
        element.scrollBy({ top: element.clientHeight * 0.8 });
        return end;
      });
      if (atEnd) break;
    }
    const texts = [...seen.values()];
    expect(texts).toHaveLength(200);
    texts.forEach((text, n) => expect(text).toContain(textOf(n)));
  });

  test('scrolled up or back down while the transcript grows, the view lets go of the bottom and takes hold again', async ({ page }) => {
    const id = await seedLongSession(page.request, 120, 'grow');
    await openSession(page, id);
    await expect(page.getByText(textOf(119))).toBeInViewport();
    const before = await loadedRows(page).count();
    const scroller = transcript(page).locator('xpath=..');
    // One scroll (as a scrollbar drag, a flick, Home or End make: no wheel event) in the frame the content grows at the
    // bottom (as the newest output does, or rows drawn as they come near). use-stick-to-bottom ignores scroll events
    // during a resize: without StickByScroll the view is pulled back to the bottom, and back at the bottom it does not follow.
    const growAndScroll = (to: 'top' | 'bottom') =>
      scroller.evaluate((element, where) => {
        const content = element.querySelector<HTMLElement>('[data-testid="transcript"]')!;
        content.style.minHeight = `${content.offsetHeight + 400}px`;
        element.scrollTo({ top: where === 'top' ? 0 : element.scrollHeight });
      }, to);
    await growAndScroll('top');
    await expect.poll(() => loadedRows(page).count()).toBeGreaterThan(before);
    const toBottom = page.getByTestId('scroll-to-bottom');
    await expect(toBottom).toBeVisible();
    expect(await distanceFromBottom(page)).toBeGreaterThan(2000);

    await growAndScroll('bottom');
    await expect(toBottom).toHaveCount(0);
    // Held again: the next growth is followed.
    await scroller.evaluate((element) => {
      const content = element.querySelector<HTMLElement>('[data-testid="transcript"]')!;
      content.style.minHeight = `${content.offsetHeight + 600}px`;
    });
    await expect.poll(() => distanceFromBottom(page)).toBeLessThan(2);
  });

  test('the load-earlier button works from the keyboard and keeps the view where it was', async ({ page }) => {
    const id = await seedLongSession(page.request, 120, 'keyboard');
    // The automatic load fails first: the button says so, and only the button (here, from the keyboard) loads again.
    let failing = true;
    await page.route('**/api/sessions/*/history?*', (route) =>
      failing ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: 'The database is busy.' } }) }) : route.continue(),
    );
    await openSession(page, id);
    const scroller = transcript(page).locator('xpath=..');
    const firstShown = shownMessages(page).first();
    const firstId = await firstShown.getAttribute('data-message-id');
    const button = page.getByTestId('load-earlier');
    await button.focus();
    await expect(button).toHaveText('Could not load earlier messages: try again');
    await expect(shownMessages(page).first()).toHaveAttribute('data-message-id', firstId!);
    failing = false;
    await shot(page, 'long-session-load-earlier');
    await page.keyboard.press('Enter');
    await expect(shownMessages(page).first()).not.toHaveAttribute('data-message-id', firstId!);
    // The message that was first is still where the view was, not pushed away by the new page.
    const kept = transcript(page).locator(`[data-message-id="${firstId}"]`);
    const top = await kept.evaluate((element) => element.getBoundingClientRect().top);
    const scrollerTop = await scroller.evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(scrollerTop - 400);
  });

  test('find (Ctrl+F) finds a word in a message not loaded, loads back to it, scrolls to it; Escape gives focus back', async ({ page }) => {
    const id = await seedLongSession(page.request, 400, 'find');
    await openSession(page, id);
    await expect(page.getByText('marmalade')).toHaveCount(0);
    const input = page.getByTestId('composer-input');
    await input.focus();
    await page.keyboard.press('Control+f');
    const find = page.getByTestId('transcript-find-input');
    await expect(find).toBeFocused();
    await find.fill('marmalade');
    await expect(page.getByTestId('transcript-find-count')).toHaveText('1 of 1');
    const hit = shownMessages(page).filter({ hasText: 'marmalade' });
    await expect(hit).toBeInViewport();
    await expect(hit).toHaveAttribute('data-find-current', 'true');
    // Far from the screen the row is parked (an empty box); finding it again draws it and shows the match.
    const scroller = transcript(page).locator('xpath=..');
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect(hit).toHaveCount(0);
    await find.fill('marmalad');
    await expect(hit).toBeInViewport();
    await expect(hit).toHaveAttribute('data-find-current', 'true');
    await shot(page, 'long-session-find-1280');
    await page.setViewportSize({ width: 390, height: 780 });
    await shot(page, 'long-session-find-390');
    await page.setViewportSize({ width: 1280, height: 820 });

    // A word in loaded messages: every match counts, Enter moves to the next (older) one.
    await find.fill('Answer number 39');
    await expect(page.getByTestId('transcript-find-count')).toHaveText(/^1 of \d+$/);
    await find.press('Escape');
    await expect(page.getByTestId('transcript-find')).toHaveCount(0);
    await expect(input).toBeFocused();
  });

  test('streaming into a long session sticks to the bottom; Stop and the sync keep the loaded pages', async ({ page }) => {
    const id = await seedLongSession(page.request, 300, 'stream');
    await openSession(page, id);
    await send(page, `Tell me more ${scenario('text')}`);
    await waitForRunEnd(page);
    await expect(page.getByTestId('message-assistant').last()).toBeInViewport();
    await expect(page.getByTestId('scroll-to-bottom')).toHaveCount(0);

    // Load one earlier page, then stop a slow run: the sync after Stop answers the last page, the earlier one stays.
    const button = page.getByTestId('load-earlier');
    await button.click();
    await expect(button).not.toHaveAttribute('aria-busy', 'true');
    const loaded = await loadedRows(page).count();
    await send(page, `Write a lot ${scenario('slow', { delayMs: 80, chunks: 300 })}`);
    await expect(page.getByTestId('message-assistant').last()).toContainText('w3 ');
    await page.getByTestId('stop-button').click();
    await expect(page.getByTestId('send-button')).toBeVisible();
    await expect.poll(() => loadedRows(page).count()).toBeGreaterThanOrEqual(loaded + 2);
    const ids = await loadedRows(page).evaluateAll((elements) => elements.map((element) => element.getAttribute('data-transcript-row')));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('the markdown of messages far above the screen hydrates when it comes near, and reads the same before', async ({ page }) => {
    // Answers of three paragraphs and a list: the last page (40 messages) is several screens tall.
    const tall = (n: number) => (n % 2 === 0 ? textOf(n) : `${textOf(n)}\n\nA second paragraph.\n\nA third one.\n\n- one\n- two\n- three`);
    const id = await seedLongSession(page.request, 120, 'hydrate', tall);
    await openSession(page, id);
    await expect(page.getByText(textOf(119))).toBeInViewport();
    // React marks the DOM nodes it has hydrated: server HTML it has not taken over yet has no fiber.
    const answers = () =>
      transcript(page)
        .locator('[data-message-id] .markdown')
        .evaluateAll((elements) =>
          elements.map((element) => ({
            id: element.closest('[data-message-id]')?.getAttribute('data-message-id') ?? '',
            hydrated: Object.keys(element).some((key) => key.startsWith('__reactFiber')),
          })),
        );
    await expect.poll(async () => (await answers()).at(-1)?.hydrated).toBe(true);
    const atOpen = await answers();
    expect(atOpen).toHaveLength(20);
    const waiting = atOpen.filter((answer) => !answer.hydrated);
    // The far ones wait, and only those: every waiting answer is above every hydrated one.
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.length).toBeLessThan(atOpen.length);
    expect(atOpen.findIndex((answer) => answer.hydrated)).toBe(waiting.length);
    const far = page.locator(`[data-message-id="${waiting[0]!.id}"]`);
    await expect(far.locator('.markdown li')).toHaveText(['one', 'two', 'three']);

    await far.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await answers()).find((answer) => answer.id === waiting[0]!.id)?.hydrated).toBe(true);
    await expect(far.locator('.markdown li')).toHaveText(['one', 'two', 'three']);
    await expect(far.locator('.markdown p').first()).toHaveText(/^Answer number (\d+)\. Part \1 works as described, step by step\.$/);
  });

  test('a share link of a long session shows its last page, with plain links back to the first message', async ({ page }) => {
    const share = async (id: string) => {
      const created = await page.request.post(`/api/sessions/${id}/shares`, { data: {} });
      expect(created.status()).toBe(201);
      return ((await created.json()).share as { url: string }).url;
    };
    const shortUrl = await share(await seedLongSession(page.request, 120, 'share-short'));
    const longUrl = await share(await seedLongSession(page.request, 450, 'share-long'));
    const shortHtml = await (await page.request.get(shortUrl)).text();
    const longHtml = await (await page.request.get(longUrl)).text();
    expect(longHtml.length).toBeLessThan(shortHtml.length * 1.15);

    await page.goto(longUrl);
    await expect(page.getByText(textOf(449))).toBeVisible();
    await expect(page.getByText(textOf(0), { exact: true })).toHaveCount(0);
    for (let pages = 0; pages < 10 && (await page.getByTestId('share-earlier').count()); pages++) await page.getByTestId('share-earlier').click();
    await expect(page.getByText(textOf(0), { exact: true })).toBeVisible();
    await expect(page.getByTestId('share-later')).toBeVisible();
  });
});
