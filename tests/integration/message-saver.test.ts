/**
 * The run's message as step boundaries save it (lib/server/run-stream.ts, messageSaver): the first step's boundary
 * saves it, later ones only once the last save is STEP_SAVE_INTERVAL_MS old (the run log holds every step between),
 * the run's end always saves, and `flush` saves what a step boundary left unsaved. Read back from the database.
 */
import { describe, expect, it } from 'vitest';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({ name: 'saver' });

const answer = (text: string): AgentUIMessage => ({ id: 'a-saver', role: 'assistant', parts: [{ type: 'text', text, state: 'done' }] });

describe('the run message saver', () => {
  it('saves the first step, then at most once an interval, always at the end, and what a flush finds unsaved', async () => {
    const sessionId = await app.newSession();
    const { getDb } = await import('@/db/client');
    const { getMessageRow } = await import('@/db/queries/messages');
    const { messageSaver, STEP_SAVE_INTERVAL_MS } = await import('@/lib/server/run-stream');
    const db = await getDb();
    const stored = async () => {
      const row = await getMessageRow(db, 'local', 'a-saver');
      return row ? (JSON.parse(row.json) as AgentUIMessage).parts.map((part) => (part.type === 'text' ? part.text : '')).join('') : undefined;
    };
    let now = 0;
    const errors: unknown[] = [];
    const saver = messageSaver(db, 'local', sessionId, { error: (...args: unknown[]) => errors.push(args), warn: () => {}, info: () => {} } as never, { now: () => now });

    await saver.saveStep(answer('step 1'));
    expect(await stored()).toBe('step 1');

    now += STEP_SAVE_INTERVAL_MS / 2;
    await saver.saveStep(answer('step 2'));
    expect(await stored(), 'a step soon after a save is not written').toBe('step 1');
    expect(saver.last()?.parts[0]).toMatchObject({ text: 'step 2' });

    await saver.flush();
    expect(await stored(), 'flush writes what a step left unsaved').toBe('step 2');
    await saver.flush();

    now += STEP_SAVE_INTERVAL_MS / 2;
    await saver.saveStep(answer('step 3'));
    expect(await stored()).toBe('step 2');

    now += STEP_SAVE_INTERVAL_MS;
    await saver.saveStep(answer('step 4'));
    expect(await stored(), 'a step once the interval has passed is written').toBe('step 4');

    now += 1;
    await saver.save(answer('the end'));
    expect(await stored(), "the run's end is always written").toBe('the end');
    expect(errors).toEqual([]);
  });
});
