// Each figure of `npm run bench`, measured on our app and (where it has one) the floor, in the same run.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createClient } from '@libsql/client';
import { FLOOR, REPO } from './apps.mjs';
import { openSession, tokenToDom } from './browser.mjs';
import { createSession, now, stampsIn, turn } from './client.mjs';
import { sampleMemory, settle, treeUsage } from './proc.mjs';
import { agentRun } from './scenarios.mjs';
import { seedSession } from './seed.mjs';
import { growthExponent, median, percentile, summary } from './stats.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh conversation for one measured turn: a new session of ours, an empty history for the floor. */
async function freshTurn(app, text) {
  const sessionId = app.kind === 'app' ? await createSession(app) : undefined;
  return turn(app, { sessionId, text });
}

function checkTurn(result, what, steps) {
  if (result.error) throw new Error(`${what}: ${result.error}`);
  if (steps !== undefined && result.steps !== steps) throw new Error(`${what}: ${result.steps} steps, expected ${steps}`);
}

/** 20 tool steps and an answer on a zero-latency model: client-observed wall time. */
export async function wallTwentySteps({ app, reps, warmUp = true }) {
  const text = agentRun({ steps: 20 });
  if (warmUp) checkTurn(await freshTurn(app, text), 'warm-up', 21);
  const walls = [];
  for (let i = 0; i < reps; i++) {
    const result = await freshTurn(app, text);
    checkTurn(result, '20-step run', 21);
    walls.push(result.wallMs);
  }
  return summary(walls);
}

/**
 * Server CPU per step with `history` messages before the turn: the app's process tree CPU (utime + stime) over a
 * 20-step run on a zero-latency model (another process), divided by its steps, including saving its end. With
 * `pauseMs`, the turn starts after that long with no request (the first turn after a pause).
 */
export async function cpuPerStep({ app, scripted, reps, history, seedCache, warmUp = true, pauseMs = 0 }) {
  const samples = [];
  for (let i = warmUp ? 0 : 1; i < reps + 1; i++) {
    const seeded = history ? await seedSession(seedCache.app, history, {}, seedCache) : undefined;
    const sessionId = app.kind === 'app' ? (seeded?.sessionId ?? (await createSession(app))) : undefined;
    await scripted.reset();
    await settle(app.pid, { maxMs: 3000 });
    // A person's next turn comes after reading and typing: whatever the server does when idle has happened by then.
    if (pauseMs) await sleep(pauseMs);
    const before = treeUsage(app.pid).cpuMs;
    const result = await turn(app, { sessionId, history: seeded?.messages ?? [], text: agentRun({ steps: 20 }) });
    checkTurn(result, `CPU run at ${history} messages`, 21);
    await settle(app.pid, { maxMs: 5000 });
    const cpu = treeUsage(app.pid).cpuMs - before;
    if (i > 0) samples.push(cpu / result.steps); // the first is a warm-up
  }
  return summary(samples);
}

/** Token → DOM in headless Chromium, one run: p50 and p95 over its tokens. */
export async function tokenToDomRun({ app, browser, tokens = 200, delayMs = 20, markup = false }) {
  const { latencies, complete } = await tokenToDom(browser, app, { tokens, delayMs, markup });
  if (!complete) throw new Error(`token→DOM: ${latencies.length} of ${tokens} tokens reached the page`);
  return { p95: percentile(latencies, 95), p50: percentile(latencies, 50) };
}

/** Is every run's answer stored whole? Each session's last assistant message carries all the run's tokens. */
async function persistedRuns(app, sessionIds, tokens) {
  const client = createClient({ url: `file:${app.db}` });
  try {
    let complete = 0;
    let running = 0;
    for (const id of sessionIds) {
      const run = (await client.execute({ sql: 'SELECT status, message_id FROM runs WHERE session_id = ? ORDER BY started_at DESC LIMIT 1', args: [id] })).rows[0];
      if (!run) continue;
      if (run.status === 'running') running++;
      const row = (await client.execute({ sql: 'SELECT message FROM messages WHERE id = ?', args: [run.message_id] })).rows[0];
      if (run.status === 'completed' && row && stampsIn(String(row.message)).length === tokens) complete++;
    }
    return { complete, running };
  } finally {
    client.close();
  }
}

const IDLE_WAIT_MS = 10_000;

/**
 * `runs` concurrent paced runs (`tokens` at 1000/`delayMs` tok/s, `steps` tool steps), `batches` times: errors, added
 * inter-chunk delay (client-observed gap minus the model's pacing, from the send stamps in the tokens), peak RSS,
 * RSS after each batch, for our app whether every run was persisted, and RSS once idle after the last batch.
 */
