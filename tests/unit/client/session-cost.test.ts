import { expect, it } from 'vitest';
import type { RunSummary } from '@/lib/api-types';
import { sessionSpend } from '@/lib/client/session-cost';

const run = (id: string, modelKey: string, usage: Partial<NonNullable<RunSummary['usage']>> | null, status: RunSummary['status'] = 'completed'): RunSummary => ({
  id,
  messageId: `m-${id}`,
  modelKey,
  status,
  endReason: null,
  usage: usage && { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, reasoningTokens: 0, estimated: false, ...usage },
  startedAt: 1,
  endedAt: 2,
});

it('adds the runs up per model at list prices, the priced ones first, with compaction and what could not be priced', () => {
  const spend = sessionSpend(
    [
      run('a', 'openai:gpt-4.1-mini', { inputTokens: 1_000_000, outputTokens: 100_000 }),
      run('b', 'compat:scripted-chat', { inputTokens: 500, outputTokens: 50 }),
      run('c', 'openai:gpt-4.1-mini', { inputTokens: 1_000_000, cachedInputTokens: 1_000_000, outputTokens: 0, reasoningTokens: 10 }),
      run('d', 'openai:gpt-4.1-mini', null, 'running'),
    ],
    0.01,
  );
  expect(spend.byModel.map((row) => [row.modelKey, row.runs])).toEqual([
    ['openai:gpt-4.1-mini', 2],
    ['compat:scripted-chat', 1],
  ]);
  const mini = spend.byModel[0]!;
  expect(mini.usage).toMatchObject({ inputTokens: 2_000_000, cachedInputTokens: 1_000_000, outputTokens: 100_000, reasoningTokens: 10 });
  // gpt-4.1-mini: $0.40 input, $0.10 cached input, $1.60 output per million.
  expect(mini.cost).toBeCloseTo(0.4 + 0.1 + 0.16);
  expect(spend.byModel[1]!.cost).toBeUndefined();
  expect(spend.unpriced).toEqual(['compat:scripted-chat']);
  expect(spend.cost).toBeCloseTo(0.66 + 0.01);
  expect(spend.total).toMatchObject({ inputTokens: 2_000_500, outputTokens: 100_050 });
  expect(spend.running).toBe(1);
});

it('has no cost when nothing had a price', () => {
  expect(sessionSpend([run('a', 'compat:scripted-chat', { inputTokens: 5 })]).cost).toBeUndefined();
  expect(sessionSpend([])).toMatchObject({ byModel: [], cost: undefined, running: 0 });
});
