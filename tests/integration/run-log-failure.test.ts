/**
 * A run whose log cannot be written fails visibly: with run_events gone from a real
 * SQLite file mid-run (every batch write fails for good), the run is aborted and ends
 * as an error that says why, never as "stopped by you", and the row says failed.
 */
import { createClient } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { getRun } from '@/db/queries/runs';
import { params, parseChunks, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({ name: 'runlog-failure', routes: ['runs'] });

describe('a run log that cannot be written', () => {
  it('ends the run as a visible error', async () => {
    await getDb();
    const id = await app.newSession('compat:scripted-chat');
    const response = await app.chat(id, 'Go slowly [[scenario:slow?delayMs=30&chunks=200]]');
    const reader = response.body!.getReader();
    let text = new TextDecoder().decode((await reader.read()).value);
    const other = createClient({ url: process.env.DATABASE_URL! });
    await other.execute('DROP TABLE run_events');
    other.close();
    const started = Date.now();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(Date.now() - started).toBeLessThan(5_000); // 200 chunks at 30 ms would take 6 s
    const runEnds = parseChunks(text).filter((chunk) => chunk.type === 'data-run-end');
    expect(runEnds.at(-1)).toMatchObject({ data: { reason: 'error', message: expect.stringContaining('could not be saved') } });
    const runs = (await (await app.api.runs.GET(new Request('http://app'), params({ id }))).json()).runs as { id: string }[];
    expect((await getRun(await getDb(), runs[0].id))?.status).toBe('failed');
    const last = (await app.sessionMessages(id)).at(-1)!;
    expect(last.metadata?.runEnd?.reason).toBe('error');
  });
});
