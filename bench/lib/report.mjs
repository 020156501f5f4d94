// BENCHMARKS.md: the generated part lives between two markers, so a rerun replaces the table and keeps what people
// wrote around it (the "why" of each miss).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from './apps.mjs';

const START = '<!-- bench:generated:start (npm run bench rewrites everything between these markers) -->';
const END = '<!-- bench:generated:end -->';
const FILE = path.join(REPO, 'BENCHMARKS.md');

const MIB = 2 ** 20;
const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const range = (s, digits = 1, unit = ' ms') => (s ? `${fmt(s.median, digits)}${unit} (${fmt(s.min, digits)}–${fmt(s.max, digits)})` : '–');
const ratio = (us, floor) => (Number.isFinite(us / floor) ? `${(us / floor).toFixed(2)}×` : '–');
const verdict = (ok) => (ok === undefined ? '–' : ok ? 'pass' : '**MISS**');

function rows(figures) {
  const out = [];
  const row = (figure, floor, us, r, target, ok) => out.push({ figure, floor, us, ratio: r, target, ok });
  const { wall, cpu, pause, dom, domMarkup, concurrent, append, open, bundle, growth, eventlog } = figures;

  if (wall) row('20-step tool run, zero-latency model (wall)', range(wall.floor, 0), range(wall.app, 0), ratio(wall.app.median, wall.floor.median), '≤ 1.2× the floor', wall.app.median <= 1.2 * wall.floor.median);
  if (cpu) row('server CPU per step, 100 messages of history', range(cpu.floor, 2), range(cpu.app, 2), ratio(cpu.app.median, cpu.floor.median), '≤ 2 ms median', cpu.app.median <= 2);
  // The issue's "excluding model and tools" read as what the floor does not do: the app's CPU beyond the floor's (the SDK's own work on the model call, the request and Next are in both). The row above keeps the target as written.
  if (cpu) row('the same, beyond the floor (app minus floor, medians)', '–', `${(cpu.app.median - cpu.floor.median).toFixed(2)} ms`, '', '(for reference: the ≤ 2 ms read as our own overhead)', undefined);
  if (pause) row('the same, for a turn after a 5 s pause', range(pause.floor, 2), range(pause.app, 2), ratio(pause.app.median, pause.floor.median), '(for reference: no dearer than the row above)', undefined);
  if (dom) {
    row('token → DOM, p95 (median of runs)', range(dom.floor.p95), range(dom.app.p95), ratio(dom.app.p95.median, dom.floor.p95.median), '≤ 30 ms and ≤ 1.5× the floor', dom.app.p95.median <= 30 && dom.app.p95.median <= 1.5 * dom.floor.p95.median);
    row('token → DOM, p50', range(dom.floor.p50), range(dom.app.p50), ratio(dom.app.p50.median, dom.floor.p50.median), '(for reference)', undefined);
  }
  if (domMarkup) {
    row('token → DOM, p95, every tenth token bold (the page parses the streaming paragraph)', range(domMarkup.floor.p95), range(domMarkup.app.p95), ratio(domMarkup.app.p95.median, domMarkup.floor.p95.median), '(for reference: the parser at every token)', undefined);
  }
  if (concurrent?.app) {
    const side = (s) => concurrent[s]?.batches ?? [];
    const errors = (s) => side(s).reduce((sum, b) => sum + b.errors, 0);
    const p99 = (s) => Math.max(...side(s).map((b) => b.addedDelayP99));
    const peak = (s) => Math.max(...side(s).map((b) => b.peakRss)) / MIB;
    const after = (s) => side(s).map((b) => `${fmt(b.rssAfter / MIB, 0)}`).join(' → ');
    const growthOf = (s) => {
      const b = side(s);
      return b.length > 1 ? (b.at(-1).rssAfter - b[0].rssAfter) / b[0].rssAfter : 0;
    };
    row('100 concurrent runs: errors (3 batches)', `${errors('floor')}`, `${errors('app')}`, '', '0', errors('app') === 0);
    row('100 concurrent runs: p99 added inter-chunk delay (worst batch)', `${fmt(p99('floor'))} ms`, `${fmt(p99('app'))} ms`, ratio(p99('app'), p99('floor')), '≤ 100 ms', p99('app') <= 100);
    row('100 concurrent runs: peak RSS', `${fmt(peak('floor'), 0)} MB`, `${fmt(peak('app'), 0)} MB`, ratio(peak('app'), peak('floor')), '≤ 800 MB', peak('app') <= 800);
    row(
      '100 concurrent runs: RSS after each batch (MB; baseline)',
      `${after('floor')} (${fmt(concurrent.floor.baselineRss / MIB, 0)})`,
      `${after('app')} (${fmt(concurrent.app.baselineRss / MIB, 0)})`,
      '',
      'flat: batch 3 within 5% of batch 1 (the floor runs one batch)',
      growthOf('app') <= 0.05,
    );
    if (concurrent.app.rssIdle !== undefined) {
      const idle = (s) => `${fmt(concurrent[s].rssIdle / MIB, 0)} (${fmt(concurrent[s].baselineRss / MIB, 0)})`;
      row('100 concurrent runs: RSS 10 s after the last batch, idle (MB; baseline)', idle('floor'), idle('app'), '', 'back near the baseline (the issue\'s "Memory" item)', undefined);
    }
    const persisted = side('app').reduce((sum, b) => sum + (b.persisted ?? 0), 0);
    row('100 concurrent runs: runs persisted whole', '–', `${persisted} of ${side('app').length * 100}`, '', 'every run', persisted === side('app').length * 100);
  }
  if (append) {
    const a = append[10];
    const b = append[2000];
    row('appending a step: statements per step at 10 → 2,000 messages', '–', `${fmt(a.statementsPerStep.median)} → ${fmt(b.statementsPerStep.median)} (+${fmt(a.transactionsPerStep.median)} → ${fmt(b.transactionsPerStep.median)} transactions)`, '', 'new rows only (no growth with length)', b.statementsPerStep.median <= a.statementsPerStep.median + 0.5);
    row('appending a step to a 2,000-message session: database time', '–', range(b.dbMsPerStep, 2), '', '≤ 5 ms median', b.dbMsPerStep.median <= 5);
    row(
      'database bytes per step at 2,000 messages',
      '–',
      `${fmt(b.bytesPerStep.median / 1024)} KiB for ${fmt(b.newContentPerStep.median, 0)} B of content (traces ${fmt(b.traceBytesPerStep.median / 1024)} KiB, run log ${fmt(b.eventBytesPerStep.median / 1024)} KiB${b.keptBytesPerStep ? `; ${fmt(b.keptBytesPerStep.median / 1024)} KiB, ${fmt(b.keptBytesPerStep.median / b.newContentPerStep.median, 1)}×, once the run log is pruned 10 min after the run` : ''})`,
      `${fmt(b.bytesPerStep.median / b.newContentPerStep.median, 1)}×`,
      '≤ 10× the new content',
      b.bytesPerStep.median <= 10 * b.newContentPerStep.median,
    );
  }
  if (open) {
    row('opening a 2,000-message session: last message visible', '–', `${range(open.lastVisible, 0)}; HTML ${fmt(open.htmlBytes / MIB, 2)} MiB in ${fmt(open.html.median, 0)} ms, ${open.domNodes} DOM nodes`, '', '≤ 1.5 s', open.lastVisible.median <= 1500);
    if (open.streaming)
      row('streaming into it: longest main-thread task', '–', `${fmt(open.streaming.longestTaskMs, 0)} ms (${open.streaming.tasksOver50} tasks > 50 ms; token → DOM p50 ${fmt(open.streaming.tokenP50)} ms, p95 ${fmt(open.streaming.tokenP95)} ms)`, '', 'no task > 50 ms', open.streaming.tasksOver50 === 0);
  }
  if (bundle) row('session page first-load JS (gz)', `${fmt(bundle.floor.gzBytes / 1024)} KiB`, `${fmt(bundle.app.gzBytes / 1024)} KiB`, ratio(bundle.app.gzBytes, bundle.floor.gzBytes), '≤ 1.3× the floor', bundle.app.gzBytes <= 1.3 * bundle.floor.gzBytes);
  if (growth) {
    const curve = (key, pick) => growth.points.map((p) => `${p.n}: ${pick(p[key])}`).join(', ');
    row('growth: CPU per step by history length', '–', curve('cpuPerStep', (s) => `${fmt(s.median, 2)} ms`), `n^${fmt(growth.cpuExponent, 2)}`, 'no worse than linear (exponent ≤ 1)', growth.cpuExponent <= 1.05);
    row('growth: page open (last message visible)', '–', curve('lastVisible', (s) => `${fmt(s.median, 0)} ms`), `n^${fmt(growth.openExponent, 2)}`, 'no worse than linear (exponent ≤ 1)', growth.openExponent <= 1.05);
  }
  if (eventlog?.stream) {
    const { stream } = eventlog;
    row(
      "event log overhead: a 1,000-token stream at full speed through the chat route, without the log's writes → with them (wall)",
      '–',
      `${range(stream.without, 1)} → ${range(stream.with, 1)} (CPU ${fmt(stream.cpuWithout.median, 1)} → ${fmt(stream.cpuWith.median, 1)} ms)`,
      ratio(stream.with.median, stream.without.median),
      '≤ 1.1× without',
      stream.with.median <= 1.1 * stream.without.median,
    );
  }
  if (eventlog?.alone) row('the log alone: 1,000 chunks through it, against a bare in-memory stream', range(eventlog.alone.without, 2), range(eventlog.alone.with, 2), `${fmt(eventlog.alone.ratio.median, 2)}×`, '(for reference: the log\'s own cost, no model or route)', undefined);
  return out;
}

