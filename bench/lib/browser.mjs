// Headless Chromium for the bench: token→DOM latency (a MutationObserver notes when each stamped token first
// appears), opening a long session (last message visible), and main-thread long tasks while a run streams in.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { createSession } from './client.mjs';
import { agentRun } from './scenarios.mjs';

export function launchBrowser() {
  let executablePath;
  try {
    executablePath = chromium.executablePath();
  } catch {
    executablePath = undefined;
  }
  if (!executablePath || !existsSync(executablePath)) executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  return chromium.launch({ executablePath, headless: true });
}

/** Runs in the page before its scripts: the token observer and the long-task log. */
function observePage() {
  const seen = new Map();
  const longTasks = [];
  const pattern = /tk(\d+)x(\d+)/g;
  const scan = (text) => {
    if (!text || !text.includes('tk')) return;
    const at = performance.timeOrigin + performance.now();
    for (const match of text.matchAll(pattern)) {
      const key = `${match[1]}.${match[2]}`;
      if (!seen.has(key)) seen.set(key, at);
    }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') scan(record.target.data);
      else for (const node of record.addedNodes) scan(node.textContent);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no long-task timing in this browser
  }
  window.__bench = {
    latencies: () => [...seen].map(([stamp, at]) => at - Number(stamp)),
    count: () => seen.size,
    longTasks: (since = 0) => longTasks.filter((task) => task.start >= since),
    now: () => performance.now(),
  };
}

async function openPage(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(observePage);
  return { page, close: () => context.close() };
}

/** Until the page answers input: our app's theme toggle shows a selection once hydrated; the floor's button enables. */
async function waitInteractive(page, app) {
  if (app.kind === 'app') await page.getByTestId('theme-toggle').locator('[aria-checked="true"]').first().waitFor({ timeout: 180_000 });
  await page.getByTestId('composer-input').waitFor({ timeout: 180_000 });
}

async function send(page, text) {
  await page.getByTestId('composer-input').fill(text);
  const button = page.getByTestId('send-button');
  await button.waitFor();
  for (let i = 0; i < 100 && !(await button.isEnabled()); i++) await page.waitForTimeout(50);
  await button.click();
}

/** Streams `tokens` stamped tokens into the page; answers the per-token latencies (ms) and the long tasks meanwhile. */
async function streamInto(page, { tokens, delayMs, markup = false }) {
  const since = await page.evaluate(() => window.__bench.now());
  await send(page, agentRun({ steps: 0, tokens, delayMs, stamp: true, markup }));
  const deadline = Date.now() + tokens * delayMs + 60_000;
  while ((await page.evaluate(() => window.__bench.count())) < tokens && Date.now() < deadline) await page.waitForTimeout(100);
  await page.waitForTimeout(300);
  const latencies = await page.evaluate(() => window.__bench.latencies());
  const longTasks = await page.evaluate((t) => window.__bench.longTasks(t), since);
  return { latencies, longTasks, complete: latencies.length >= tokens };
}

/** One session page (ours: a new session; the floor: its page), one paced stamped run. */
export async function tokenToDom(browser, app, { tokens = 200, delayMs = 20, markup = false } = {}) {
  const { page, close } = await openPage(browser);
  try {
    await page.goto(app.kind === 'app' ? `${app.url}/s/${await createSession(app)}` : app.url);
    await waitInteractive(page, app);
    return await streamInto(page, { tokens, delayMs, markup });
  } finally {
    await close();
  }
}

/**
 * Opens a (seeded) session: time until its last message is visible, DOM size, then optionally streams a run into
 * it and answers the long tasks meanwhile.
 */
export async function openSession(browser, app, { sessionId, lastText, stream }) {
  const { page, close } = await openPage(browser);
  try {
    const t0 = Date.now();
    await page.goto(`${app.url}/s/${sessionId}`, { waitUntil: 'commit', timeout: 180_000 });
    await page.getByText(lastText, { exact: false }).last().waitFor({ state: 'visible', timeout: 180_000 });
    const lastVisibleMs = Date.now() - t0;
    const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    const openLongTasks = await page.evaluate(() => window.__bench.longTasks(0));
    let streaming;
    if (stream) {
      await waitInteractive(page, app);
      streaming = await streamInto(page, stream);
    }
    return { lastVisibleMs, domNodes, openLongTasks, streaming };
  } finally {
    await close();
  }
}
