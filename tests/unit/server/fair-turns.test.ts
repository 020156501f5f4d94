/**
 * lib/server/fair-turns.ts (issue 14, the 100-run p99): runs take turns with their step-boundary work, one per turn
 * of the event loop, so what the sockets brought in is read between two boundaries; a loop's step work goes before
 * the writes steps left behind.
 */
import { describe, expect, it } from 'vitest';
import { fairTurn } from '@/lib/server/fair-turns';

/** Counts turns of the event loop: an immediate that queues the next one runs once per turn. */
function loopTurns() {
  let turn = 0;
  let running = true;
  const tick = () => {
    turn++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return { now: () => turn, stop: () => void (running = false) };
}

describe('fairTurn', () => {
  it('grants one caller per turn of the event loop, in the order asked, with I/O read between two grants', async () => {
    const turns = loopTurns();
    const granted: Array<{ who: number; turn: number }> = [];
    const io: number[] = [];
    // A socket's data, a timer's callback: anything that arrives while the runs wait is served before the last of them.
    setTimeout(() => io.push(turns.now()), 0);
    await Promise.all(Array.from({ length: 5 }, (_, who) => fairTurn().then(() => void granted.push({ who, turn: turns.now() }))));
    turns.stop();
    expect(granted.map((g) => g.who)).toEqual([0, 1, 2, 3, 4]);
    // Each in a turn of its own.
    expect(new Set(granted.map((g) => g.turn)).size).toBe(5);
    expect(io).toHaveLength(1);
    expect(io[0]).toBeLessThan(granted.at(-1)!.turn);
  });

  it("puts a loop's step work before the writes steps left behind, whenever they were asked", async () => {
    const order: string[] = [];
    await Promise.all([
      fairTurn('write').then(() => void order.push('write 1')),
      fairTurn('write').then(() => void order.push('write 2')),
      fairTurn('step').then(() => void order.push('step 1')),
      fairTurn().then(() => void order.push('step 2')),
    ]);
    expect(order).toEqual(['step 1', 'step 2', 'write 1', 'write 2']);
  });

  it('grants at once (the next turn) when nobody waits, and again after the queue ran dry', async () => {
    const turns = loopTurns();
    const start = turns.now();
    await fairTurn();
    const first = turns.now();
    await fairTurn('write');
    turns.stop();
    expect(first - start).toBeLessThanOrEqual(1);
    expect(turns.now() - first).toBeLessThanOrEqual(1);
  });
});
