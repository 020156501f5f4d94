import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { forgetValidatedRows, readStoredMessageRow } from '@/lib/server/stored-messages';

// Counts the SDK's validations while doing them for real.
const validations = vi.hoisted(() => ({ count: 0 }));
vi.mock('ai', async (importOriginal) => {
  const actual = await importOriginal<typeof import('ai')>();
  return {
    ...actual,
    safeValidateUIMessages: (async (...args: Parameters<typeof actual.safeValidateUIMessages>) => {
      validations.count++;
      return actual.safeValidateUIMessages(...args);
    }) as typeof actual.safeValidateUIMessages,
  };
});

beforeEach(() => {
  forgetValidatedRows();
  validations.count = 0;
});

const row = (message: unknown, id = 'm1', role = 'assistant') => ({ id, role, json: JSON.stringify(message) });

const answer: AgentUIMessage = {
  id: 'm1',
  role: 'assistant',
  parts: [
    { type: 'tool-calculator', toolCallId: 'c1', state: 'output-available', input: { expression: '6*7' }, output: { expression: '6*7', result: 42 } },
    { type: 'text', text: 'It is 42.', state: 'done' },
  ],
};

describe('a stored row read again with the same JSON', () => {
  it('is validated once per process, and reads the same', async () => {
    const first = await readStoredMessageRow('s', row(answer));
    const second = await readStoredMessageRow('s', row(answer));
    expect(validations.count).toBe(1);
    expect(second).toEqual(first);
    expect(second).toEqual({ ok: true, message: answer });
  });

  it('is a fresh object each time: a caller changing it changes no later read', async () => {
    const first = await readStoredMessageRow('s', row(answer));
    first.message.parts.push({ type: 'text', text: 'changed' });
    const second = await readStoredMessageRow('s', row(answer));
    expect(second.message).toEqual(answer);
  });

  it('is validated at every read when validation changes it (a failed call becomes a dynamic-tool part), and reads as validation made it', async () => {
    const failed = { id: 'm2', role: 'assistant', parts: [{ type: 'tool-calculator', toolCallId: 'c3', state: 'output-error', input: { expr: 1 }, errorText: 'Invalid input' }] };
    const first = await readStoredMessageRow('s', row(failed, 'm2'));
    const second = await readStoredMessageRow('s', row(failed, 'm2'));
    expect(validations.count).toBe(2);
    expect(second.message.parts[0]).toMatchObject({ type: 'dynamic-tool', toolName: 'calculator', state: 'output-error' });
    expect(second).toEqual(first);
  });

  it('is validated again once its JSON changed, and a row that no longer validates becomes a stand-in', async () => {
    await readStoredMessageRow('s', row(answer));
    const broken = { ...answer, parts: [{ type: 'data-run-end', data: { reason: 42 } }] };
    const read = await readStoredMessageRow('s', row(broken));
    expect(validations.count).toBe(2);
    expect(read.ok).toBe(false);
  });

  it('is checked against its row again: the same JSON under another id or role is not taken as valid', async () => {
    await readStoredMessageRow('s', row(answer));
    expect((await readStoredMessageRow('s', row(answer, 'other-id'))).ok).toBe(false);
    expect((await readStoredMessageRow('s', row(answer, 'm1', 'user'))).ok).toBe(false);
  });

  it('keeps no verdict for a failure: it is validated at every read', async () => {
    const broken = { id: 'm3', role: 'assistant', parts: [{ type: 'mystery' }] };
    await readStoredMessageRow('s', row(broken, 'm3'));
    await readStoredMessageRow('s', row(broken, 'm3'));
    expect(validations.count).toBe(2);
  });
});
