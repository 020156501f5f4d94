/**
 * lib/runtime/memory.mjs's idle collector (issue 14, "Memory": RSS returns close to its baseline after the runs end):
 * one full collection after each busy spell, once the server has been idle long enough, never while it is busy, and
 * only when the heap grew enough for it to give something back (a collection makes the next turn slower).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fullCollection, startIdleCollector } from '@/lib/runtime/memory.mjs';

describe('the idle collector', () => {
  const stops: Array<() => void> = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  const MB = 2 ** 20;

  /** A heap of 100 MB that each busy spell grows by `grows` MB (200 MB by default); a collection brings it back to 100. */
  function collector(idleMs = 2_000, grows = 200) {
    let clock = 0;
    let busy = false;
    let collections = 0;
    let heap = 100 * MB;
    const collect = () => {
      collections++;
      heap = 100 * MB;
    };
    const idle = startIdleCollector({ isBusy: () => busy, collect, idleMs, now: () => clock, heapBytes: () => heap, minGrowthBytes: 64 * MB });
    stops.push(idle.stop);
    const noteActivity = idle.noteActivity;
    idle.noteActivity = () => {
      heap += grows * MB;
      noteActivity();
    };
    return {
      idle,
      advance: (ms: number) => {
        clock += ms;
        idle.check();
      },
      setBusy: (value: boolean) => {
        if (value) heap += grows * MB;
        busy = value;
        idle.check();
      },
      collections: () => collections,
    };
  }

  it('collects once after a busy spell, when it has been idle for the whole delay', () => {
    const c = collector();
    c.advance(60_000);
    expect(c.collections()).toBe(0); // nothing happened since it started
    c.setBusy(true);
    c.advance(30_000);
    expect(c.collections()).toBe(0); // a run going on for 30 s: never
    c.setBusy(false);
    c.advance(1_999);
    expect(c.collections()).toBe(0);
    c.advance(1);
    expect(c.collections()).toBe(1);
    c.advance(60_000);
    expect(c.collections()).toBe(1); // once per idle spell
  });

  it('a request that came and went restarts the wait, and leads to one more collection', () => {
    const c = collector();
    c.idle.noteActivity();
    c.advance(1_500);
    c.idle.noteActivity();
    c.advance(1_500);
    expect(c.collections()).toBe(0);
    c.advance(500);
    expect(c.collections()).toBe(1);
  });

  it('leaves a heap that grew by less than the threshold alone: the next turn would be slower for ~10 MB given back', () => {
    const c = collector(2_000, 10);
    for (let turn = 0; turn < 6; turn++) {
      c.setBusy(true);
      c.advance(5_000);
      c.setBusy(false);
      c.advance(3_000);
      // 10, 20, … 60 MB over the start: not yet worth it.
      expect(c.collections(), `turn ${turn}`).toBe(0);
    }
    c.setBusy(true);
    c.setBusy(false);
    c.advance(3_000);
    expect(c.collections()).toBe(1); // 70 MB in all since the start
    c.idle.noteActivity();
    c.advance(3_000);
    expect(c.collections()).toBe(1); // judged from the collected heap again
  });

  it('gets a real full collection without --expose-gc, and leaves gc unexposed', () => {
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    const gc = fullCollection();
    expect(typeof gc).toBe('function');
    gc();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
