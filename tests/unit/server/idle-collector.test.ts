/**
 * lib/runtime/memory.mjs's idle collector (issue 14, "Memory": RSS returns close to its baseline after the runs end):
 * one full collection after each busy spell, once the server has been idle long enough, and never while it is busy.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fullCollection, startIdleCollector } from '@/lib/runtime/memory.mjs';

describe('the idle collector', () => {
  const stops: Array<() => void> = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  function collector(idleMs = 2_000) {
    let clock = 0;
    let busy = false;
    let collections = 0;
    const idle = startIdleCollector({ isBusy: () => busy, collect: () => collections++, idleMs, now: () => clock });
    stops.push(idle.stop);
    return {
      idle,
      advance: (ms: number) => {
        clock += ms;
        idle.check();
      },
      setBusy: (value: boolean) => {
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

  it('gets a real full collection without --expose-gc, and leaves gc unexposed', () => {
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    const gc = fullCollection();
    expect(typeof gc).toBe('function');
    gc();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
