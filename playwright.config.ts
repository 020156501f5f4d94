import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests run a production build (`next build`, done by scripts/test.mjs)
 * against the scripted OpenAI-compatible server, each app instance on a fresh
 * SQLite file. Two instances: one with providers configured (the scripted server
 * as OpenAI and as an OpenAI-compatible server) and one with nothing configured
 * (setup screen and demo model).
 */

const SCRIPTED_PORT = Number(process.env.E2E_SCRIPTED_PORT ?? 4010);
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
const BARE_APP_PORT = Number(process.env.E2E_BARE_APP_PORT ?? 3101);
const ACCOUNTS_APP_PORT = Number(process.env.E2E_ACCOUNTS_APP_PORT ?? 3102);

// Set once in the main process; workers inherit it, so every process agrees on the run's folder.
process.env.E2E_RUN_ID ??= String(Date.now());
export const ARTIFACTS = path.resolve('tests/.artifacts', `e2e-${process.env.E2E_RUN_ID}`);
mkdirSync(ARTIFACTS, { recursive: true });

/** Playwright's own Chromium when installed, else the system one (Debian's `chromium`). */
function chromiumExecutable(): string | undefined {
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return undefined;
  } catch {
    // no bundled browser
  }
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
}

const scriptedUrl = `http://127.0.0.1:${SCRIPTED_PORT}/v1`;
// The accounts app's own scripted server: its runs never show up in the requests the 'configured' tests inspect.
const ACCOUNTS_SCRIPTED_PORT = Number(process.env.E2E_ACCOUNTS_SCRIPTED_PORT ?? 4011);
const accountsScriptedUrl = `http://127.0.0.1:${ACCOUNTS_SCRIPTED_PORT}/v1`;
// HOSTNAME pinned to loopback: a shell that exports the machine's name must not make the app refuse to start.
const quietEnv = { NEXT_TELEMETRY_DISABLED: '1', SKIP_BUILD: '1', OLLAMA_DISCOVERY: 'off', HOSTNAME: '127.0.0.1', HOST: '' };

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: path.join(ARTIFACTS, 'results'),
  fullyParallel: false,
  // One test at a time. Two lanes (accounts and unconfigured beside configured, each project capped at one
  // worker) were tried: on 2 cores the extra browser made tests that watch a live state (a retry notice
  // during a 0.5 s backoff, a reasoning block while it streams) miss it.
  workers: 1,
  // No test passes by retrying: a test that fails once is a bug to fix.
  retries: 0,
  // Should anyone turn retries on locally, a test that needed one still fails the run.
  failOnFlakyTests: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: path.join(ARTIFACTS, 'report.json') }]] : 'list',
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 820 },
    // No trace by default: recording one for every test (to keep the failures') took ~20% of the stage's time on
    // 2 cores (83 -> 64 s on four specs), mostly the browser encoding screencast frames. A failure keeps its screenshot
    // and error context; E2E_TRACE=1 (or `--trace on`) records traces again.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  projects: [
    { name: 'configured', testIgnore: /setup-screen\.spec\.ts|accounts.*\.spec\.ts/, workers: 1, use: { baseURL: `http://127.0.0.1:${APP_PORT}` } },
    // Accounts on (AUTH_SECRET): sign-up, invites, isolation, the admin page.
    { name: 'accounts', testMatch: /accounts.*\.spec\.ts/, workers: 1, use: { baseURL: `http://127.0.0.1:${ACCOUNTS_APP_PORT}` } },
    { name: 'unconfigured', testMatch: /setup-screen\.spec\.ts/, workers: 1, use: { baseURL: `http://127.0.0.1:${BARE_APP_PORT}` } },
  ],
  webServer: [
    {
      command: `node tests/scripted-server/cli.mjs --port ${SCRIPTED_PORT}`,
      url: `http://127.0.0.1:${SCRIPTED_PORT}/v1/models`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      command: `node tests/scripted-server/cli.mjs --port ${ACCOUNTS_SCRIPTED_PORT}`,
      url: `http://127.0.0.1:${ACCOUNTS_SCRIPTED_PORT}/v1/models`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      command: `node scripts/start.mjs`,
      url: `http://127.0.0.1:${APP_PORT}/api/models`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...quietEnv,
        PORT: String(APP_PORT),
        DATABASE_URL: `file:${path.join(ARTIFACTS, 'configured.db')}`,
        OPENAI_API_KEY: 'sk-test-e2e-not-a-real-key',
        OPENAI_BASE_URL: scriptedUrl,
        // gpt-4.1-mini has list prices in the catalog: the compare spec shows a column's cost (the scripted server answers any model id).
        OPENAI_MODELS: 'scripted-responses,gpt-4.1-mini',
        OPENAI_COMPATIBLE_BASE_URL: scriptedUrl,
        OPENAI_COMPATIBLE_NAME: 'Scripted',
        OPENAI_COMPATIBLE_MODELS: 'scripted-chat',
        // Anthropic Messages on the scripted server (POST /v1/messages); a catalog model id, so its window and prices show.
        ANTHROPIC_API_KEY: 'sk-ant-test-e2e-not-a-real-key',
        ANTHROPIC_BASE_URL: scriptedUrl,
        ANTHROPIC_MODELS: 'claude-sonnet-4-5',
        // A credential-named value that share links must never show (tests/e2e/share.spec.ts).
        E2E_PLANTED_SERVICE_TOKEN: 'planted-e2e-env-secret-51f0c2',
      },
    },
    {
      command: `node scripts/start.mjs`,
      url: `http://127.0.0.1:${BARE_APP_PORT}/api/models`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...quietEnv,
        PORT: String(BARE_APP_PORT),
        DATABASE_URL: `file:${path.join(ARTIFACTS, 'bare.db')}`,
        // Nothing configured, even when the developer's shell has provider variables.
        OPENAI_API_KEY: '',
        ANTHROPIC_API_KEY: '',
        OPENAI_COMPATIBLE_BASE_URL: '',
      },
    },
      {
      command: `node scripts/start.mjs`,
      url: `http://127.0.0.1:${ACCOUNTS_APP_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...quietEnv,
        PORT: String(ACCOUNTS_APP_PORT),
        DATABASE_URL: `file:${path.join(ARTIFACTS, 'accounts.db')}`,
        AUTH_SECRET: 'e2e-accounts-secret-0123456789-abcdefghij',
        OPENAI_API_KEY: '',
        ANTHROPIC_API_KEY: '',
        OPENAI_COMPATIBLE_BASE_URL: accountsScriptedUrl,
        OPENAI_COMPATIBLE_NAME: 'Scripted',
        OPENAI_COMPATIBLE_MODELS: 'scripted-chat',
      },
    },
  ],
});
