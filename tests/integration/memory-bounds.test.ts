/**
 * What a finished run leaves in memory (issue 14: RSS rose batch after batch of runs). Functional, not timed:
 * - the run registry holds no session once its runs have ended;
 * - no abort signal a run made keeps an abort listener after the run ends. Node keeps a signal from AbortSignal.any
 *   that has abort listeners in a process-wide set until they are removed; a listener added at each tool step kept
 *   every run's request context (its request, response, streams) alive for good.
 */
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getActiveRun, isSessionRunning } from '@/lib/server/run-manager';
import { readChunks, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({ name: 'memory-bounds' });

const CALLS = JSON.stringify([
  { tool: 'calculator', args: { expression: '1+$step' } },
  { tool: 'get_current_time', args: { timezone: 'UTC' } },
]);
const agentRun = (steps: number) => `Steps [[scenario:paced?tokens=${steps + 1}&steps=${steps}&calls=${encodeURIComponent(CALLS)}]]`;

/** Every signal AbortSignal.any makes while `fn` runs. */
async function signalsMadeDuring(fn: () => Promise<void>): Promise<AbortSignal[]> {
  const made: AbortSignal[] = [];
  const any = AbortSignal.any.bind(AbortSignal);
  const spy = vi.spyOn(AbortSignal, 'any').mockImplementation((signals) => {
    const signal = any(signals);
    made.push(signal);
    return signal;
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return made;
}

/** The run saves its end after its stream closes. */
async function untilIdle(sessionIds: string[]) {
  for (let i = 0; i < 100 && sessionIds.some((id) => isSessionRunning(id)); i++) await new Promise((resolve) => setTimeout(resolve, 50));
}

afterEach(() => vi.restoreAllMocks());

describe('what a finished run leaves behind', () => {
  it('empties the run registry when runs end', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => app.newSession()));
    // What scripts/server.mjs reads before collecting garbage at idle (lib/runtime/memory.mjs): runs going on now.
    const activeRuns = (globalThis as { __agentPlaygroundActiveRuns?: () => number }).__agentPlaygroundActiveRuns!;
    const responses = await Promise.all(ids.map((id) => app.chat(id, agentRun(3))));
    expect(activeRuns()).toBeGreaterThanOrEqual(1);
    await Promise.all(responses.map((response) => readChunks(response)));
    await untilIdle(ids);
    expect(activeRuns()).toBe(0);
    for (const id of ids) {
      expect(isSessionRunning(id)).toBe(false);
      expect(getActiveRun(id)).toBeUndefined();
    }
  });

  it('leaves no abort listener on any signal a run combined, after tool steps', async () => {
    const ids = await Promise.all(Array.from({ length: 3 }, () => app.newSession()));
    const signals = await signalsMadeDuring(async () => {
      await Promise.all(ids.map(async (id) => readChunks(await app.chat(id, agentRun(4)))));
      await untilIdle(ids);
    });
    // One for each run, one for each model call at least.
    expect(signals.length).toBeGreaterThanOrEqual(3 * 5);
    const listening = signals.filter((signal) => getEventListeners(signal, 'abort').length > 0);
    expect(listening.map((signal) => getEventListeners(signal, 'abort').map(String))).toEqual([]);
  });
});
