/**
 * lib/server/delta-coalescer.ts (issue 14, the 100-run row): a burst of deltas of one text goes out as one chunk,
 * a lone delta goes out at once, and nothing is reordered, dropped or held past the end of the run.
 */
import { describe, expect, it } from 'vitest';
import type { AgentUIMessageChunk } from '@/lib/agent/messages';
import { coalesceDeltas } from '@/lib/server/delta-coalescer';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const text = (delta: string, id = 't1'): AgentUIMessageChunk => ({ type: 'text-delta', id, delta });

function harness(options?: Parameters<typeof coalesceDeltas>[1]) {
  const out: AgentUIMessageChunk[] = [];
  const coalescer = coalesceDeltas((chunk) => out.push(chunk), options);
  return { out, coalescer };
}

describe('coalesceDeltas', () => {
  it('writes a lone delta at once', () => {
    const { out, coalescer } = harness();
    coalescer.write(text('Hello'));
    expect(out).toEqual([text('Hello')]);
  });

  it('joins the deltas that follow in the same turn into one chunk when the turn ends', async () => {
    const { out, coalescer } = harness();
    for (const word of ['a', 'b', 'c', 'd']) coalescer.write(text(word));
    expect(out).toEqual([text('a')]);
    await nextTurn();
    expect(out).toEqual([text('a'), text('bcd')]);
    // The next turn starts afresh: its first delta goes out at once.
    coalescer.write(text('e'));
    expect(out).toEqual([text('a'), text('bcd'), text('e')]);
  });

  it('writes what it holds before any other chunk, in order', async () => {
    const { out, coalescer } = harness();
    coalescer.write({ type: 'text-start', id: 't1' });
    coalescer.write(text('a'));
    coalescer.write(text('b'));
    coalescer.write(text('c'));
    coalescer.write({ type: 'text-end', id: 't1' });
    coalescer.write({ type: 'finish-step' });
    expect(out).toEqual([{ type: 'text-start', id: 't1' }, text('a'), text('bc'), { type: 'text-end', id: 't1' }, { type: 'finish-step' }]);
    await nextTurn();
    expect(out).toHaveLength(5);
  });

  it('joins only deltas of the same text, reasoning or tool input, and never ones with provider metadata', async () => {
    const { out, coalescer } = harness();
    coalescer.write(text('x'));
    coalescer.write({ type: 'reasoning-delta', id: 'r1', delta: 'think ' });
    coalescer.write({ type: 'reasoning-delta', id: 'r1', delta: 'more' });
    coalescer.write(text('1', 't2'));
    coalescer.write(text('2', 't2'));
    coalescer.write({ type: 'tool-input-delta', toolCallId: 'call-1', inputTextDelta: '{"a"' });
    coalescer.write({ type: 'tool-input-delta', toolCallId: 'call-1', inputTextDelta: ':1}' });
    coalescer.write({ type: 'tool-input-delta', toolCallId: 'call-2', inputTextDelta: '{}' });
    const signed: AgentUIMessageChunk = { type: 'reasoning-delta', id: 'r1', delta: 's', providerMetadata: { anthropic: { signature: 'sig' } } };
    coalescer.write(signed);
    coalescer.write({ type: 'reasoning-delta', id: 'r1', delta: 'after' });
    await nextTurn();
    expect(out).toEqual([
      text('x'),
      { type: 'reasoning-delta', id: 'r1', delta: 'think more' },
      text('12', 't2'),
      { type: 'tool-input-delta', toolCallId: 'call-1', inputTextDelta: '{"a":1}' },
      { type: 'tool-input-delta', toolCallId: 'call-2', inputTextDelta: '{}' },
      signed,
      { type: 'reasoning-delta', id: 'r1', delta: 'after' },
    ]);
  });

  it('lets a held delta go once it has waited maxHoldMs, even within one long turn', () => {
    let clock = 0;
    const { out, coalescer } = harness({ maxHoldMs: 10, now: () => clock });
    coalescer.write(text('a'));
    coalescer.write(text('b'));
    clock = 5;
    coalescer.write(text('c'));
    expect(out).toEqual([text('a')]);
    clock = 10;
    coalescer.write(text('d'));
    expect(out).toEqual([text('a'), text('bcd')]);
  });

  it('flush() writes what it holds and nothing is written after it', async () => {
    const { out, coalescer } = harness();
    coalescer.write(text('a'));
    coalescer.write(text('b'));
    coalescer.flush();
    expect(out).toEqual([text('a'), text('b')]);
    await nextTurn();
    expect(out).toEqual([text('a'), text('b')]);
  });

  it('does not change the chunks it is given', async () => {
    const { coalescer } = harness();
    const first = text('a');
    const second = text('b');
    const third = text('c');
    coalescer.write(first);
    coalescer.write(second);
    coalescer.write(third);
    await nextTurn();
    expect([first, second, third]).toEqual([text('a'), text('b'), text('c')]);
  });
});
