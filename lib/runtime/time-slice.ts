/**
 * Long loops on the server's main thread in slices: a loop checks `due()` between items and, when its slice is
 * spent, awaits `next()`, a timer task that lets other requests, streams and I/O run before it goes on. Work that
 * fits in one slice never waits. Framework-free (lib/context uses it).
 */

/** How long a loop runs before it lets the rest of the process run. */
const SLICE_MS = 20;

export class TimeSlice {
  #since = performance.now();

  /** Whether this slice is spent. */
  due(): boolean {
    return performance.now() - this.#since >= SLICE_MS;
  }

  /** Resolves in a task of its own; the next slice begins then. */
  async next(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.#since = performance.now();
  }
}
