// npm run bench [-- --quick] [--only a,b] [--skip-build]: our app against the floor (bench/floor), side by side in
// one run, on the scripted model server. Writes BENCHMARKS.md (between its markers) and bench/results/latest.json.
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilds, REPO, startFloor, startOurApp, startScripted } from './lib/apps.mjs';
import { launchBrowser } from './lib/browser.mjs';
import { bundleFigure, concurrentRuns, cpuPerStep, growthExponent, pageOpen, tokenToDomRun, vitestFigures, wallTwentySteps } from './lib/figures.mjs';
import { machine } from './lib/proc.mjs';
import { writeReport } from './lib/report.mjs';
import { summary } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    'no-report': { type: 'boolean', default: false },
    /** Rewrites BENCHMARKS.md from bench/results/latest.json without measuring. */
    'report-only': { type: 'boolean', default: false },
  },
});
if (args['report-only']) {
  writeReport(JSON.parse(readFileSync(path.join(REPO, 'bench', 'results', 'latest.json'), 'utf8')));
  process.exit(0);
}
const quick = args.quick;
const only = args.only ? new Set(args.only.split(',')) : undefined;
const wanted = (name) => !only || only.has(name);
const reps = quick ? 3 : 5;
/** Longer than the server's idle delays (2 s before an idle collection), shorter than most people's pause between turns. */
const PAUSE_MS = 5_000;
const started = Date.now();
const log = (message) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);

const results = { quick, figures: {}, failures: {} };

/** One figure: a failure is recorded and the bench goes on with the next. */
async function measure(name, fn) {
  if (!wanted(name)) return;
  try {
    await fn();
  } catch (error) {
    results.failures[name] = String(error?.stack ?? error).slice(0, 4000);
    log(`${name} failed: ${String(error?.message ?? error).split('\n')[0]}`);
  }
}
const processes = [];
let browser;