export function renderTable(results) {
  const m = results.machine;
  const lines = [
    START,
    '',
    `Measured ${m.date.slice(0, 16).replace('T', ' ')} UTC at commit ${m.commit}${results.quick ? ', **--quick** (fewer repetitions)' : ''}, in ${fmt(results.durationS / 60, 1)} min.`,
    `Machine: ${m.cpu}, ${m.cores} cores, ${fmt(m.memGiB, 1)} GiB RAM, Node ${m.node}.`,
    '',
    'Medians, with min–max over the repetitions in brackets. "floor" is bench/floor (useChat + streamText, same packages), "us" the app as `npm start` serves it; both on their own scripted model server.',
    '',
    '| figure | floor | us | ratio | target | result |',
    '|---|---|---|---|---|---|',
    ...rows(results.figures).map((r) => `| ${r.figure} | ${r.floor} | ${r.us} | ${r.ratio} | ${r.target} | ${verdict(r.ok)} |`),
    '',
  ];
  if (results.error) lines.push('The run stopped early:', '', '```', results.error.slice(0, 2000), '```', '');
  for (const [name, failure] of Object.entries(results.failures ?? {})) lines.push(`**${name}** could not be measured: \`${failure.split('\n')[0].replaceAll('`', "'").slice(0, 300)}\``, '');
  const misses = rows(results.figures).filter((r) => r.ok === false);
  if (misses.length) lines.push(`Missed: ${misses.map((r) => r.figure).join('; ')}. Why: see below.`, '');
  lines.push(END);
  return lines.join('\n');
}

const SKELETON = `# Benchmarks

\`npm run bench\` (about 12 minutes on 2 cores; \`-- --quick\` for fewer repetitions) builds the app and the floor
(bench/floor: a bare AI SDK app on the same package versions), starts both with production servers and a scripted model
server each, and measures every figure side by side. \`npm run soak\` runs 20 concurrent runs for 10 minutes
(\`-- --minutes N\`) and reports memory, open handles and errors. Raw figures: bench/results/latest.json.

How each figure is measured: bench/README.md.

${START}
${END}

## Why targets are missed

<!-- Filled in by hand after a run: one line per MISS above, with what the profile shows. Kept across reruns. -->

_(to be written by the lead)_
`;

export function writeReport(results) {
  const current = existsSync(FILE) ? readFileSync(FILE, 'utf8') : SKELETON;
  const base = current.includes(START) && current.includes(END) ? current : `${current.trimEnd()}\n\n${START}\n${END}\n`;
  const before = base.slice(0, base.indexOf(START));
  const after = base.slice(base.indexOf(END) + END.length);
  writeFileSync(FILE, `${before}${renderTable(results)}${after}`);
}
