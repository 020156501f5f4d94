// npm test: typecheck, lint, unused code (knip), unit, integration and component tests, then a
// production build, the tests of the built standalone server (container start, two instances),
// and the Playwright end-to-end tests in real Chromium. Stops at the first failing stage.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const artifacts = path.join(root, 'tests', '.artifacts');
rmSync(artifacts, { recursive: true, force: true });
const runId = String(Date.now());
// Every stage's temporary files (test databases, workspaces, copies of the built server) go in one folder, removed
// at the end: the test files leave theirs behind, and a day of runs left 11 GB in the system's temp folder.
const tempRoot = mkdtempSync(path.join(tmpdir(), 'ap-test-'));
// As the system's temp folder is: the container test's server runs as another user (1000:1000), which must reach it.
chmodSync(tempRoot, 0o1777);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', E2E_RUN_ID: runId, CI: process.env.CI ?? '1', TMPDIR: tempRoot };

const vitestReport = path.join(artifacts, 'vitest.json');
const deployReport = path.join(artifacts, 'vitest-deploy.json');
const playwrightReport = path.join(artifacts, `e2e-${runId}`, 'report.json');

// Tests of the built server (the container's start, several instances): they run after the build,
// on the standalone folder it made (tests/support/standalone-app.ts).
const DEPLOY_TESTS = ['tests/integration/standalone-', 'tests/integration/instances-'];
const standaloneDir = path.join(root, '.next', 'standalone');
const VITEST_WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * [name, command, args, extra env], or [name, [[label, command, args], …]] for commands that run at once: the
 * static checks are single-threaded, so on 2 cores typecheck and lint side by side take the time of the longer one.
 */
const stages = [
  [
    'typecheck, lint and unused code (knip), side by side',
    [
      ['typecheck', bin('tsc'), ['--noEmit']],
      ['lint', bin('eslint'), ['.', '--max-warnings=0']],
      ['unused code (knip)', bin('knip'), ['--no-progress']],
    ],
  ],
  [
    'unit, integration and components',
    bin('vitest'),
    // Two workers even on 2 cores (vitest's default there is one): measured 150 s instead of 253 s, every test
    // passing, because most files wait on sockets and child processes rather than compute.
    ['run', `--maxWorkers=${VITEST_WORKERS}`, ...DEPLOY_TESTS.flatMap((prefix) => ['--exclude', `${prefix}*`]), '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  ],
  // The types were checked in the first stage: the build skips its own pass over them (next.config.mjs).
  ['build', process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], { NEXT_BUILD_SKIP_TYPECHECK: '1' }],
  // Bytes, not times: the session page's first-load JS within its budget, no parse5 in the browser (issue 14).
  ['bundle budget', process.execPath, [path.join(root, 'scripts', 'bundle-size.mjs'), '--check']],
  ['standalone server folder', process.execPath, [path.join(root, 'scripts', 'standalone.mjs')]],
  [
    'deploy: the container start and two instances on one libSQL database',
    bin('vitest'),
    ['run', '--project', 'node', ...DEPLOY_TESTS, '--reporter=default', '--reporter=json', `--outputFile.json=${deployReport}`],
    { PLAYGROUND_STANDALONE_DIR: standaloneDir },
  ],
  ['end-to-end', bin('playwright'), ['test']],
];

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** Playwright's own Chromium, if downloaded. */
function bundledChromium() {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core');
    const file = chromium.executablePath();
    return file && existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

const findChromium = () => bundledChromium() ?? SYSTEM_CHROMIUMS.find((file) => existsSync(file));

/**
 * The end-to-end stage needs a Chromium: Playwright's, else the system's. Without one it
 * tries `playwright install chromium`, then (as root) the system package, and otherwise
 * stops with one line saying what to install.
 */
function ensureChromium() {
  if (findChromium()) return true;
  console.log('No Chromium found for the end-to-end tests: trying `playwright install chromium`…');
  spawnSync(bin('playwright'), ['install', 'chromium'], { stdio: 'inherit', env });
  if (findChromium()) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Trying the system package: apt-get install chromium…');
    const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: aptEnv });
    if (findChromium()) return true;
  }
  console.error('The end-to-end tests need Chromium and none could be installed: run `npx playwright install chromium` (or `apt-get install chromium` on Debian), then `npm test` again.');
  return false;
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** One command with its output kept, so that commands running at once print one after the other. */
function runQuietly(label, command, args) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const chunks = [];
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => resolve({ label, ok: code === 0, output: Buffer.concat(chunks).toString(), time: seconds(t0) }));
  });
}

/** Runs the commands at once; prints each one's output under its name, in the stage's order. */
async function runSideBySide(commands) {
  const results = await Promise.all(commands.map(([label, command, args]) => runQuietly(label, command, args)));
  for (const { label, ok, output, time } of results) {
    console.log(`--- ${label}: ${ok ? 'passed' : 'FAILED'} in ${time}`);
    if (output.trim()) console.log(output.trimEnd());
  }
  return results.every((result) => result.ok);
}

const started = Date.now();
const timings = [];
let failedStage;
for (const [name, command, args, extraEnv = {}] of stages) {
  console.log(`\n=== ${name} ===`);
  if (name === 'end-to-end' && !ensureChromium()) {
    failedStage = name;
    break;
  }
  const t0 = Date.now();
  const ok = Array.isArray(command) ? await runSideBySide(command) : spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } }).status === 0;
  timings.push(`${name} ${seconds(t0)}`);
  if (!ok) {
    failedStage = name;
    break;
  }
}

function counts(file, read) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}
const readVitest = (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + (r.numTodoTests ?? 0) });
const unitOnly = counts(vitestReport, readVitest);
const deploy = counts(deployReport, readVitest);
const unit = { passed: unitOnly.passed + deploy.passed, failed: unitOnly.failed + deploy.failed, skipped: unitOnly.skipped + deploy.skipped };
// With retries off nothing can be flaky; should one ever be, it counts as a failure, not a pass.
const e2e = counts(playwrightReport, (r) => ({ passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky, skipped: r.stats.skipped }));

console.log(`\n${timings.join(' · ')} · total ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`unit+integration (deploy included): ${unit.passed} passed, ${unit.failed} failed, ${unit.skipped} skipped; end-to-end: ${e2e.passed} passed, ${e2e.failed} failed, ${e2e.skipped} skipped`);
if (failedStage) console.log(`FAILED at stage: ${failedStage}`);
const failed = unit.failed + e2e.failed + (failedStage && unit.failed + e2e.failed === 0 ? 1 : 0);
console.log(`${unit.passed + e2e.passed} passed, ${failed} failed, ${unit.skipped + e2e.skipped} skipped`);
rmSync(tempRoot, { recursive: true, force: true });
process.exit(failedStage ? 1 : 0);
