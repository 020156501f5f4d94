import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { rerunBranchPoint } from '@/lib/agent/rerun-branch-point';

const user = (text: string): ModelMessage => ({ role: 'user', content: text });
const assistant = (text: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text }] });

describe('rerunBranchPoint', () => {
  const original = [user('one'), assistant('a1'), user('two'), assistant('a2 step 1')];
  const turns = [
    { userMessageId: 'u1', messages: [user('one')] },
    { userMessageId: 'u2', messages: [user('one'), assistant('a1'), user('two')] },
  ];

  it('joins after the latest turn the edited request still starts with', () => {
    expect(rerunBranchPoint(original, [...original, user('three')], turns)).toEqual({ parentId: 'u2', shared: 3 });
    expect(rerunBranchPoint(original, [user('one'), assistant('a1'), user('two'), assistant('changed')], turns)).toEqual({ parentId: 'u2', shared: 3 });
    expect(rerunBranchPoint(original, [user('one'), assistant('a1'), user('edited two')], turns)).toEqual({ parentId: 'u1', shared: 1 });
  });

  it('is null when the first message changed, when nothing would be left to store, or when a turn does not match the request', () => {
    expect(rerunBranchPoint(original, [user('edited one'), ...original.slice(1)], turns)).toBeNull();
    expect(rerunBranchPoint(original, [user('one')], turns)).toBeNull();
    // A compaction summary: the turn's history is not how the step's request begins.
    expect(rerunBranchPoint(original, [...original, user('three')], [{ userMessageId: 'u2', messages: [user('summary'), user('two')] }])).toBeNull();
    // A continuation's first request (ending with tool results) is no turn start.
    expect(rerunBranchPoint(original, [...original, user('x')], [{ userMessageId: 'u2', messages: [...original.slice(0, 2)] }])).toBeNull();
  });
});
