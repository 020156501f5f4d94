import { describe, expect, it } from 'vitest';
import { withFullBodies } from '@/db/queries/runs';
import type { RunStepRow } from '@/db/schema';
import { createStepTrace } from '@/lib/agent/trace';
import type { StoredBodyBase } from '@/lib/agent/trace-body';

/** A stored step: whole when `base` is absent, else a delta over it. */
function row(id: string, body: Record<string, unknown>, base?: Partial<StoredBodyBase> & { stepId: string }, request: Record<string, unknown> = {}): RunStepRow {
  const trace = createStepTrace(0, 'model', 0);
  trace.request = { ...trace.request, body, bodySource: 'provider', instructions: 'Be brief.', tools: ['calculator'], settings: { toolChoice: 'auto' }, ...request };
  const bodyBase = base && { key: 'messages', count: 0, same: [], depth: 1, chainBytes: 1, rootBytes: 1, ...base };
  const stored = bodyBase ? { ...trace.request, bodyBase } : trace.request;
  if (bodyBase?.sameRequest) for (const field of bodyBase.sameRequest) delete (stored as Record<string, unknown>)[field];
  return { id, runId: 'r', sessionId: 's', ownerId: 'o', stepNumber: 0, createdAt: 0, trace: { ...trace, request: stored }, baseStepId: bodyBase?.stepId ?? null };
}

const byId = (rows: RunStepRow[]) => new Map(rows.map((r) => [r.id, r]));

describe('whole requests from stored steps', () => {
  it('follows a chain of deltas back to a whole body, taking shared fields from the base', () => {
    const rows = [
      row('a', { model: 'm', messages: [{ role: 'user', content: 'one' }], tools: [1] }),
      row('b', { model: null, messages: [{ role: 'assistant', content: 'two' }], tools: null }, { stepId: 'a', count: 1, same: ['model', 'tools'], sameRequest: ['instructions', 'tools'] }),
      row('c', { model: null, messages: [{ role: 'user', content: 'three' }], tools: [2] }, { stepId: 'b', count: 2, same: ['model'], sameRequest: ['instructions'] }),
    ];
    const [, b, c] = withFullBodies(rows, byId(rows));
    expect(b.trace.request.body).toEqual({ model: 'm', messages: [{ role: 'user', content: 'one' }, { role: 'assistant', content: 'two' }], tools: [1] });
    expect(c.trace.request.body).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: 'one' }, { role: 'assistant', content: 'two' }, { role: 'user', content: 'three' }],
      tools: [2],
    });
    expect(c.trace.request).toMatchObject({ instructions: 'Be brief.', tools: ['calculator'] });
    expect(c.trace.request).not.toHaveProperty('bodyBase');
  });

  it('reads a step whose base is gone as a null body, never a wrong one, and stops at a loop', () => {
    const orphan = row('x', { messages: [{ role: 'user', content: 'tail' }] }, { stepId: 'missing', count: 3, sameRequest: ['instructions'] });
    const loopA = row('p', { messages: [] }, { stepId: 'q' });
    const loopB = row('q', { messages: [] }, { stepId: 'p' });
    const [x, p] = withFullBodies([orphan, loopA], byId([orphan, loopA, loopB]));
    expect(x.trace.request.body).toBeNull();
    expect(x.trace.request.instructions).toBe('');
    expect(p.trace.request.body).toBeNull();
  });
});
