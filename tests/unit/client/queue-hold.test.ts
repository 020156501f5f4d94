import { describe, expect, it } from 'vitest';
import type { AgentUIMessage, RunEnd, RunEndReason } from '@/lib/agent/messages';
import { queueHoldReason } from '@/lib/client/queue-hold';
import { dispatchesQueue } from '@/lib/server/message-queue';

const end = (reason: RunEndReason): RunEnd => ({ reason, message: reason });
const assistant = (reason: RunEndReason): AgentUIMessage => ({ id: `a-${reason}`, role: 'assistant', parts: [], metadata: { runEnd: end(reason) } });
const user: AgentUIMessage = { id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] };

describe('when the queue goes out by itself', () => {
  it('the server sends the next message only after a run that ended normally', () => {
    expect(dispatchesQueue(end('completed'))).toBe(true);
    expect(dispatchesQueue(end('done-tool'))).toBe(true);
    for (const reason of ['cancelled', 'awaiting-approval', 'paused', 'error', 'max-iterations', 'interrupted'] as const) {
      expect(dispatchesQueue(end(reason)), reason).toBe(false);
    }
  });

  it('the page says why a queue is held, and nothing after a normal end', () => {
    expect(queueHoldReason([user, assistant('completed')])).toBeUndefined();
    expect(queueHoldReason([user, assistant('done-tool')])).toBeUndefined();
    expect(queueHoldReason([user])).toBeUndefined();
    expect(queueHoldReason([user, assistant('cancelled')])).toMatch(/stopped/);
    expect(queueHoldReason([user, assistant('awaiting-approval')])).toMatch(/approval/);
    expect(queueHoldReason([user, assistant('paused')])).toMatch(/step mode paused/);
    expect(queueHoldReason([user, assistant('error')])).toMatch(/did not finish/);
    // The last assistant message decides, even with a user message after it.
    expect(queueHoldReason([assistant('cancelled'), user])).toMatch(/stopped/);
  });
});
