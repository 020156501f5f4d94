/**
 * The server's runs take turns between the loop's states (lib/server/fair-turns.ts, issue 14's 100-run row): a run
 * through the chat route asks for a turn before every state, so 100 runs reaching a step boundary together resume one
 * per turn of the event loop instead of holding it for ~200 ms while the other runs' tokens wait.
 */
import { describe, expect, it, vi } from 'vitest';
import { readChunks, setupAppHarness, sequenceMarker } from '../support/app-harness';

const turns = vi.hoisted(() => ({ asked: 0 }));
vi.mock('@/lib/server/fair-turns', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/server/fair-turns')>();
  return {
    takeTurn: () => {
      turns.asked += 1;
      return actual.takeTurn();
    },
  };
});

const app = setupAppHarness({ name: 'fair-turns-wiring' });

describe('runs take turns', () => {
  it('a run asks for a turn before every state of its loop', async () => {
    const sessionId = await app.newSession();
    app.scripted.reset();
    const chunks = await readChunks(await app.chat(sessionId, `Go ${sequenceMarker([{ tool: 'calculator', args: { expression: '1+1' } }])}`));
    expect(chunks.at(-1)?.type).toBe('finish');
    expect(chunks.filter((chunk) => chunk.type === 'finish-step')).toHaveLength(2);
    // Two steps: start-iteration, check-budget and call-model each, run-tools after the first, and the end.
    expect(turns.asked).toBeGreaterThanOrEqual(8);
  });
});
