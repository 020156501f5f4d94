import { describe, expect, it } from 'vitest';
import { redactSecrets } from '@/lib/agent/trace';
import { rebuildRequestBody, redactRequestBody, requestBodyDelta, storedRequestBody } from '@/lib/agent/trace-body';

const tools = [{ type: 'function', function: { name: 'calculator', parameters: { type: 'object', properties: { expression: { type: 'string' } } } } }];

function body(messages: unknown[], extra: Record<string, unknown> = {}) {
  return { model: 'gpt-4.1-mini', messages, tools, stream: true, ...extra };
}

const history = Array.from({ length: 50 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `message ${i} ${'x'.repeat(i * 10)}` }));

describe('request bodies redacted against the previous one', () => {
  it('gives exactly what redacting the whole body gives, sharing the unchanged items instead of copying them', () => {
    const first = redactRequestBody(body(history.slice(0, 40)), undefined) as ReturnType<typeof body>;
    expect(first).toEqual(redactSecrets(body(history.slice(0, 40))));
    expect(requestBodyDelta(first)).toBeUndefined();

    // A fresh body from the provider, as each step builds one: equal content, new objects.
    const raw = structuredClone(body(history));
    const second = redactRequestBody(raw, first) as ReturnType<typeof body>;
    expect(second).toEqual(redactSecrets(raw));
    expect(second.messages[39]).toBe(first.messages[39]);
    expect(second.messages[40]).not.toBe(raw.messages[40]);
    expect(second.tools).toBe(first.tools);
    expect(requestBodyDelta(second)).toEqual({ base: first, key: 'messages', count: 40, same: ['model', 'tools', 'stream'] });
  });

  it('redacts a secret in a new message, in a changed field and under a credential name, and never shares a raw one', () => {
    const first = redactRequestBody(body(history.slice(0, 10)), undefined);
    const raw = body([...history.slice(0, 10), { role: 'user', content: 'my key is sk-live-abcdefghijklmnop' }], { api_key: 'plain-value', user: 'Bearer abcdefghijklmnop' });
    const second = redactRequestBody(raw, first);
    expect(second).toEqual(redactSecrets(raw));
    expect(JSON.stringify(second)).not.toMatch(/sk-live|plain-value|Bearer abc/);

    // The same secret again: the raw item differs from the redacted one, so it is redacted again, not copied raw.
    const third = redactRequestBody(structuredClone(raw), second);
    expect(third).toEqual(redactSecrets(raw));
    expect(JSON.stringify(third)).not.toMatch(/sk-live|plain-value|Bearer abc/);
  });

  it('shares nothing when an early message changed (an edit, a compaction)', () => {
    const first = redactRequestBody(body(history.slice(0, 20)), undefined);
    const edited = structuredClone(history.slice(0, 25));
    edited[0] = { role: 'user', content: 'A summary of the conversation so far.' };
    const second = redactRequestBody(body(edited), first);
    expect(second).toEqual(redactSecrets(body(edited)));
    expect(requestBodyDelta(second)).toMatchObject({ key: null, count: 0 });
  });

  it('stores only what is new and rebuilds the whole body from its base', () => {
    const first = redactRequestBody(body(history.slice(0, 30)), undefined);
    const second = redactRequestBody(body([...history.slice(0, 30), { role: 'user', content: 'new' }]), first) as Record<string, unknown>;
    const delta = requestBodyDelta(second)!;
    const stored = storedRequestBody(second, delta);
    expect(stored).toEqual({ model: null, messages: [{ role: 'user', content: 'new' }], tools: null, stream: null });
    // Through JSON, as the database keeps it.
    const rebuilt = rebuildRequestBody(JSON.parse(JSON.stringify(stored)), delta, JSON.parse(JSON.stringify(first)));
    expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(second));
  });
});
