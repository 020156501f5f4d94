import { describe, expect, it, vi } from 'vitest';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { compactHistory, SummaryFailedError, type CompactHistoryInput } from '@/lib/context/compaction/compact-history';
import { selectPrunableOutputs } from '@/lib/context/compaction/prune-tool-outputs';
import { selectSummarySpan, summaryPrompt, type Summarizer } from '@/lib/context/compaction/summarize-middle';
import { applyCompaction, prunedOutputStub, SUMMARY_MESSAGE_PREFIX } from '@/lib/context/view';
import { longHistory, measureView, toModel, unpairedToolResults } from './fixtures';

const none = new Set<string>();

function input(history: AgentUIMessage[], overrides: Partial<CompactHistoryInput> = {}): CompactHistoryInput {
  return {
    history,
    pinned: none,
    target: 0,
    keepRecentTurns: 2,
    measure: measureView,
    signal: new AbortController().signal,
    ...overrides,
  };
}

const summarizer = (text = '## Task\nbuild the report\n## Current state\nhalfway') =>
  vi.fn<Summarizer>(async () => ({ text, model: 'compat:summarizer', cost: 0.001 }));

function viewText(view: AgentUIMessage[]): string {
  return JSON.stringify(view);
}

describe('tier 1: prune old tool outputs', () => {
  it('replaces older outputs with a stub and keeps the last 2 turns intact', async () => {
    const history = longHistory(5);
    const record = await compactHistory(input(history, { target: 100_000 }));
    expect(record?.tiers).toEqual(['prune']);
    expect(record?.pruned.map((p) => p.toolCallId)).toEqual(['c1', 'c2', 'c3']);
    const view = applyCompaction(history, record!, none);
    const text = viewText(view);
    expect(text).toContain(prunedOutputStub(4_005));
    expect(text).not.toContain('OUT1:');
    expect(text).toContain('OUT4:');
    expect(text).toContain('OUT5:');
    expect(view).toHaveLength(history.length);
    expect(record!.tokensAfter).toBeLessThan(await measureView(history));
  });

  it('says how many characters were cleared', () => {
    expect(prunedOutputStub(12_345)).toBe('[old tool output cleared: 12,345 characters; call the tool again if needed]');
  });

  it('leaves small outputs and pinned messages alone', () => {
    const history = longHistory(4);
    const small = longHistory(4, 10);
    expect(selectPrunableOutputs(small, { pinned: none, keepRecentTurns: 2, alreadyPruned: [], hidden: none })).toEqual([]);
    const pruned = selectPrunableOutputs(history, { pinned: new Set(['a1']), keepRecentTurns: 2, alreadyPruned: [], hidden: none });
    expect(pruned.map((p) => p.messageId)).toEqual(['a2']);
  });
});

