import { describe, expect, it } from 'vitest';
import { TimeSlice } from '@/lib/runtime/time-slice';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // the main thread held, as a long loop holds it
  }
};

describe('a time slice', () => {
  it('is not due while it is fresh, and is due once 20 ms of work are done', () => {
    const slice = new TimeSlice();
    expect(slice.due()).toBe(false);
    busy(25);
    expect(slice.due()).toBe(true);
  });

  it('lets a waiting timer run before the loop goes on', async () => {
    const slice = new TimeSlice();
    let ran = false;
    setTimeout(() => (ran = true), 0);
    busy(25);
    expect(ran).toBe(false);
    await slice.next();
    expect(ran).toBe(true);
  });
});
