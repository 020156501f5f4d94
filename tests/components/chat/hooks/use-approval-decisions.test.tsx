import { act, renderHook } from '@testing-library/react';
import type { ChatStatus } from 'ai';
import { expect, test, vi } from 'vitest';
import { useApprovalDecisions } from '@/components/chat/hooks/use-approval-decisions';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { ApprovalExtras } from '@/lib/client/approvals';

const runEnd = { reason: 'awaiting-approval' as const, message: 'Waiting for your approval.' };

function waiting(ids: string[]): AgentUIMessage {
  return {
    id: 'a1',
    role: 'assistant',
    metadata: { runEnd },
    parts: [
      ...ids.map((id, index) => ({
        type: 'tool-bash' as const,
        toolCallId: `call-${index}`,
        state: 'approval-requested' as const,
        input: { command: `echo ${index}` },
        approval: { id },
      })),
      { type: 'data-run-end' as const, data: runEnd },
    ],
  };
}

function setup(status: ChatStatus, messages: AgentUIMessage[]) {
  const approvalExtras: ApprovalExtras = new Map();
  let list = messages;
  const setMessages = vi.fn((update: (current: AgentUIMessage[]) => AgentUIMessage[]) => {
    list = update(list);
  });
  const addToolApprovalResponse = vi.fn();
  const onAnswered = vi.fn();
  const hook = renderHook((props: { status: ChatStatus; messages: AgentUIMessage[] }) =>
    useApprovalDecisions({ approvalExtras, setMessages, addToolApprovalResponse, onAnswered, ...props }),
  { initialProps: { status, messages } });
  return { ...hook, approvalExtras, setMessages, addToolApprovalResponse, onAnswered, transcript: () => list };
}

test('approving sends the answer, keeps edited arguments for the continuation and drops the waiting notice', () => {
  const subject = setup('ready', [waiting(['apr-1'])]);
  expect(subject.result.current.pendingIds).toEqual(['apr-1']);
  act(() => subject.result.current.answer('apr-1', { approved: true, editedInput: { command: 'ls' }, alwaysAllow: true }));
  expect(subject.addToolApprovalResponse).toHaveBeenCalledWith({ id: 'apr-1', approved: true, reason: undefined });
  expect(subject.approvalExtras.get('apr-1')).toEqual({ editedInput: { command: 'ls' }, alwaysAllow: true });
  expect(subject.onAnswered).toHaveBeenCalledWith(true);
  const last = subject.transcript().at(-1)!;
  expect(last.metadata?.runEnd).toBeUndefined();
  expect(last.parts.some((part) => part.type === 'data-run-end')).toBe(false);
});

test('denying carries the reason', () => {
  const subject = setup('error', [waiting(['apr-1'])]);
  act(() => subject.result.current.answer('apr-1', { approved: false, reason: 'not on main' }));
  expect(subject.addToolApprovalResponse).toHaveBeenCalledWith({ id: 'apr-1', approved: false, reason: 'not on main' });
  expect(subject.onAnswered).toHaveBeenCalledWith(false);
});

test('nothing is answered while a stream is open, nor an approval that is no longer pending', () => {
  const subject = setup('streaming', [waiting(['apr-1'])]);
  expect(subject.result.current.canAnswer).toBe(false);
  act(() => subject.result.current.answer('apr-1', { approved: true }));
  subject.rerender({ status: 'ready', messages: [waiting(['apr-1'])] });
  act(() => subject.result.current.answer('apr-old', { approved: true }));
  expect(subject.addToolApprovalResponse).not.toHaveBeenCalled();
});

test('approve all answers every pending request of the message', () => {
  const subject = setup('ready', [waiting(['apr-1', 'apr-2'])]);
  act(() => subject.result.current.approveAll());
  expect(subject.addToolApprovalResponse.mock.calls.map(([response]) => response.id)).toEqual(['apr-1', 'apr-2']);
});

test('the actions keep their identity while the pending requests stay the same', () => {
  const subject = setup('ready', [waiting(['apr-1'])]);
  const before = subject.result.current;
  subject.rerender({ status: 'ready', messages: [waiting(['apr-1'])] });
  expect(subject.result.current).toBe(before);
  subject.rerender({ status: 'ready', messages: [waiting(['apr-1', 'apr-2'])] });
  expect(subject.result.current.pendingIds).toEqual(['apr-1', 'apr-2']);
});
