/**
 * The standalone build for the deploy tests, and server processes run from it.
 *
 * `npm test` (scripts/test.mjs) builds once, completes .next/standalone (scripts/standalone.mjs)
 * and passes its path as PLAYGROUND_STANDALONE_DIR. A test file run on its own instead builds
 * a copy of this checkout in a temp folder (two to three minutes on two cores), so it never
 * tests a stale build and never touches the checkout's own .next.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHECKOUT = fileURLToPath(new URL('../..', import.meta.url));
/** What a copy of the checkout leaves out: installed and built output, local data, test output. */
const NOT_COPIED = new Set(['node_modules', '.git', 'data', 'test-results', 'playwright-report']);

/** Temp folders this process made, removed by removeTempFolders(). */
const made: string[] = [];

/** A complete standalone folder (the Dockerfile's `COPY --from=build /app/.next/standalone ./`). */
export function standaloneBuild(): string {
  const given = process.env.PLAYGROUND_STANDALONE_DIR;
  if (given) {
    if (!existsSync(path.join(given, 'scripts', 'start.mjs'))) throw new Error(`PLAYGROUND_STANDALONE_DIR=${given} is not a standalone folder completed by scripts/standalone.mjs`);
    return given;
  }
  const temp = mkdtempSync(path.join(tmpdir(), 'ap-standalone-src-'));
  made.push(temp);
  const source = path.join(temp, 'src');
  cpSync(CHECKOUT, source, {
    recursive: true,
    filter: (from) => {
      const relative = path.relative(CHECKOUT, from);
      const top = relative.split(path.sep)[0] ?? '';
      return !NOT_COPIED.has(top) && !top.startsWith('.next') && !relative.startsWith(path.join('tests', '.artifacts'));
    },
  });
  // Hard links: a full copy of node_modules would take longer than the build.
  run('cp', ['-al', path.join(CHECKOUT, 'node_modules'), path.join(source, 'node_modules')], CHECKOUT);
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', NEXT_DIST_DIR: '' };
  run(process.execPath, [path.join('node_modules', 'next', 'dist', 'bin', 'next'), 'build'], source, env);
  run(process.execPath, [path.join('scripts', 'standalone.mjs')], source, env);
  return path.join(source, '.next', 'standalone');
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
}

/**
 * Copies the standalone folder to `<temp>/app`, the image's WORKDIR, with a data folder the
 * given user owns (the Dockerfile's `RUN mkdir -p /app/data && chown …`); the app's own files
 * stay root's and read-only for that user, as in the image.
 */
export function installStandalone(build: string, owner?: { uid: number; gid: number }): string {
  const parent = mkdtempSync(path.join(tmpdir(), 'ap-container-'));
  made.push(parent);
  const app = path.join(parent, 'app');
  // Hard links where the file system allows (fast to make and to remove); a copy otherwise.
  const linked = spawnSync('cp', ['-al', build, app]);
  if (linked.status !== 0) cpSync(build, app, { recursive: true, verbatimSymlinks: true });
  // mkdtemp folders are 0700: the server's user must be able to reach its files.
  chmodSync(parent, 0o755);
  mkdirSync(path.join(app, 'data'), { recursive: true });
  if (owner) chownSync(path.join(app, 'data'), owner.uid, owner.gid);
  return app;
}

export async function removeTempFolders(): Promise<void> {
  await Promise.all(made.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

export interface ServerProcess {
  pid: number;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves when the process exits. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then waits for the exit. */
  stop: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Spawns a server with exactly `env` (nothing inherited) and waits for its "ready on" log line,
 * or for its exit: `exited` tells which.
 */
export async function startServerProcess(options: { command: string[]; cwd: string; env: Record<string, string>; port: number; readyTimeoutMs?: number }): Promise<ServerProcess> {
  const [file, ...args] = options.command;
  const child = spawn(file!, args, { cwd: options.cwd, env: options.env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  let gone = false;
  void exited.then(() => (gone = true));
  while (!stdout.includes('ready on') && !gone) {
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.command.join(' ')} did not start:\n${stdout}\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    pid: child.pid!,
    url: `http://127.0.0.1:${options.port}`,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    stop: () => {
      if (!gone) child.kill('SIGTERM');
      return exited;
    },
  };
}
