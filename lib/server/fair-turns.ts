import 'server-only';

/**
 * Turns on the event loop for work that holds it: one waiting piece of work resumes per turn of the loop, and every
 * turn first reads the sockets that are ready. A run's step boundary (closing the step, saving, building the next
 * request) is a few milliseconds of JavaScript with no I/O to wait on, since SQLite answers synchronously; 100 runs
 * started together reach their boundaries together, and without turns the loop ran them back to back for ~200 ms
 * while every other run's tokens waited (the bench's 100 concurrent runs: the added inter-chunk delay's p99).
 */
const waiting: (() => void)[] = [];
let scheduled = false;

function resumeNext(): void {
  const resume = waiting.shift();
  if (waiting.length > 0) setImmediate(resumeNext);
  else scheduled = false;
  resume?.();
}

/** Resolves on a later turn of the event loop, after the work that asked before it (first come, first served). */
export function takeTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (scheduled) return;
    scheduled = true;
    setImmediate(resumeNext);
  });
}
