/**
 * lib/runtime/memory.mjs's heap policy, in child processes (issue 14, "Memory": with 100 concurrent runs V8 let the
 * old generation fill with garbage to 4× the live heap before collecting, and kept the pages afterwards):
 * - with the policy, a process that keeps ~40 MB live while it churns through garbage peaks at a fraction of the heap
 *   it reaches without it;
 * - a full collection at idle gives the garbage's pages back (the heap shrinks near its live size).
 * Memory sizes, not times.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULE = path.resolve(__dirname, '../../lib/runtime/memory.mjs');

/** Peak heapTotal (MB, sampled every 5 batches) of a churn that keeps the last 100 batches (~40 MB) alive; then the heap after an idle collection. */
function churn(policy: boolean): { peak: number; afterCollection: number; live: number } {
  const script = `
    const memory = await import(${JSON.stringify(MODULE)});
    if (${policy}) memory.applyHeapPolicy();
    const mb = (bytes) => Math.round(bytes / 1048576);
    let peak = 0;
    let kept = [];
    for (let i = 0; i < 2000; i++) {
      kept.push(Array.from({ length: 2000 }, (_, k) => ({ k, s: 'item ' + i + ' ' + k, a: [i, k] })));
      if (kept.length > 100) kept.shift();
      if (i % 5 === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        peak = Math.max(peak, process.memoryUsage().heapTotal);
      }
    }
    kept = kept.slice(-100);
    const live = process.memoryUsage().heapUsed;
    memory.fullCollection()();
    console.log(JSON.stringify({ peak: mb(peak), afterCollection: mb(process.memoryUsage().heapTotal), live: mb(live) }));
    kept.length = 0;
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  return JSON.parse(out.trim()) as { peak: number; afterCollection: number; live: number };
}

describe('the heap policy', () => {
  it('bounds how far the heap grows past its live size, and an idle collection gives the garbage back', () => {
    const without = churn(false);
    const withPolicy = churn(true);
    // Measured: 0.52–0.65 of the peak without it when sampled every 25 batches, 0.71 once in a clean-clone run
    // (2026-11-27, the machine busy with other test files); 0.56–0.63 sampled every 5, quiet and under two busy cores.
    // Two runs without the policy differ by up to ±8 %: a policy that is not applied gives ~1.
    expect(withPolicy.peak).toBeLessThan(without.peak * 0.8);
    // After the full collection the heap is near what is live (~40 MB of batches plus the runtime's own), not its peak.
    expect(without.afterCollection).toBeLessThan(without.peak * 0.5);
    expect(withPolicy.afterCollection).toBeLessThan(withPolicy.peak);
  }, 60_000);
});
