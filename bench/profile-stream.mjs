// Where the main thread's time goes while a run streams into a session page: a CPU profile (CDP) of the page during
// a stamped run, the long tasks (PerformanceObserver) alongside, and the samples inside the long tasks attributed to
// source files and functions through the build's source maps (build with BUNDLE_SOURCE_MAPS=1 for names); the DOM
// nodes added and removed in the run's first 3 s; and the streaming part's CPU by frame (inclusive). Not a figure of
// `npm run bench`: a tool for finding where a figure's time goes. React's own chunk has no source map (minified names).
//   BUNDLE_SOURCE_MAPS=1 npx next build && node bench/profile-stream.mjs [--messages 2000] [--tokens 200] [--top 30] [--over 30] [--settle 1500] [--save profile.json]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FlattenMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { REPO, startOurApp, startScripted } from './lib/apps.mjs';
import { launchBrowser } from './lib/browser.mjs';
import { createSession } from './lib/client.mjs';
import { agentRun } from './lib/scenarios.mjs';
import { seedSession } from './lib/seed.mjs';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '2000' }, tokens: { type: 'string', default: '200' }, top: { type: 'string', default: '30' }, over: { type: 'string', default: '30' }, settle: { type: 'string', default: '1500' }, save: { type: 'string' } } });
const count = Number(values.messages);
const procs = [];
const maps = new Map();
function mapFrame(frame) {
  const m = /\/_next\/(static\/.*\.js)/.exec(frame.url);
  if (!m) return `${frame.functionName || '(anon)'} ${frame.url ? path.basename(frame.url) : ''}`.trim();
  const file = path.join(REPO, '.next', m[1]);
  if (!maps.has(file)) {
    const named = existsSync(file) && /sourceMappingURL=(\S+)\s*$/.exec(readFileSync(file, 'utf8').slice(-300))?.[1];
    const mapFile = named ? path.join(path.dirname(file), named) : `${file}.map`;
    maps.set(file, existsSync(mapFile) ? new FlattenMap(readFileSync(mapFile, 'utf8')) : null);
  }
  const map = maps.get(file);
  if (!map) return `${frame.functionName || '(anon)'} ${path.basename(file)}`;
  const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (pos.source ?? '?').replace(/^.*?node_modules\//, 'nm:').replace(/^.*?\[project\]\//, '').replace(/^turbopack:\/\/\//, '');
  return `${pos.name ?? frame.functionName ?? '(anon)'} ${source}:${pos.line}`;
}
try {
  const scripted = await startScripted();
  procs.push(scripted);
  const app = await startOurApp(scripted);
  procs.push(app);
  const lastText = `Last message ${Math.random().toString(36).slice(2, 8)}.`;
  const sessionId = count > 0 ? (await seedSession(app, count, { lastText })).sessionId : await createSession(app);
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__lt = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lt.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true });
    window.__muts = [];
    const describe = (n) => n.nodeType === 1 ? `${n.tagName.toLowerCase()}${n.dataset?.testid ? '#' + n.dataset.testid : ''}${n.dataset?.transcriptRow ? '[row]' : ''}${n.dataset?.slot ? '.' + n.dataset.slot : ''}(${n.getElementsByTagName('*').length})` : n.nodeType === 3 ? 'text' : 'other';
    new MutationObserver((records) => { const at = performance.now(); for (const r of records) { for (const n of r.removedNodes) window.__muts.push({ at, kind: '-', what: describe(n), parent: describe(r.target) }); for (const n of r.addedNodes) window.__muts.push({ at, kind: '+', what: describe(n), parent: describe(r.target) }); } }).observe(document, { subtree: true, childList: true });
  });
  await page.goto(`${app.url}/s/${sessionId}`);
  await page.getByTestId('theme-toggle').locator('[aria-checked="true"]').first().waitFor({ timeout: 180_000 });
  // How long the page settles after it answers input before Send (0: at once, as the bench's streaming figure does).
  await page.waitForTimeout(Number(values.settle));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const since = await page.evaluate(() => performance.now());
  await cdp.send('Profiler.start');
  const tokens = Number(values.tokens);
  await page.getByTestId('composer-input').fill(agentRun({ steps: 0, tokens, delayMs: 20, stamp: true }));
  await page.getByTestId('send-button').click();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const text = await page.evaluate(() => document.querySelector('[data-testid=transcript]')?.textContent.match(/tk\d+x\d+/g)?.length ?? 0);
    if (text >= tokens) break;
    await page.waitForTimeout(200);
  }
  await page.waitForTimeout(500);
  const { profile } = await cdp.send('Profiler.stop');
  if (values.save) writeFileSync(values.save, JSON.stringify({ profile, since }));
  const longTasks = (await page.evaluate(() => window.__lt)).filter((t) => t.start >= since);
  const muts = (await page.evaluate(() => window.__muts)).filter((m) => m.at >= since && m.at < since + 3000);
  const agg = new Map();
  for (const m of muts) { const k = `${m.kind} ${m.what.replace(/\(\d+\)$/, '')} in ${m.parent.replace(/\(\d+\)$/, '')}`; const v = agg.get(k) ?? { n: 0, nodes: 0, first: m.at - since }; v.n++; v.nodes += Number(/\((\d+)\)$/.exec(m.what)?.[1] ?? 0) + 1; agg.set(k, v); }
  for (const [k, v] of [...agg].sort((a, b) => b[1].nodes - a[1].nodes).slice(0, 25)) console.log(`${String(v.nodes).padStart(6)} nodes ${String(v.n).padStart(4)}x first@${v.first.toFixed(0)} ${k}`);
  console.log('long tasks:', longTasks.map((t) => `${t.duration.toFixed(0)}ms @${(t.start - since).toFixed(0)}`).join(', '));
  // Profile timestamps are in µs of a monotonic clock; align with performance.now via the profile's startTime ≈ since.
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  let t = profile.startTime;
  const samples = profile.samples.map((id, i) => ({ id, at: (t += profile.timeDeltas[i]) }));
  // The profile's clock is not the page's: its start is taken as `since` (read just before Profiler.start), ±1 ms.
  const toPerf = (us) => since + (us - profile.startTime) / 1000;
  {
    const total = new Map();
    let all = 0;
    for (const s of samples) {
      if (toPerf(s.at) < since + 1500) continue; // the run's start is the long-task report's business
      all++;
      const seen = new Set();
      for (let id = s.id; id != null; id = parent.get(id)) {
        const f = nodes.get(id).callFrame;
        if (!f.url && f.functionName !== '(program)' && f.functionName !== '(garbage collector)') continue;
        const key = f.url ? mapFrame(f) : f.functionName;
        if (seen.has(key)) continue;
        seen.add(key);
        total.set(key, (total.get(key) ?? 0) + 1);
      }
    }
    console.log(`\n=== streaming (after the first 1.5 s): ${all} samples; inclusive time by frame, our sources`);
    for (const [k, v] of [...total].sort((a, b) => b[1] - a[1]).filter(([k]) => !/\.js$/.test(k)).slice(0, 60)) console.log(((v * 0.2).toFixed(1)).padStart(7), k);
  }
  for (const task of longTasks.filter((lt) => lt.duration > Number(values.over)).sort((a, b) => b.duration - a.duration).slice(0, 4)) {
    const inside = samples.filter((s) => toPerf(s.at) >= task.start - 2 && toPerf(s.at) <= task.start + task.duration + 2);
    const self = new Map();
    const total = new Map();
    for (const s of inside) {
      const top = mapFrame(nodes.get(s.id).callFrame);
      self.set(top, (self.get(top) ?? 0) + 1);
      const seen = new Set();
      for (let id = s.id; id != null; id = parent.get(id)) {
        const f = nodes.get(id).callFrame;
        if (!f.url) continue;
        const key = mapFrame(f);
        if (seen.has(key)) continue;
        seen.add(key);
        total.set(key, (total.get(key) ?? 0) + 1);
      }
    }
    const ms = (n) => ((n * 0.2)).toFixed(1);
    console.log(`\n=== task ${task.duration.toFixed(0)} ms at +${(task.start - since).toFixed(0)} ms, ${inside.length} samples`);
    console.log('-- self');
    for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(ms(v).padStart(7), k);
    console.log('-- total (our files and react)');
    for (const [k, v] of [...total].sort((a, b) => b[1] - a[1]).filter(([k]) => !k.includes('nm:next/dist/compiled/react-dom') || true).slice(0, Number(values.top) * 2)) console.log(ms(v).padStart(7), k);
  }
  await browser.close();
} finally {
  for (const p of procs.reverse()) await p.stop?.();
}