export async function concurrentRuns({ app, scripted, runs = 100, tokens = 1000, delayMs = 20, steps = 5, batches = 3, log }) {
  const text = agentRun({ steps, tokens, delayMs, stamp: true });
  await settle(app.pid, { maxMs: 3000 });
  const baselineRss = treeUsage(app.pid).rssBytes;
  const out = { baselineRss, runs, tokens, steps, batches: [] };
  for (let b = 0; b < batches; b++) {
    await scripted.reset();
    const sessionIds = app.kind === 'app' ? await Promise.all(Array.from({ length: runs }, () => createSession(app))) : [];
    const sampler = sampleMemory(app.pid, 250);
    const added = [];
    const t0 = now();
    const results = await Promise.all(
      Array.from({ length: runs }, (_, i) => {
        let last;
        let seen = 0;
        return turn(app, {
          sessionId: sessionIds[i],
          text,
          onChunk(chunk, at) {
            if (chunk.type !== 'text-delta') return;
            const stamps = stampsIn(chunk.delta);
            if (!stamps.length) return;
            seen += stamps.length;
            // Every token counts, so a token that went out together with later ones shows its wait: in a chunk of
            // several, the first adds its gap since the previous token minus its pacing, each later one 0 minus its pacing.
            for (const stamp of stamps) {
              if (last) added.push(at - last.at - (stamp - last.stamp));
              last = { at, stamp };
            }
          },
        }).then((result) => ({ ...result, tokens: seen }));
      }),
    );
    const wallMs = now() - t0;
    const errors = results.filter((result) => result.error || result.tokens !== tokens);
    let persisted;
    if (app.kind === 'app') {
      const deadline = Date.now() + 30_000;
      do {
        await sleep(500);
        persisted = await persistedRuns(app, sessionIds, tokens);
      } while (persisted.complete < runs && persisted.running > 0 && Date.now() < deadline);
    }
    await settle(app.pid, { maxMs: 10_000 });
    await sleep(2000);
    const samples = sampler.stop();
    const batch = {
      wallMs,
      errors: errors.length,
      errorSamples: errors.slice(0, 3).map((result) => result.error ?? `${result.tokens} of ${tokens} tokens`),
      addedDelayP99: percentile(added, 99),
      addedDelayP50: percentile(added, 50),
      peakRss: Math.max(...samples.map((s) => s.rssBytes), 0),
      rssAfter: treeUsage(app.pid).rssBytes,
      persisted: persisted?.complete,
    };
    log(`  batch ${b + 1}: ${JSON.stringify({ ...batch, peakRss: `${(batch.peakRss / 2 ** 20).toFixed(0)} MB`, rssAfter: `${(batch.rssAfter / 2 ** 20).toFixed(0)} MB` })}`);
    out.batches.push(batch);
  }
  // Whether memory goes back once the runs are over: no request for IDLE_WAIT_MS (the app collects after 5 s idle).
  await sleep(IDLE_WAIT_MS);
  out.rssIdle = treeUsage(app.pid).rssBytes;
  log(`  ${IDLE_WAIT_MS / 1000} s after the last batch, no requests: RSS ${(out.rssIdle / 2 ** 20).toFixed(0)} MB (baseline ${(baselineRss / 2 ** 20).toFixed(0)} MB)`);
  return out;
}

/** Gzipped first-load JS of a route, from Next's route-bundle-stats. */
export function firstLoadJs(distDir, route) {
  const stats = JSON.parse(readFileSync(path.join(distDir, 'diagnostics', 'route-bundle-stats.json'), 'utf8'));
  const entry = stats.find((r) => r.route === route);
  if (!entry) throw new Error(`no ${route} in ${distDir}/diagnostics/route-bundle-stats.json`);
  const root = path.dirname(distDir);
  const gz = entry.firstLoadChunkPaths.map((chunk) => gzipSync(readFileSync(path.join(root, chunk)), { level: 9 }).length).reduce((a, b) => a + b, 0);
  return { gzBytes: gz, rawBytes: entry.firstLoadUncompressedJsBytes };
}

export function bundleFigure() {
  return { app: firstLoadJs(path.join(REPO, '.next'), '/s/[id]'), floor: firstLoadJs(path.join(FLOOR, '.next'), '/') };
}

/** Opening a seeded session of `count` messages; optionally streaming a run into it. */
export async function pageOpen({ app, browser, count, reps, seedCache, stream }) {
  const opens = [];
  let last;
  for (let i = 0; i < reps; i++) {
    const lastText = `Last message of ${count}, number ${i} ${Math.random().toString(36).slice(2, 8)}.`;
    const { sessionId } = await seedSession(app, count, { lastText }, seedCache);
    const t0 = now();
    const html = await fetch(`${app.url}/s/${sessionId}`).then((response) => response.text());
    const htmlMs = now() - t0;
    last = await openSession(browser, app, { sessionId, lastText, stream: i === reps - 1 ? stream : undefined });
    opens.push({ ...last, htmlMs, htmlBytes: Buffer.byteLength(html) });
  }
  const streaming = last?.streaming;
  return {
    lastVisible: summary(opens.map((o) => o.lastVisibleMs)),
    html: summary(opens.map((o) => o.htmlMs)),
    htmlBytes: median(opens.map((o) => o.htmlBytes)),
    domNodes: median(opens.map((o) => o.domNodes)),
    openLongTaskMs: median(opens.map((o) => o.openLongTasks.reduce((sum, task) => sum + task.duration, 0))),
    streaming: streaming && {
      complete: streaming.complete,
      longestTaskMs: Math.max(0, ...streaming.longTasks.map((task) => task.duration)),
      tasksOver50: streaming.longTasks.filter((task) => task.duration > 50).length,
      tokenP50: percentile(streaming.latencies, 50),
      tokenP95: percentile(streaming.latencies, 95),
    },
  };
}

/** Runs vitest bench files and answers their `[figure-json]` lines and `[figure]` texts. */
export function vitestFigures(files, env = {}) {
  const result = spawnSync(process.execPath, [path.join(REPO, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'vitest.bench.config.ts', ...files], {
    cwd: REPO,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const output = `${result.stdout}\n${result.stderr}`;
  const json = [...output.matchAll(/\[figure-json\] (\{.*\})/g)].map((m) => JSON.parse(m[1]));
  const text = [...output.matchAll(/\[figure\] (.*)/g)].map((m) => m[1]);
  if (result.status !== 0) throw new Error(`vitest ${files.join(' ')} failed:\n${output.slice(-3000)}`);
  return { json, text };
}

export { growthExponent };
