import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { MODELS, openSession, send, shot, waitForRunEnd } from './helpers';

/**
 * Accounts in a real browser against the production build with AUTH_SECRET set
 * (the `accounts` project): the first visitor creates the admin account, the
 * admin invites someone, each sees only their own sessions (another's session is
 * the 404 page), the admin page shows usage, a reset link sets a new password,
 * and signed-out visitors meet the sign-in page on every app page.
 *
 * The tests build on each other (one server, one database): they run in order.
 */
test.describe.configure({ mode: 'serial' });

const ADMIN = { name: 'Ada Admin', email: 'ada@example.com', password: 'ada passphrase 123' };
const USER = { name: 'Bob User', email: 'bob@example.com', password: 'bob passphrase 123' };

let admin: BrowserContext;
let adminPage: Page;
let adminSessionId = '';
let inviteUrl = '';

async function fresh(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

async function fillSignUp(page: Page, who: { name: string; email?: string; password: string }) {
  await page.getByLabel('Name').fill(who.name);
  if (who.email) await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('signed out, every app page leads to sign-in, and the first visitor creates the admin account', async ({ browser, baseURL }) => {
  admin = await browser.newContext({ baseURL });
  adminPage = await admin.newPage();
  for (const path of ['/', '/settings/mcp-servers', '/settings/providers', '/admin', '/s/anything']) {
    await adminPage.goto(path);
    // No account yet: sign-in sends the first visitor on to create the administrator.
    await expect(adminPage).toHaveURL(/\/sign-up$/);
  }
  await expect(adminPage.getByRole('heading', { name: 'Create the administrator account' })).toBeVisible();
  await shot(adminPage, 'accounts-first-admin');
  await fillSignUp(adminPage, ADMIN);
  await expect(adminPage.getByTestId('composer-input')).toBeVisible();
  await expect(adminPage.getByTestId('account-menu')).toContainText(ADMIN.name);
});

test('the admin chats, and makes an invite link', async () => {
  const created = await adminPage.request.post('/api/sessions', { data: { modelKey: MODELS.chat, title: 'Ada’s private plans' } });
  expect(created.status()).toBe(201);
  adminSessionId = (await created.json()).session.id;
  await openSession(adminPage, adminSessionId);
  await send(adminPage, 'Hello from Ada');
  await waitForRunEnd(adminPage);

  await adminPage.getByTestId('account-menu').click();
  await adminPage.getByTestId('admin-open').click();
  await expect(adminPage.getByRole('heading', { name: 'Users' })).toBeVisible();
  await adminPage.getByTestId('invite-create').click();
  inviteUrl = (await adminPage.getByTestId('invite-url').textContent()) ?? '';
  expect(inviteUrl).toMatch(/\/sign-up\?invite=[A-Za-z0-9_-]{20,}$/);
  await expect(adminPage.getByTestId('invite-row').first()).toContainText('pending');
});

test('without an invite nobody can sign up; with it, Bob can, once', async ({ browser, baseURL }) => {
  const stranger = await fresh(browser, baseURL);
  await stranger.goto('/sign-up');
  await expect(stranger.getByRole('heading', { name: 'Sign-up is by invitation' })).toBeVisible();
  const refused = await stranger.request.post('/api/account/sign-up', { data: { name: 'Eve', email: 'eve@example.com', password: 'eve passphrase 123' } });
  expect(refused.status()).toBe(403);

  const bob = await fresh(browser, baseURL);
  await bob.goto(new URL(inviteUrl).pathname + new URL(inviteUrl).search);
  await expect(bob.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await shot(bob, 'accounts-invited');
  await fillSignUp(bob, USER);
  await expect(bob.getByTestId('composer-input')).toBeVisible();

  const again = await fresh(browser, baseURL);
  await again.goto(new URL(inviteUrl).pathname + new URL(inviteUrl).search);
  await expect(again.getByRole('heading', { name: 'This invite link no longer works' })).toBeVisible();
  await bob.context().close();
  await stranger.context().close();
  await again.context().close();
});

test('Bob sees only his own sessions: Ada’s session and the admin page are the 404 page', async ({ browser, baseURL }) => {
  const bob = await fresh(browser, baseURL);
  await bob.goto('/sign-in');
  await bob.getByLabel('Email').fill(USER.email);
  await bob.getByLabel('Password').fill('not his password');
  await bob.getByRole('button', { name: 'Sign in' }).click();
  await expect(bob.getByTestId('form-error')).toContainText(/invalid email or password/i);
  await bob.getByLabel('Password').fill(USER.password);
  await bob.getByRole('button', { name: 'Sign in' }).click();
  await expect(bob.getByTestId('composer-input')).toBeVisible();

  await expect(bob.getByTestId('sidebar')).not.toContainText('Ada’s private plans');
  const theirs = await bob.goto(`/s/${adminSessionId}`);
  expect(theirs?.status()).toBe(404);
  const missing = await bob.goto('/s/no-such-session');
  expect(missing?.status()).toBe(404);
  const adminPage404 = await bob.goto('/admin');
  expect(adminPage404?.status()).toBe(404);
  const api = await bob.request.get(`/api/sessions/${adminSessionId}`);
  expect(api.status()).toBe(404);
  expect((await bob.request.get('/api/admin/users')).status()).toBe(403);
  await bob.context().close();
});

test('the admin page lists both accounts with their usage', async () => {
  await adminPage.goto('/admin');
  const ada = adminPage.locator(`[data-testid="user-row"][data-email="${ADMIN.email}"]`);
  await expect(ada).toContainText('Admin');
  // Ada's run counted (the scripted model reports usage).
  await expect(ada.getByTestId('user-tokens')).not.toHaveText('0 / 0');
  await expect(adminPage.locator(`[data-testid="user-row"][data-email="${USER.email}"]`)).toBeVisible();
  await shot(adminPage, 'accounts-admin-1280', { fullPage: true });
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await shot(adminPage, 'accounts-admin-390', { fullPage: true });
  await adminPage.setViewportSize({ width: 1280, height: 820 });
});

test('a reset link from the admin sets Bob a new password', async ({ browser, baseURL }) => {
  await adminPage.goto('/admin');
  const row = adminPage.locator(`[data-testid="user-row"][data-email="${USER.email}"]`);
  await row.getByTestId('user-actions').click();
  await adminPage.getByTestId('user-reset-link').click();
  const resetUrl = (await adminPage.getByTestId('reset-url').textContent()) ?? '';
  expect(resetUrl).toContain('/reset-password?token=');
  await adminPage.getByRole('button', { name: 'Done' }).click();

  const bob = await fresh(browser, baseURL);
  await bob.goto(new URL(resetUrl).pathname + new URL(resetUrl).search);
  await bob.getByLabel('New password').fill('bob new passphrase 456');
  await bob.getByLabel('Repeat it').fill('bob new passphrase 456');
  await bob.getByRole('button', { name: 'Set password' }).click();
  await expect(bob.getByTestId('reset-done')).toBeVisible();
  await bob.getByRole('link', { name: 'Sign in' }).click();
  await bob.getByLabel('Email').fill(USER.email);
  await bob.getByLabel('Password').fill('bob new passphrase 456');
  await bob.getByRole('button', { name: 'Sign in' }).click();
  await expect(bob.getByTestId('composer-input')).toBeVisible();
  await bob.context().close();
});

test('signing out ends the session: the app is behind sign-in again', async () => {
  await adminPage.goto('/');
  await adminPage.getByTestId('account-menu').click();
  await adminPage.getByTestId('sign-out').click();
  await expect(adminPage).toHaveURL(/\/sign-in/);
  await shot(adminPage, 'accounts-sign-in');
  expect((await adminPage.request.get('/api/sessions')).status()).toBe(401);
  await adminPage.goto(`/s/${adminSessionId}`);
  await expect(adminPage).toHaveURL(/\/sign-in/);
  await admin.close();
});
