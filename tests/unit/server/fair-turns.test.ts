/**
 * lib/server/fair-turns.ts (issue 14, the 100-run row): work that asks for a turn resumes one per turn of the event
 * loop, first come first served, and I/O that became ready meanwhile is handled between two of them.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const { takeTurn } = await import('@/lib/server/fair-turns');

describe('takeTurn', () => {
  it('resumes waiting work in the order it asked, one per turn: each runs to its next wait before the next resumes', async () => {
    const order: string[] = [];
    const work = ['a', 'b', 'c'].map(async (name) => {
      await takeTurn();
      order.push(name);
      // Statements of a synchronous database answer in microtasks: they all run before the next piece resumes.
      for (let i = 0; i < 5; i++) await Promise.resolve();
      order.push(`${name} done`);
    });
    await Promise.all(work);
    expect(order).toEqual(['a', 'a done', 'b', 'b done', 'c', 'c done']);
  });

  it('lets a socket that became ready be read between two pieces of work', async () => {
    const { createServer, connect } = await import('node:net');
    // The answer comes 20 ms after the connection, while the work below holds the loop in 2 ms pieces (400 ms in all).
    const server = createServer((socket) => void setTimeout(() => socket.end('ready'), 20));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const events: string[] = [];
    const client = connect(port, '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    const received = new Promise<void>((resolve) =>
      client.on('data', () => {
        events.push('data');
        resolve();
      }),
    );
    const busy = Array.from({ length: 200 }, async (_, i) => {
      await takeTurn();
      const until = performance.now() + 2;
      while (performance.now() < until);
      events.push(`work ${i}`);
    });
    await Promise.all([received, ...busy]);
    client.destroy();
    server.close();
    // Read some 20 ms into the work (about ten pieces), not after all of it.
    expect(events.indexOf('data')).toBeLessThan(100);
  });
});
