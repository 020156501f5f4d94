// @ts-check
/**
 * How the server's JavaScript heap grows and when it gives memory back (issue 14, "Memory").
 *
 * Measured with 100 concurrent runs on 2 cores (bench/README.md, "Memory hunts"): the live heap
 * stays near 220 MB, but V8 let the old generation fill with garbage to ~800 MB before a full
 * collection (its growing factor goes up to 4× the live size when allocation is fast), and it kept
 * those pages after the runs ended, so RSS peaked over 1 GB and stayed where the last batch left it.
 * Two bounds:
 * - the old generation grows to twice what was live after the last full collection
 *   (HEAP_GROWING_PERCENT), instead of up to 4×: more full collections under load, each of a
 *   smaller heap (measured: peak RSS ~1,070 → ~515 MB, no more CPU; 50 % gave the same peak);
 * - once nothing has happened for IDLE_MS (no request came, no run is going on), one full
 *   compacting collection, which returns the freed pages to the OS (tens of ms for a few hundred MB;
 *   V8's own memory reducer never shrank the heap here). Never while a run is going on, once per
 *   busy spell, and only when the heap has grown by GIVE_BACK_MIN_BYTES since the last one: the
 *   compacted heap makes the next turn slower (a 20-step run on a 100-message session after 3.5 s
 *   idle, 4 rounds: 24–31 ms of CPU per step and 385–474 ms wall with the collection, 18–21 ms and
 *   290–344 ms without it), and after one person's turn it gave back ~10 MB (heap 190 → 180 MB).
 *   After a burst of runs the heap has grown by hundreds of MB, and it still collects.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

const HEAP_GROWING_PERCENT = 100;
const IDLE_MS = 2_000;
/** Less than this to give back is not worth the slower turn after a collection. */
const GIVE_BACK_MIN_BYTES = 64 * 2 ** 20;
const heapTotal = () => process.memoryUsage().heapTotal;

/** Sets V8's heap growing factor for this process; V8 reads the flag at every full collection. */
export function applyHeapPolicy(growingPercent = HEAP_GROWING_PERCENT) {
  v8.setFlagsFromString(`--heap-growing-percent=${growingPercent}`);
}

/**
 * A full collection that compacts the heap, without exposing `gc` to the rest of the process: the
 * flag is on only while a fresh context is made, whose `gc` is bound to this isolate. A plain full
 * collection freed the garbage but left the heap at ~2.5× what was live (pages half full of
 * survivors); compacting every page brought it to ~1.2× (measured after 100 runs: RSS 489 → 300 MB,
 * baseline 208).
 * @returns {() => void}
 */
export function fullCollection() {
  const exposed = /** @type {{ gc?: () => void }} */ (globalThis).gc;
  let gc = exposed;
  if (typeof gc !== 'function') {
    v8.setFlagsFromString('--expose-gc');
    try {
      gc = /** @type {() => void} */ (vm.runInNewContext('gc'));
    } finally {
      v8.setFlagsFromString('--no-expose-gc');
    }
  }
  const collect = gc;
  return () => {
    // Compact every page, not only the most fragmented ones: pages half full of survivors are what kept RSS up.
    v8.setFlagsFromString('--compact-on-every-full-gc');
    try {
      collect();
    } finally {
      v8.setFlagsFromString('--no-compact-on-every-full-gc');
    }
  };
}

/**
 * Runs `collect` once after a busy spell, when the process has been idle for `idleMs` and the heap
 * (`heapBytes`) has grown by `minGrowthBytes` since the last collection (or since the start).
 * `isBusy` says whether anything is going on now (runs); `noteActivity()` marks a moment of
 * activity (a request).
 * @param {{ isBusy: () => boolean, collect?: () => void, idleMs?: number, now?: () => number, heapBytes?: () => number, minGrowthBytes?: number }} options
 */
export function startIdleCollector({ isBusy, collect = fullCollection(), idleMs = IDLE_MS, now = Date.now, heapBytes = heapTotal, minGrowthBytes = GIVE_BACK_MIN_BYTES }) {
  let lastActive = now();
  let dirty = false;
  let baseline = heapBytes();
  const check = () => {
    if (isBusy()) {
      lastActive = now();
      dirty = true;
      return;
    }
    if (!dirty || now() - lastActive < idleMs) return;
    dirty = false;
    if (heapBytes() - baseline < minGrowthBytes) return;
    collect();
    baseline = heapBytes();
  };
  const timer = setInterval(check, Math.max(100, Math.floor(idleMs / 4)));
  timer.unref();
  return {
    noteActivity() {
      lastActive = now();
      dirty = true;
    },
    /** For tests: one check now. */
    check,
    stop: () => clearInterval(timer),
  };
}