async function main() {
  if (!args['skip-build']) ensureBuilds({ log });
  const scriptedApp = await startScripted();
  const scriptedFloor = await startScripted();
  processes.push(scriptedApp, scriptedFloor);
  const app = await startOurApp(scriptedApp);
  processes.push(app);
  const floor = await startFloor(scriptedFloor);
  processes.push(floor);
  const seedCache = { app };
  const sides = [
    { side: 'floor', server: floor, scripted: scriptedFloor },
    { side: 'app', server: app, scripted: scriptedApp },
  ];
  log(`app on ${app.url} (pid ${app.pid}), floor on ${floor.url} (pid ${floor.pid})`);
  const figures = results.figures;

  await measure('bundle', async () => {
    figures.bundle = bundleFigure();
    log(`first-load JS: ${JSON.stringify(figures.bundle)}`);
  });

  /**
   * Floor and app in turn, one repetition each per round (the first with a warm-up): the machine's speed drifts by up
   * to ±30 % over minutes (the floor's 20-step wall was 233 ms in one table and 169 ms in the next), and a ratio of
   * two figures measured one after the other carried that drift.
   */
  async function inTurns(measureOne, rounds = reps) {
    const values = { floor: [], app: [] };
    for (let round = 0; round < rounds; round++) {
      for (const { side, server, scripted } of sides) values[side].push(...(await measureOne({ server, scripted, warmUp: round === 0 })).values);
    }
    return { floor: summary(values.floor), app: summary(values.app) };
  }

  await measure('wall', async () => {
    // A run takes a quarter of a second: 15 rounds, since 5 gave medians 1.27x to 1.59x apart on one build.
    figures.wall = await inTurns(({ server, warmUp }) => wallTwentySteps({ app: server, reps: 1, warmUp }), quick ? reps : 15);
    log(`20-step wall: floor ${figures.wall.floor.median.toFixed(0)} ms, app ${figures.wall.app.median.toFixed(0)} ms`);
  });

  await measure('cpu', async () => {
    // 15 rounds, as the wall: a run is ~21 ticks of the kernel's 10 ms CPU clock, and five rounds gave medians of the
    // same build 1.9 to 4.3 ms beyond the floor.
    figures.cpu = await inTurns(({ server, scripted, warmUp }) => cpuPerStep({ app: server, scripted, reps: 1, warmUp, history: 100, seedCache }), quick ? reps : 15);
    log(`CPU per step at 100 messages: floor ${figures.cpu.floor.median.toFixed(2)} ms, app ${figures.cpu.app.median.toFixed(2)} ms`);
  });

  await measure('pause', async () => {
    // The idle collection once made this turn ~8 ms per step dearer than the one above (lib/runtime/memory.mjs).
    figures.pause = await inTurns(({ server, scripted, warmUp }) => cpuPerStep({ app: server, scripted, reps: 1, warmUp, history: 100, seedCache, pauseMs: PAUSE_MS }));
    log(`CPU per step of a turn after a ${PAUSE_MS / 1000} s pause: floor ${figures.pause.floor.median.toFixed(2)} ms, app ${figures.pause.app.median.toFixed(2)} ms`);
  });

  if (wanted('dom') || wanted('open') || wanted('growth')) browser = await launchBrowser();

  await measure('dom', async () => {
    // Floor and app in turn, one run each per round, as inTurns does: all the floor's runs and then all ours put the
    // machine's drift between them (one table read the floor at 5.8-6.9 ms and us at 9.5-15.8 ms; the same build read
    // 1.15-1.40x in `--only dom` runs just after).
    const tokenToDomRounds = async (rounds, markup) => {
      const runs = { floor: [], app: [] };
      for (let round = 0; round < rounds; round++) {
        for (const { side, server } of sides) runs[side].push(await tokenToDomRun({ app: server, browser, markup }));
      }
      return Object.fromEntries(Object.entries(runs).map(([side, list]) => [side, { p95: summary(list.map((r) => r.p95)), p50: summary(list.map((r) => r.p50)) }]));
    };
    figures.dom = await tokenToDomRounds(quick ? 2 : 5, false);
    log(`token→DOM p95: floor ${figures.dom.floor.p95.median.toFixed(1)} ms, app ${figures.dom.app.p95.median.toFixed(1)} ms`);
    // For reference: the answer's paragraph holds markup (every tenth token bold), so our page parses the streaming
    // block at every token (a plain paragraph skips the parser: components/chat/plain-paragraph.ts). The floor shows
    // the text as it is.
    figures.domMarkup = await tokenToDomRounds(quick ? 1 : 3, true);
    log(`token→DOM p95 with markup: floor ${figures.domMarkup.floor.p95.median.toFixed(1)} ms, app ${figures.domMarkup.app.p95.median.toFixed(1)} ms`);
  });

  await measure('open', async () => {
    figures.open = await pageOpen({ app, browser, count: 2000, reps: quick ? 2 : 3, seedCache, stream: { tokens: 200, delayMs: 20 } });
    log(`open 2,000: ${JSON.stringify(figures.open)}`);
  });

  await measure('growth', async () => {
    const sizes = quick ? [10, 100, 1000] : [10, 100, 1000, 5000];
    const points = [];
    for (const count of sizes) {
      try {
        const cpu = await cpuPerStep({ app, scripted: scriptedApp, reps: 2, history: count, seedCache });
        const open = await pageOpen({ app, browser, count, reps: 1, seedCache });
        points.push({ n: count, cpuPerStep: cpu, lastVisible: open.lastVisible, htmlBytes: open.htmlBytes, domNodes: open.domNodes });
        log(`growth at ${count}: CPU/step ${cpu.median.toFixed(2)} ms, open ${open.lastVisible.median.toFixed(0)} ms, HTML ${(open.htmlBytes / 1024).toFixed(0)} KiB, ${open.domNodes} nodes`);
      } catch (error) {
        results.failures[`growth at ${count}`] = String(error?.stack ?? error).slice(0, 2000);
        log(`growth at ${count} failed: ${String(error?.message ?? error).split('\n')[0]}`);
        break;
      }
    }
    figures.growth = {
      points,
      cpuExponent: growthExponent(points.map((p) => ({ n: p.n, value: p.cpuPerStep.median }))),
      openExponent: growthExponent(points.map((p) => ({ n: p.n, value: p.lastVisible.median }))),
    };
  });

  await measure('concurrent', async () => {
    figures.concurrent = {};
    // Three batches for us (is memory flat?), one for the floor (its errors, delay and peak), to keep the run short.
    for (const { side, server, scripted } of sides) {
      log(`100 concurrent runs on the ${side}…`);
      figures.concurrent[side] = await concurrentRuns({ app: server, scripted, runs: 100, tokens: 1000, delayMs: 20, steps: 5, batches: side === 'app' ? 3 : 1, log });
    }
  });

  if (browser) await browser.close();
  browser = undefined;
  for (const proc of processes.splice(0)) await proc.stop();

  await measure('append', async () => {
    log('appending steps at 10 and 2,000 messages (in-process, tests/bench/long-session.bench.test.ts)…');
    const { json } = vitestFigures(['tests/bench/long-session.bench.test.ts']);
    const at = (messages) => json.filter((f) => f.name === 'append-step' && f.messages === messages);
    const pick = (rows, key) => summary(rows.map((row) => row[key]));
    figures.append = Object.fromEntries(
      [10, 2000].map((messages) => {
        const rows = at(messages);
        return [messages, Object.fromEntries(['statementsPerStep', 'transactionsPerStep', 'dbMsPerStep', 'bytesPerStep', 'newContentPerStep', 'traceBytesPerStep', 'eventBytesPerStep', 'keptBytesPerStep'].map((key) => [key, pick(rows, key)]))];
      }),
    );
  });

  await measure('eventlog', async () => {
    log('event log overhead (tests/bench/run-log.bench.test.ts)…');
    const stream = [];
    const alone = [];
    for (let i = 0; i < (quick ? 1 : 3); i++) {
      const { text } = vitestFigures(['tests/bench/run-log.bench.test.ts']);
      const e2e = /end to end: without the log's writes ([\d.]+) ms, with them ([\d.]+) ms .*CPU ([\d.]+) against ([\d.]+) ms/.exec(text.find((t) => t.startsWith('a 1,000-token stream')) ?? '');
      if (e2e) stream.push({ without: Number(e2e[1]), with: Number(e2e[2]), cpuWithout: Number(e2e[3]), cpuWith: Number(e2e[4]) });
      const bare = /without the log ([\d.]+) ms, with it ([\d.]+) ms/.exec(text.find((t) => t.startsWith('1,000 chunks')) ?? '');
      if (bare) alone.push({ without: Number(bare[1]), with: Number(bare[2]) });
    }
    const summaries = (runs, keys) => Object.fromEntries(keys.map((key) => [key, summary(runs.map((r) => r[key]))]));
    // The end-to-end row compares the medians (report.mjs); the log alone keeps its per-run ratios.
    figures.eventlog = {
      stream: summaries(stream, ['without', 'with', 'cpuWithout', 'cpuWith']),
      alone: { ...summaries(alone, ['without', 'with']), ratio: summary(alone.map((r) => r.with / r.without)) },
    };
  });
}

function describeMachine() {
  const { cpu, mem } = machine();
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (execSync('git status --porcelain', { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()) commit += ' (with uncommitted changes)';
  } catch {
    // not a git checkout (a copy)
  }
  return { cpu, cores: os.cpus().length, memGiB: mem / 2 ** 30, node: process.version, date: new Date().toISOString(), commit };
}

try {
  await main();
} catch (error) {
  results.error = String(error?.stack ?? error);
  console.error(error);
  process.exitCode = 1;
} finally {
  if (browser) await browser.close().catch(() => {});
  for (const proc of processes.splice(0)) await proc.stop().catch(() => {});
}
results.machine = describeMachine();
results.durationS = (Date.now() - started) / 1000;
mkdirSync(path.join(REPO, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(REPO, 'bench', 'results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
if (!args['no-report'] && !only) writeReport(results);
log(`done in ${results.durationS.toFixed(0)} s: bench/results/latest.json${!args['no-report'] && !only ? ', BENCHMARKS.md' : ''}`);
