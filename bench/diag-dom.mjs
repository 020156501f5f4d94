// Diagnosis, not a figure of `npm run bench`: where a run's token → DOM latency goes, token by token. Streams
// stamped runs into fresh sessions (or a seeded one) and prints, per run, p50/p95, the first 10 tokens' latencies
// against the steady state (tokens 20 on), and the long tasks (their start relative to Send).
//   npx next build && node scripts/standalone.mjs && node bench/diag-dom.mjs [--runs 5] [--tokens 200] [--messages 0|2000]
// Run it from each of two copies of the tree, interleaved, to compare builds under the same load.
import { parseArgs } from 'node:util';
import { startScripted, startOurApp } from './lib/apps.mjs';
import { launchBrowser, openSession, tokenToDom } from './lib/browser.mjs';
import { seedSession } from './lib/seed.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, tokens: { type: 'string', default: '200' }, messages: { type: 'string', default: '0' } } });
const tokens = Number(values.tokens);
const messages = Number(values.messages);
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const median = (xs) => pct([...xs].sort((a, b) => a - b), 0.5);
const scripted = await startScripted();
const app = await startOurApp(scripted);
const browser = await launchBrowser();
try {
  for (let r = 0; r < Number(values.runs); r++) {
    let result;
    if (messages > 0) {
      const lastText = `Last message ${Math.random().toString(36).slice(2, 8)}.`;
      const { sessionId } = await seedSession(app, messages, { lastText });
      result = (await openSession(browser, app, { sessionId, lastText, stream: { tokens, delayMs: 20 } })).streaming;
    } else result = await tokenToDom(browser, app, { tokens, delayMs: 20 });
    const { latencies, longTasks } = result;
    const sorted = [...latencies].sort((a, b) => a - b);
    const first = latencies.slice(0, 10);
    const steady = latencies.slice(20);
    const t0 = longTasks.length ? Math.min(...longTasks.map((t) => t.start)) : 0;
    console.log(
      `run ${r}: p50 ${pct(sorted, 0.5).toFixed(1)} p95 ${pct(sorted, 0.95).toFixed(1)} | first 10: median ${median(first).toFixed(1)} max ${Math.max(...first).toFixed(1)} [${first.map((l) => Math.round(l)).join(' ')}]` +
        ` | steady (20+): median ${median(steady).toFixed(1)} p95 ${pct([...steady].sort((a, b) => a - b), 0.95).toFixed(1)}` +
        ` | long tasks: ${longTasks.map((t) => `${Math.round(t.duration)}ms`).join(' ') || 'none'} (longest ${Math.round(Math.max(0, ...longTasks.map((t) => t.duration)))} ms; first at +${Math.round(t0)})`,
    );
  }
} finally {
  await browser.close();
  await app.stop?.();
  await scripted.stop?.();
  process.exit(0);
}
