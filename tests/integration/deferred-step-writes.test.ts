/**
 * A step's trace and message are written after the next model request went out (lib/server/deferred-writes.ts,
 * issue 14's 20-step row), so the loop never waits for them; the run's end still does. Here every trace insert takes
 * 400 ms: the model calls do not wait for them, and when the response's stream ends every step's trace is in the
 * table and the message is saved whole.
 */
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { readChunks, setupAppHarness, sequenceMarker } from '../support/app-harness';

const SLOW_INSERT_MS = 400;
vi.mock('@/db/queries/runs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/db/queries/runs')>();
  return {
    ...actual,
    insertRunStep: async (...args: Parameters<typeof actual.insertRunStep>) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_INSERT_MS));
      return actual.insertRunStep(...args);
    },
  };
});

const app = setupAppHarness({ name: 'deferred-step-writes' });

const sequence = (count: number) => sequenceMarker(Array.from({ length: count }, (_, i) => ({ tool: 'calculator', args: { expression: `${i}+1` } })));

describe('deferred step writes', () => {
  it('the loop does not wait for a step trace to land; the end of the run does', async () => {
    const { getDb } = await import('@/db/client');
    const { runSteps, messages } = await import('@/db/schema');
    const db = await getDb();
    const sessionId = await app.newSession();
    const steps = 6;

    app.scripted.reset();
    const chunks = await readChunks(await app.chat(sessionId, `Go ${sequence(steps - 1)}`));
    expect(chunks.at(-1)?.type).toBe('finish');
    expect(chunks.filter((chunk) => chunk.type === 'finish-step')).toHaveLength(steps);

    // Read as the stream ends, before anything else can run: every trace and the whole message are there.
    const stored = await db.select({ stepNumber: runSteps.stepNumber }).from(runSteps).where(and(eq(runSteps.ownerId, 'local'), eq(runSteps.sessionId, sessionId)));
    expect(stored.map((row) => row.stepNumber).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
    const saved = await db.select({ message: messages.message }).from(messages).where(and(eq(messages.ownerId, 'local'), eq(messages.sessionId, sessionId)));
    const answer = saved.map((row) => row.message).find((message) => message.role === 'assistant');
    expect(answer?.parts.filter((part) => part.type === 'tool-calculator')).toHaveLength(steps - 1);

    // The model calls went out without waiting for the inserts: waiting, they would be 400 ms apart or more, five
    // gaps in all (2 s); the first call to the last took less than two inserts' time.
    const calls = app.scripted.requests().filter((request) => JSON.stringify(request.body).includes('calculator'));
    expect(calls).toHaveLength(steps);
    expect(calls.at(-1)!.at - calls[0]!.at).toBeLessThan(2 * SLOW_INSERT_MS);
  });
});
