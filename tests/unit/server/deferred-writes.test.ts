/**
 * lib/server/deferred-writes.ts (issue 14, the 20-step row): a step's message and trace are written after the turn they
 * were asked in (the next model request goes out first), one after another in the order asked, and `settled` waits
 * for every one of them (a run's end waits for its traces).
 */
import { describe, expect, it } from 'vitest';
import { deferredWrites } from '@/lib/server/deferred-writes';

const microtasks = async (count = 50) => {
  for (let i = 0; i < count; i++) await Promise.resolve();
};

describe('deferredWrites', () => {
  it('starts a write only after the turn it was asked in: what that turn does in microtasks comes first', async () => {
    const writes = deferredWrites();
    const order: string[] = [];
    void writes.add(async () => void order.push('write'));
    // The loop's next step: hooks, the request's body, the fetch, all in microtasks of the same turn.
    await microtasks();
    order.push('next request');
    await writes.settled();
    expect(order).toEqual(['next request', 'write']);
  });

  it('writes one after another in the order asked, even when an earlier one is slower', async () => {
    const writes = deferredWrites();
    const order: string[] = [];
    let running = 0;
    let overlapped = false;
    const write = (name: string, ms: number) => async () => {
      overlapped ||= running > 0;
      running++;
      await new Promise((resolve) => setTimeout(resolve, ms));
      order.push(name);
      running--;
    };
    void writes.add(write('step 1', 30));
    void writes.add(write('step 2', 1));
    const last = writes.add(write('end', 1));
    await last;
    expect(order).toEqual(['step 1', 'step 2', 'end']);
    expect(overlapped).toBe(false);
  });

  it('settled resolves once every write asked for so far has run, and again after later ones', async () => {
    const writes = deferredWrites();
    const done: number[] = [];
    for (let i = 0; i < 5; i++) void writes.add(async () => void done.push(i));
    expect(done).toEqual([]);
    await writes.settled();
    expect(done).toEqual([0, 1, 2, 3, 4]);
    void writes.add(async () => void done.push(5));
    await writes.settled();
    expect(done).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
