// The three kinds of process the bench runs: our app (as `npm start` serves it), the floor app
// (next start bench/floor) and a scripted model server for each, on ports of their own.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FLOOR = path.join(REPO, 'bench', 'floor');
const NEXT_BIN = path.join(REPO, 'node_modules', 'next', 'dist', 'bin', 'next');
/** What a build of the app depends on (scripts/start.mjs's list). */
const APP_SOURCES = ['app', 'components', 'lib', 'db', 'public', 'package-lock.json', 'next.config.mjs', 'postcss.config.mjs', 'proxy.ts', 'instrumentation.ts', 'instrumentation-client.ts'];
/** The model id both apps ask for; the scenario comes from the message's marker. */
export const MODEL_ID = 'scripted';

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) {
    if (name === '.next' || name === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

function isFresh(buildIdFile, sources) {
  if (!existsSync(buildIdFile)) return false;
  const builtAt = statSync(buildIdFile).mtimeMs;
  return sources.every((source) => newestMtime(source) <= builtAt);
}

function runOrThrow(command, args, cwd, env = process.env) {
  const result = spawnSync(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
}

/**
 * A build made for diagnosis (SERVER_MINIFY=0 for readable server profiles, BUNDLE_SOURCE_MAPS=1; next.config.mjs) is
 * not the app `npm start` serves: unminified server code held ~200 MB more RSS at rest, and one table was taken on it.
 */
function isDiagnosticBuild() {
  try {
    const { config } = JSON.parse(readFileSync(path.join(REPO, '.next', 'required-server-files.json'), 'utf8'));
    return config?.experimental?.serverMinification === false || config?.productionBrowserSourceMaps === true;
  } catch {
    return true;
  }
}

/** Builds what is stale: the app (npm run build: next build + standalone) and the floor. */
export function ensureBuilds({ log, force = false }) {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: '', SERVER_MINIFY: '', BUNDLE_SOURCE_MAPS: '' };
  if (force || isDiagnosticBuild() || !isFresh(path.join(REPO, '.next', 'BUILD_ID'), APP_SOURCES.map((s) => path.join(REPO, s)))) {
    log('building the app (npm run build)…');
    runOrThrow('npm', ['run', 'build'], REPO, env);
  } else log('the app build is current');
  if (force || !isFresh(path.join(FLOOR, '.next', 'BUILD_ID'), [path.join(FLOOR, 'app'), path.join(FLOOR, 'next.config.mjs'), path.join(REPO, 'package-lock.json')])) {
    log('building the floor (next build bench/floor)…');
    runOrThrow(process.execPath, [NEXT_BIN, 'build', FLOOR], REPO, env);
  } else log('the floor build is current');
}

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Spawns a process and waits until its output contains `ready`. */
async function startProcess(name, command, args, { cwd, env, ready, timeoutMs = 60_000, nodeOptions }) {
  const child = spawn(command, args, { cwd, env: { ...env, ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output += chunk;
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const end = Date.now() + timeoutMs;
  while (!output.includes(ready)) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited at start:\n${output}`);
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    name,
    pid: child.pid,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function startScripted() {
  const port = await freePort();
  const proc = await startProcess('scripted server', process.execPath, [path.join(REPO, 'tests', 'scripted-server', 'cli.mjs'), '--port', String(port)], {
    cwd: REPO,
    env: { PATH: process.env.PATH },
    ready: 'listening on',
  });
  const origin = `http://127.0.0.1:${port}`;
  return { ...proc, url: `${origin}/v1`, origin, reset: () => fetch(`${origin}/__reset`, { method: 'POST' }) };
}

/** The node flags `npm start` gives the server (package.json's start script): the bench runs what a user runs. */
const START_FLAGS = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'))
  .scripts.start.split(/\s+/)
  .filter((arg) => arg.startsWith('--'));

/** Our app as `npm start` serves it (its node flags, scripts/start.mjs on the build), its own data folder and database. */
export async function startOurApp(scripted, { nodeOptions, nodeArgs = [], env: extra = {} } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ap-bench-'));
  const db = path.join(dataDir, 'app.db');
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? dataDir,
    NODE_ENV: 'production',
    SKIP_BUILD: '1',
    NEXT_TELEMETRY_DISABLED: '1',
    OLLAMA_DISCOVERY: 'off',
    PORT: String(port),
    HOSTNAME: '127.0.0.1',
    DATABASE_URL: `file:${db}`,
    OPENAI_API_KEY: 'sk-bench-not-a-key',
    OPENAI_BASE_URL: scripted.url,
    OPENAI_API: 'chat',
    OPENAI_MODELS: MODEL_ID,
    DEFAULT_MODEL: `openai:${MODEL_ID}`,
    ...extra,
  };
  const proc = await startProcess('app', process.execPath, [...START_FLAGS, ...nodeArgs, path.join(REPO, 'scripts', 'start.mjs')], { cwd: REPO, env, ready: 'ready on', nodeOptions });
  return { ...proc, kind: 'app', url: `http://127.0.0.1:${port}`, db, dataDir, modelKey: `openai:${MODEL_ID}` };
}

/** The floor: next start on its build, the model URL in its environment. */
export async function startFloor(scripted, { nodeOptions, nodeArgs = [] } = {}) {
  const port = await freePort();
  const env = { PATH: process.env.PATH, HOME: process.env.HOME ?? tmpdir(), NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', FLOOR_MODEL_URL: scripted.url };
  const proc = await startProcess('floor', process.execPath, [...nodeArgs, NEXT_BIN, 'start', FLOOR, '-p', String(port), '-H', '127.0.0.1'], { cwd: REPO, env, ready: 'Ready', nodeOptions });
  return { ...proc, kind: 'floor', url: `http://127.0.0.1:${port}` };
}
