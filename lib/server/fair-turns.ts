import 'server-only';

/**
 * Runs take turns with their step-boundary work, one per turn of the event loop. A step boundary (the model's
 * answer closed: its trace, the message's snapshot, the tools; then the next request built and sent; the
 * message's and trace's saves after) is 5-8 ms of CPU, and runs paced alike reach theirs together: 100
 * concurrent runs queued ~0.5 s of it in one go, while the tokens of every other run waited in their sockets (the
 * p99 of a token's added delay at 100 runs fell at those boundaries). Granted one per turn, each boundary waits
 * for the ones before it instead, and between two of them the loop reads and forwards what the model servers sent.
 * A lone run waits one turn (~0.1 ms) each time.
 *
 * Two lines: a loop's own step work goes before the writes a step left behind (deferred-writes.ts), so a run's
 * next request still goes out before its last step's saves run, as it did when those waited one turn.
 */
type Line = 'step' | 'write';
type Queue = { step: Array<() => void>; write: Array<() => void>; granting: boolean };

// On globalThis: each route bundle may load its own copy of this module, and the turns are the process's.
const queue = ((globalThis as { __agentFairTurns?: Queue }).__agentFairTurns ??= { step: [], write: [], granting: false });

/** Resolves at this caller's turn: the next turn of the event loop nobody before it in its line (or in `step`) asked for. */
export function fairTurn(line: Line = 'step'): Promise<void> {
  return new Promise((resolve) => {
    queue[line].push(resolve);
    if (!queue.granting) {
      queue.granting = true;
      setImmediate(grant);
    }
  });
}

function grant(): void {
  const next = queue.step.shift() ?? queue.write.shift();
  // An immediate queued while immediates run waits for the next turn: between the two, the loop polls for I/O.
  if (queue.step.length + queue.write.length > 0) setImmediate(grant);
  else queue.granting = false;
  next?.();
}
