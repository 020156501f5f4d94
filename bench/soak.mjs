// npm run soak [-- --minutes N] [--runs 20] [--skip-build]: our app (as npm start serves it) under `runs` concurrent
// agent runs, one after another in each lane, for N minutes (default 10). Every 10 s: RSS, open file descriptors and
// sockets of the server process (from /proc, no endpoint in the app), runs done, errors. Then the same a while after
// the runs end. Writes bench/results/soak.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilds, REPO, startOurApp, startScripted } from './lib/apps.mjs';
import { createSession, turn } from './lib/client.mjs';
import { openHandles, settle, treeUsage } from './lib/proc.mjs';
import { agentRun } from './lib/scenarios.mjs';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    runs: { type: 'string', default: '20' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const minutes = Number(args.minutes);
const lanes = Number(args.runs);
const started = Date.now();
const log = (message) => console.log(`[soak ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s] ${message}`);
const MB = 2 ** 20;

if (!args['skip-build']) ensureBuilds({ log });
const scripted = await startScripted();
const app = await startOurApp(scripted);
const samples = [];
const errors = [];
let done = 0;
const sample = (phase) => {
  const { rssBytes, cpuMs } = treeUsage(app.pid);
  const handles = openHandles(app.pid);
  const row = { t: Math.round((Date.now() - started) / 1000), phase, rssMB: Math.round(rssBytes / MB), cpuS: Math.round(cpuMs / 1000), ...handles, runsDone: done, errors: errors.length };
  samples.push(row);
  log(`${phase}: RSS ${row.rssMB} MB, ${row.fds} fds (${row.sockets} sockets), ${done} runs, ${errors.length} errors`);
};

try {
  await settle(app.pid, { maxMs: 3000 });
  sample('baseline');
  // 200 tokens at 50 tok/s and 3 tool steps: about 5 s a run, so each lane starts a new one every few seconds.
  const text = agentRun({ steps: 3, tokens: 200, delayMs: 20 });
  const end = Date.now() + minutes * 60_000;
  const timer = setInterval(() => sample('running'), 10_000);
  let resets = 0;
  const resetTimer = setInterval(() => void scripted.reset().then(() => resets++), 30_000); // the model server keeps every request otherwise
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (Date.now() < end) {
        try {
          const sessionId = await createSession(app);
          const result = await turn(app, { sessionId, text });
          if (result.error || result.steps !== 4) errors.push({ at: Date.now() - started, error: result.error ?? `${result.steps} steps` });
        } catch (error) {
          errors.push({ at: Date.now() - started, error: String(error) });
        }
        done++;
      }
    }),
  );
  clearInterval(timer);
  clearInterval(resetTimer);
  await settle(app.pid, { maxMs: 30_000 });
  sample('ended');
  await new Promise((resolve) => setTimeout(resolve, 30_000));
  sample('30 s after');
} finally {
  await app.stop();
  await scripted.stop();
}

const running = samples.filter((s) => s.phase === 'running');
const first = running[Math.min(running.length - 1, 5)] ?? samples[0]; // after the first minute's warm-up
const last = running.at(-1) ?? samples[0];
const summary = {
  minutes,
  lanes,
  runs: done,
  errors: errors.length,
  errorSamples: errors.slice(0, 5),
  baseline: samples[0],
  peakRssMB: Math.max(...samples.map((s) => s.rssMB)),
  rssTrendMBPerMinute: running.length > 1 ? ((last.rssMB - first.rssMB) / Math.max(1, last.t - first.t)) * 60 : 0,
  fdTrendPerMinute: running.length > 1 ? ((last.fds - first.fds) / Math.max(1, last.t - first.t)) * 60 : 0,
  after: samples.at(-1),
  samples,
};
mkdirSync(path.join(REPO, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(REPO, 'bench', 'results', 'soak.json'), `${JSON.stringify(summary, null, 2)}\n`);
log(
  `${done} runs in ${minutes} min on ${lanes} lanes, ${errors.length} errors; RSS ${summary.baseline.rssMB} MB at rest, peak ${summary.peakRssMB} MB, ` +
    `${summary.rssTrendMBPerMinute.toFixed(1)} MB/min after the first minute, ${summary.after.rssMB} MB 30 s after; fds ${summary.baseline.fds} → ${summary.after.fds} ` +
    `(${summary.fdTrendPerMinute.toFixed(1)}/min while running). bench/results/soak.json`,
);
if (errors.length) process.exitCode = 1;
