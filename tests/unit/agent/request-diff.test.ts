import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import type { EditableRequest } from '@/lib/agent/editable-request';
import { diffRequests } from '@/lib/agent/request-diff';
import { SUMMARY_MESSAGE_PREFIX } from '@/lib/context/view';

const user = (text: string): ModelMessage => ({ role: 'user', content: text });
const assistant = (text: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text }] });
const request = (messages: ModelMessage[], extra: Partial<EditableRequest> = {}): EditableRequest => ({
  instructions: 'Be brief.',
  messages,
  tools: [{ name: 'bash', enabled: true }],
  settings: {},
  ...extra,
});

describe('diffRequests', () => {
  it('shows the messages a later step added at the end, the rest the same', () => {
    const diff = diffRequests(request([user('a'), assistant('b')]), request([user('a'), assistant('b'), user('c'), assistant('d')]));
    expect(diff.messages.map((m) => m.kind)).toEqual(['same', 'same', 'added', 'added']);
    expect(diff.counts).toEqual({ same: 2, added: 2, removed: 0, changed: 0 });
    expect(diff.messages[2]).toMatchObject({ afterIndex: 2, after: user('c') });
    expect(diff.compaction).toBeNull();
    expect(diff.identical).toBe(false);
  });

  it('pairs a message edited in place as changed', () => {
    const diff = diffRequests(request([user('a'), assistant('b'), user('c')]), request([user('a'), assistant('B'), user('c')]));
    expect(diff.messages.map((m) => m.kind)).toEqual(['same', 'changed', 'same']);
    expect(diff.messages[1]).toMatchObject({ beforeIndex: 1, afterIndex: 1, before: assistant('b'), after: assistant('B') });
  });

  it('recognises a compaction: earlier messages replaced by a summary', () => {
    const summary = user(`${SUMMARY_MESSAGE_PREFIX}: we talked about a and b.`);
    const diff = diffRequests(request([user('a'), assistant('b'), user('c'), assistant('d'), user('e')]), request([summary, assistant('d'), user('e'), assistant('f')]));
    expect(diff.compaction).toEqual({ removed: 3, summary: summary.content });
    expect(diff.counts).toMatchObject({ removed: 3, added: 2, same: 2 });
  });

  it('recognises oldest turns dropped without a summary', () => {
    const diff = diffRequests(request([user('a'), assistant('b'), user('c'), assistant('d')]), request([user('c'), assistant('d'), user('e')]));
    expect(diff.compaction).toEqual({ removed: 2 });
  });

  it('lists tools added, removed and switched, instructions and settings changes', () => {
    const diff = diffRequests(
      request([user('a')], { tools: [{ name: 'bash', enabled: true }, { name: 'grep', enabled: true }, { name: 'old', enabled: true }], settings: { temperature: 1 } }),
      request([user('a')], {
        instructions: 'Be thorough.',
        tools: [{ name: 'bash', enabled: false }, { name: 'grep', enabled: true }, { name: 'new', enabled: true }],
        settings: { temperature: 0.2, maxOutputTokens: 100 },
      }),
    );
    expect(diff.tools).toEqual({ added: ['new'], removed: ['old'], switchedOn: [], switchedOff: ['bash'] });
    expect(diff.instructions).toEqual({ before: 'Be brief.', after: 'Be thorough.' });
    expect(diff.settings).toEqual([
      { key: 'temperature', before: 1, after: 0.2 },
      { key: 'maxOutputTokens', before: undefined, after: 100 },
    ]);
    expect(diff.counts.same).toBe(1);
  });

  it('says when two requests are the same', () => {
    expect(diffRequests(request([user('a')]), request([user('a')])).identical).toBe(true);
  });
});