describe('tier 2: summarize the middle', () => {
  it('replaces the span between the first user message and the last 2 turns with the summary', async () => {
    const history = longHistory(5);
    const pruneOnly = (await compactHistory(input(history, { target: 1e9 })))!.tokensAfter;
    const summarize = summarizer();
    const record = await compactHistory(input(history, { summarize, target: pruneOnly - 1 }));
    expect(record?.tiers).toEqual(['prune', 'summarize']);
    expect(record).toMatchObject({ summarizedIds: ['a1', 'u2', 'a2', 'u3', 'a3'], cutoffMessageId: 'a3', model: 'compat:summarizer', cost: 0.001 });
    const view = applyCompaction(history, record!, none);
    expect(view.map((m) => m.id)).toEqual(expect.arrayContaining(['u1', 'u4', 'a4', 'u5', 'a5']));
    expect(view.map((m) => m.id)).not.toContain('a2');
    const note = view[1];
    expect(note.role).toBe('user');
    expect(viewText([note])).toContain(SUMMARY_MESSAGE_PREFIX);
    expect(viewText([note])).toContain('build the report');
  });

  it('does not run when pruning alone fits the target', async () => {
    const summarize = summarizer();
    const record = await compactHistory(input(longHistory(5), { summarize, target: 100_000 }));
    expect(summarize).not.toHaveBeenCalled();
    expect(record?.tiers).toEqual(['prune']);
  });

  it('passes the /compact focus to the summarizer prompt', async () => {
    const summarize = summarizer();
    await compactHistory(input(longHistory(5), { summarize, alwaysSummarize: true, target: 100_000, focus: 'the database schema' }));
    expect(summarize).toHaveBeenCalledTimes(1);
    const request = summarize.mock.calls[0][0];
    expect(request.prompt).toContain('The user asked you to focus on: the database schema');
    expect(request.prompt).toBe(summaryPrompt('the database schema'));
    expect(request.instructions).toMatch(/## Task[\s\S]*## Decisions made[\s\S]*## Files touched[\s\S]*## Open todos[\s\S]*## Current state/);
    // The transcript covers the span only: not the task, not the recent turns.
    expect(request.transcript).toContain('user message 2');
    expect(request.transcript).not.toContain('TASK: build the report');
    expect(request.transcript).not.toContain('user message 5');
  });

  it('keeps pinned messages verbatim and out of the summary span', async () => {
    const history = longHistory(5);
    const pinned = new Set(['a2']);
    const summarize = summarizer();
    const record = await compactHistory(input(history, { pinned, summarize, target: 1 }));
    expect(record!.summarizedIds).not.toContain('a2');
    expect(record!.pruned.map((p) => p.messageId)).not.toContain('a2');
    expect(summarize.mock.calls[0][0].transcript).not.toContain('OUT2:');
    const view = applyCompaction(history, record!, pinned);
    expect(view.find((m) => m.id === 'a2')).toEqual(history.find((m) => m.id === 'a2'));
  });

  it('falls through to the backstop when the summarizer fails, and records why', async () => {
    const summarize = vi.fn<Summarizer>(async () => {
      throw new Error('rate limited');
    });
    const record = await compactHistory(input(longHistory(5), { summarize, target: 1 }));
    expect(record?.summaryError).toBe('rate limited');
    expect(record?.tiers).toEqual(['prune', 'drop']);
  });

  it('builds on an earlier summary: the old summary is part of the new span', async () => {
    const history = longHistory(5);
    const first = await compactHistory(input(history.slice(0, 8), { summarize: summarizer('FIRST SUMMARY'), alwaysSummarize: true, target: 1e9 }));
    expect(first!.summarizedIds).toEqual(['a1', 'u2', 'a2']);
    const second = summarizer('SECOND SUMMARY');
    const record = await compactHistory(input(history, { previous: first!, summarize: second, alwaysSummarize: true, target: 1e9 }));
    expect(second.mock.calls[0][0].transcript).toContain('FIRST SUMMARY');
    expect(record!.summary).toBe('SECOND SUMMARY');
    expect(record!.summarizedIds).toEqual(expect.arrayContaining(['a1', 'u2', 'a2', 'u3', 'a3']));
  });
});

describe('tier 3: drop the oldest turns', () => {
  it('drops whole turns, oldest first, until the view fits, and never the last turn', async () => {
    const history = longHistory(4, 8_000);
    const record = await compactHistory(input(history, { target: 1 }));
    expect(record?.tiers).toEqual(['prune', 'drop']);
    const dropped = record!.dropped.map((d) => d.messageId);
    expect(dropped).toEqual(['u1', 'a1', 'u2', 'a2', 'u3', 'a3']);
    expect(record!.dropped[0]).toMatchObject({ role: 'user', preview: 'TASK: build the report' });
    const view = applyCompaction(history, record!, none);
    expect(view.map((m) => m.id)).toEqual(['context-note-u1', 'u4', 'a4']);
    expect(viewText(view)).toMatch(/6 older messages were dropped/);
  });

  it('stops dropping as soon as the target is met', async () => {
    const history = longHistory(4, 8_000);
    const full = await measureView(history);
    const record = await compactHistory(input(history, { target: full - 1 }));
    // Pruning the two old outputs already fits: nothing is dropped.
    expect(record?.tiers).toEqual(['prune']);
  });

  it('never drops pinned messages', async () => {
    const history = longHistory(4, 8_000);
    const record = await compactHistory(input(history, { pinned: new Set(['u1']), target: 1 }));
    expect(record!.dropped.map((d) => d.messageId)).not.toContain('u1');
    expect(applyCompaction(history, record!, new Set(['u1']))[0].id).toBe('u1');
  });
});

describe('tiers in sequence', () => {
  it('prunes, then summarizes, then drops, and the model request stays valid', async () => {
    const history = longHistory(6, 6_000);
    const summarize = summarizer('x'.repeat(2_000));
    const record = await compactHistory(input(history, { summarize, target: 2_500 }));
    expect(record?.tiers).toEqual(['prune', 'summarize', 'drop']);
    expect(record!.tokensAfter).toBeLessThanOrEqual(2_500);
    const messages = await toModel(applyCompaction(history, record!, none));
    expect(unpairedToolResults(messages)).toEqual([]);
  });

  it('never splits a tool call from its result, whatever is compacted', async () => {
    const history = longHistory(6, 6_000);
    for (const target of [100_000, 6_000, 3_000, 1]) {
      for (const summarize of [undefined, summarizer()]) {
        const record = await compactHistory(input(history, { summarize, target }));
        const messages = await toModel(applyCompaction(history, record ?? undefined, none));
        expect(unpairedToolResults(messages)).toEqual([]);
        // Every tool call in the view still has its result.
        const calls = messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content.filter((p) => p.type === 'tool-call')));
        const results = messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content.filter((p) => p.type === 'tool-result')));
        expect(results).toHaveLength(calls.length);
      }
    }
  });

  it('throws SummaryFailedError when the failed summary was the only possible step', async () => {
    const history = longHistory(4, 10);
    const summarize = vi.fn<Summarizer>(async () => {
      throw new Error('provider down');
    });
    await expect(compactHistory(input(history, { summarize, alwaysSummarize: true, target: 1e9 }))).rejects.toThrow(SummaryFailedError);
  });

  it('scales its estimates to the provider’s figure for the current view', async () => {
    const history = longHistory(5);
    const estimate = await measureView(history);
    const record = await compactHistory(input(history, { tokensBefore: estimate * 2, target: 1e9 }));
    const afterEstimate = await measureView(applyCompaction(history, record!, none));
    expect(record!.tokensBefore).toBe(estimate * 2);
    expect(record!.tokensAfter).toBe(Math.round(afterEstimate * 2));
  });

  it('keeps the view when the summary would be longer than what it replaces', async () => {
    const history = longHistory(5, 10);
    const record = await compactHistory(input(history, { summarize: summarizer('y'.repeat(20_000)), alwaysSummarize: true, target: 1e9 }));
    expect(record).toBeNull();
  });

  it('returns null when nothing can be compacted (only the recent turns exist)', async () => {
    expect(await compactHistory(input(longHistory(1), { target: 1, summarize: summarizer() }))).toBeNull();
  });

  it('undo: without the record the view is the full history again', async () => {
    const history = longHistory(5);
    const record = await compactHistory(input(history, { summarize: summarizer(), target: 1 }));
    expect(applyCompaction(history, record!, none)).not.toEqual(history);
    expect(applyCompaction(history, undefined, none)).toEqual(history);
  });

  it('span selection excludes the first user message and the recent turns', () => {
    const history = longHistory(4);
    const span = selectSummarySpan(history, history, { pinned: none, keepRecentTurns: 2, hidden: none });
    expect(span?.historyIds).toEqual(['a1', 'u2', 'a2']);
  });
});
