import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * Shared steps of the end-to-end specs. Every test makes its own session
 * (through the HTTP API, or through the UI when the UI is what it tests), so
 * tests do not depend on each other or on their order.
 */

/** The two configured models (see playwright.config.ts): the scripted server behind each API. */
export const MODELS = {
  /** OpenAI provider, Responses API. */
  responses: 'openai:scripted-responses',
  /** OpenAI-compatible provider, Chat Completions. */
  chat: 'compat:scripted-chat',
  /** Anthropic provider, Messages API. */
  anthropic: 'anthropic:claude-sonnet-4-5',
} as const;

export const BOTH_APIS = [
  { api: 'Responses API', modelKey: MODELS.responses },
  { api: 'Chat Completions', modelKey: MODELS.chat },
] as const;

/** The key the configured app instance gets; it must never reach the browser. */
export const CONFIGURED_API_KEY = 'sk-test-e2e-not-a-real-key';

/**
 * `[[scenario:NAME?k=v]]` for the scripted server (tests/scripted-server/README.md).
 * The marker's query is read with URLSearchParams, so `+` would become a space and
 * `&` would split a value: those (and `%`, and `]` which would end the marker) are
 * percent-encoded; everything else stays readable in the transcript.
 */
export function scenario(name: string, params: Record<string, string | number> = {}): string {
  const encode = (value: string) => value.replace(/[%&+\]#]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = Object.entries(params)
    .map(([key, value]) => `${key}=${encode(String(value))}`)
    .join('&');
  return `[[scenario:${name}${query ? `?${query}` : ''}]]`;
}

/** A short unique suffix, so titles and retry-counter keys never collide across tests or reruns. */
export function uniqueId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export async function createSession(request: APIRequestContext, modelKey: string, title?: string): Promise<string> {
  const response = await request.post('/api/sessions', { data: { modelKey, ...(title ? { title } : {}) } });
  expect(response.status(), await response.text()).toBe(201);
  const { session } = (await response.json()) as { session: { id: string } };
  return session.id;
}

/** Opens a session page and waits until it is interactive (hydrated). */
export async function openSession(page: Page, id: string): Promise<void> {
  await page.goto(`/s/${id}`);
  await expect(page.getByTestId('composer-input')).toBeVisible();
  await waitForHydration(page);
}

/** Creates a session on `modelKey` through the API and opens it. */
export async function newSession(page: Page, modelKey: string, title?: string): Promise<string> {
  const id = await createSession(page.request, modelKey, title);
  await openSession(page, id);
  return id;
}

/**
 * The theme toggle renders no selection until React has hydrated; once one of
 * its items is checked, event handlers are attached and typing reaches React state.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.getByTestId('theme-toggle').locator('[aria-checked="true"]')).toHaveCount(1);
}

/** Types into the composer and presses Send. */
export async function send(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('composer-input');
  await input.fill(text);
  const sendButton = page.getByTestId('send-button');
  await expect(sendButton).toBeEnabled();
  await sendButton.click();
}

export function lastAssistant(page: Page): Locator {
  return page.getByTestId('message-assistant').last();
}

/**
 * The rendered markdown of an assistant message (its text parts), without footer and banners. Formatted only: a
 * message rendered before the markdown chunk has loaded shows its plain text first (`data-markdown-pending`, see
 * components/chat/markdown.tsx), and that element is replaced when the chunk arrives, which under load can be after
 * the run has ended: a box measured on it then read null.
 */
export function answerText(message: Locator): Locator {
  return message.locator('.markdown:not([data-markdown-pending])').last();
}

/** Waits until the run in the page is over: Send is back and the final marker is in the transcript. */
export async function waitForRunEnd(page: Page, reason?: string): Promise<Locator> {
  const runEnd = lastAssistant(page).getByTestId('run-end');
  await expect(runEnd).toBeAttached({ timeout: 30_000 });
  if (reason) await expect(runEnd).toHaveAttribute('data-reason', reason);
  await expect(page.getByTestId('send-button')).toBeVisible();
  return runEnd;
}

/**
 * Asserts the elements sit top to bottom in this order. Their boxes are read in one task in the page: boxes read
 * one locator at a time could straddle a frame of the transcript's scroll-to-bottom (which keeps moving after a
 * run's end), and a later element's box, read after the scroll moved it up, could then read above an earlier one's.
 */
export async function expectTopToBottom(...locators: Locator[]): Promise<void> {
  const handles = await Promise.all(locators.map((locator) => locator.elementHandle()));
  try {
    const tops = await handles[0]!.evaluate(
      (_, elements) => elements.map((element) => (element.isConnected ? element.getBoundingClientRect().top : null)),
      handles,
    );
    expect(tops, 'every element is still in the page').not.toContain(null);
    for (let i = 1; i < tops.length; i++) expect(tops[i - 1]!, `element ${i - 1} is above element ${i}`).toBeLessThan(tops[i]!);
  } finally {
    await Promise.all(handles.map((handle) => handle.dispose()));
  }
}

/**
 * Screenshots of key states, for a person to look at (not compared): written to
 * $E2E_SHOTS_DIR when it is set (e.g. /tmp/e2e-shots), otherwise skipped.
 */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage ?? false, animations: 'disabled', caret: 'hide' });
}

/**
 * Asserts the scripted `text` scenario's markdown (tests/scripted-server/scenarios.mjs)
 * was rendered as elements: a heading, bold text, a list, inline code and a code
 * block, with none of the markdown syntax left as visible characters.
 */
export async function expectRenderedMarkdown(message: Locator): Promise<void> {
  await expect(message.getByRole('heading', { level: 2, name: 'Scripted answer' })).toBeVisible();
  // Streamdown renders **bold** as <span data-streamdown="strong">; either way it must look bold.
  const bold = message.locator('strong, [data-streamdown="strong"]').filter({ hasText: /^bold$/ });
  await expect(bold).toBeVisible();
  // Retried: the markdown renderer is its own chunk, and a message can show its plain text until it has arrived.
  await expect(bold).toHaveCSS('font-weight', /^[6-9]00$/);
  await expect(message.locator('ul > li')).toHaveCount(2);
  await expect(message.locator('code', { hasText: 'inline code' })).toBeVisible();
  await expect(message.locator('pre code')).toContainText('const answer = 42;');
  await expect.poll(() => answerText(message).innerText()).not.toMatch(/^#|\*\*|```|^- /m);
}

/**
 * Removes MCP servers (all of them, or those named): the app instance is shared by every spec, and a server left
 * behind would join the next spec's runs.
 */
export async function removeMcpServers(request: APIRequestContext, names?: readonly string[]): Promise<void> {
  const { servers } = (await (await request.get('/api/mcp-servers')).json()) as { servers: { id: string; name: string }[] };
  for (const server of servers.filter((s) => !names || names.includes(s.name))) {
    const removed = await request.delete(`/api/mcp-servers/${server.id}`, { headers: { 'content-type': 'application/json' } });
    expect(removed.status(), await removed.text()).toBe(200);
  }
}
