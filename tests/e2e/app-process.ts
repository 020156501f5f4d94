import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ARTIFACTS } from '../../playwright.config';
import { freePort } from '../support/mcp-everything';

/**
 * An app server the test controls: `node scripts/start.mjs` on the production build,
 * with its own environment, log and (unless given) its own database, so a test can kill,
 * signal and restart it. Only loopback addresses.
 */
export interface AppProcess {
  port: number;
  url: string;
  db: string;
  log: () => string;
  exited: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => void;
  stop: () => Promise<void>;
}

/** The scripted model server of the suite (playwright.config.ts starts it). */
export const SCRIPTED_URL = `http://127.0.0.1:${Number(process.env.E2E_SCRIPTED_PORT ?? 4010)}/v1`;

/** Providers pointed at the scripted server, as the configured instance has them. */
export const SCRIPTED_ENV = {
  OPENAI_COMPATIBLE_BASE_URL: SCRIPTED_URL,
  OPENAI_COMPATIBLE_NAME: 'Scripted',
  OPENAI_COMPATIBLE_MODELS: 'scripted-chat',
  OPENAI_API_KEY: '',
};

export async function startApp(name: string, env: Record<string, string>, options: { port?: number; db?: string } = {}): Promise<AppProcess> {
  const port = options.port ?? (await freePort());
  const dir = path.join(ARTIFACTS, 'apps', name);
  mkdirSync(dir, { recursive: true });
  const db = options.db ?? path.join(dir, 'app.db');
  let output = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, SKIP_BUILD: '1', OLLAMA_DISCOVERY: 'off', NEXT_TELEMETRY_DISABLED: '1', PORT: String(port), DATABASE_URL: `file:${db}`, HOSTNAME: '', HOST: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitFor(() => output.includes('ready on') || child.exitCode !== null, 30_000, () => `server ${name} did not start:\n${output}`);
  if (child.exitCode !== null) throw new Error(`server ${name} exited at start:\n${output}`);
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    db,
    log: () => output,
    exited,
    kill: (signal) => child.kill(signal),
    stop: () => stopProcess(child),
  };
}

export async function waitFor(check: () => boolean, timeoutMs: number, message: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(message());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
