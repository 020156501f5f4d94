import { act, renderHook, waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { lastAssistantMessageIsCompleteWithApprovalResponses, type ChatTransport, type UIMessage, type UIMessageChunk } from 'ai';
import { useChat } from '@/lib/client/use-chat';

type Message = UIMessage<unknown, { note: string }>;

/** A stream of one assistant text reply, in `pieces`, with a data part after the first piece. */
function reply(id: string, pieces: string[]): ReadableStream<UIMessageChunk> {
  const chunks: UIMessageChunk[] = [
    { type: 'start', messageId: id },
    { type: 'start-step' },
    { type: 'text-start', id: 't' },
    ...pieces.flatMap((delta, index): UIMessageChunk[] =>
      index === 0 ? [{ type: 'text-delta', id: 't', delta }, { type: 'data-note', data: { note: 'first' } }] : [{ type: 'text-delta', id: 't', delta }],
    ),
    { type: 'text-end', id: 't' },
    { type: 'finish-step' },
    { type: 'finish' },
  ];
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

function transportOf(overrides: Partial<ChatTransport<Message>> = {}): ChatTransport<Message> {
  return {
    sendMessages: vi.fn(async () => reply('a1', ['Hel', 'lo'])),
    reconnectToStream: vi.fn(async () => null),
    ...overrides,
  };
}

const user: Message = { id: 'u0', role: 'user', parts: [{ type: 'text', text: 'earlier' }] };

test('sends a message, streams the reply into messages and reports data, status and the finish', async () => {
  const transport = transportOf();
  const onData = vi.fn();
  const onFinish = vi.fn();
  const statuses: string[] = [];
  const { result } = renderHook(() => {
    const chat = useChat<Message>({ id: 's1', messages: [user], transport, onData, onFinish });
    statuses.push(chat.status);
    return chat;
  });
  expect(result.current.messages).toEqual([user]);
  expect(result.current.id).toBe('s1');

  await act(() => result.current.sendMessage({ text: 'hi' }));
  await waitFor(() => expect(result.current.status).toBe('ready'));

  const [, sent, answer] = result.current.messages;
  expect(sent).toMatchObject({ role: 'user', parts: [{ type: 'text', text: 'hi' }] });
  expect(answer).toMatchObject({ id: 'a1', role: 'assistant' });
  expect(answer!.parts.find((part) => part.type === 'text')).toMatchObject({ text: 'Hello', state: 'done' });
  expect(result.current.messages[0]).toBe(user); // an unchanged message keeps its object (the transcript's memo relies on it)
  expect(onData).toHaveBeenCalledWith(expect.objectContaining({ type: 'data-note', data: { note: 'first' } }));
  expect(onFinish).toHaveBeenCalledTimes(1);
  expect(statuses.at(-1)).toBe('ready');
  expect(transport.sendMessages).toHaveBeenCalledWith(expect.objectContaining({ chatId: 's1', trigger: 'submit-message' }));
});

test('throttled: a burst of tokens renders fewer times than it has tokens, and the last one is shown', async () => {
  const pieces = Array.from({ length: 40 }, (_, index) => `${index},`);
  const transport = transportOf({ sendMessages: vi.fn(async () => reply('a1', pieces)) });
  let renders = 0;
  const { result } = renderHook(() => {
    renders += 1;
    return useChat<Message>({ id: 's1', transport, throttle: 50 });
  });
  await act(() => result.current.sendMessage({ text: 'go' }));
  await waitFor(() => expect(result.current.messages.at(-1)?.parts.find((part) => part.type === 'text')).toMatchObject({ text: pieces.join('') }));
  expect(renders).toBeLessThan(pieces.length);
});

test('a streamed chunk renders in the task it arrived in; setMessages waits for React to schedule it', async () => {
  // Outside act, React renders an update as it would in the page: a plain one in a scheduler task (setImmediate here).
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    let stream!: ReadableStreamDefaultController<UIMessageChunk>;
    const transport = transportOf({ sendMessages: vi.fn(async () => new ReadableStream<UIMessageChunk>({ start: (controller) => void (stream = controller) })) });
    const { result } = renderHook(() => useChat<Message>({ id: 's1', transport, throttle: 8 }));
    const shownText = () => result.current.messages.at(-1)?.parts.find((part) => part.type === 'text')?.text;
    /** Microtasks only: no task runs meanwhile, so whatever renders was rendered in this one. */
    const drainMicrotasks = async () => {
      for (let i = 0; i < 500; i++) await Promise.resolve();
    };
    void result.current.sendMessage({ text: 'go' });
    await waitFor(() => expect(transport.sendMessages).toHaveBeenCalled());
    await waitFor(() => expect(stream).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 20)); // past the throttle's window: the next chunk takes its leading edge

    stream.enqueue({ type: 'start', messageId: 'a1' });
    stream.enqueue({ type: 'text-start', id: 't' });
    stream.enqueue({ type: 'text-delta', id: 't', delta: 'Hel' });
    await drainMicrotasks();
    expect(shownText()).toBe('Hel');
    await new Promise((resolve) => setTimeout(resolve, 20));
    stream.enqueue({ type: 'text-delta', id: 't', delta: 'lo' });
    await drainMicrotasks();
    expect(shownText()).toBe('Hello');

    // Not a streamed change: rendered when React's scheduler gets to it, after this task.
    result.current.setMessages((messages) => messages.slice(0, 1));
    await drainMicrotasks();
    expect(result.current.messages).toHaveLength(2);
    await waitFor(() => expect(result.current.messages).toHaveLength(1));
    stream.close();
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  }
});

test('resume reattaches to the running stream on mount; setMessages takes a value or an update', async () => {
  const transport = transportOf({ reconnectToStream: vi.fn(async () => reply('a2', ['again'])) });
  const { result } = renderHook(() => useChat<Message>({ id: 's1', messages: [user], transport, resume: true, resumeOptions: { metadata: { reattachRun: 'run-1' } } }));
  await waitFor(() => expect(result.current.messages.at(-1)).toMatchObject({ id: 'a2', role: 'assistant' }));
  // resumeOptions reach the transport (its metadata names the run to replay).
  expect(transport.reconnectToStream).toHaveBeenCalledWith(expect.objectContaining({ chatId: 's1', metadata: { reattachRun: 'run-1' } }));
  await waitFor(() => expect(result.current.status).toBe('ready'));

  act(() => result.current.setMessages((list) => list.slice(0, -1)));
  expect(result.current.messages).toEqual([user]);
  act(() => result.current.setMessages([]));
  expect(result.current.messages).toEqual([]);
});

test('a failed send sets the error and calls the latest onError given to the hook', async () => {
  const transport = transportOf({ sendMessages: vi.fn(async () => Promise.reject(new Error('refused'))) });
  const first = vi.fn();
  const latest = vi.fn();
  const { result, rerender } = renderHook(({ onError }) => useChat<Message>({ id: 's1', transport, onError }), { initialProps: { onError: first } });
  rerender({ onError: latest });
  await act(() => result.current.sendMessage({ text: 'hi' }));
  await waitFor(() => expect(result.current.status).toBe('error'));
  expect(result.current.error?.message).toBe('refused');
  expect(latest).toHaveBeenCalledWith(expect.objectContaining({ message: 'refused' }));
  expect(first).not.toHaveBeenCalled();
});

test('sendAutomaticallyWhen: an approval answer sends the conversation again on its own', async () => {
  const waiting: Message = {
    id: 'a0',
    role: 'assistant',
    parts: [{ type: 'dynamic-tool', toolName: 'bash', toolCallId: 'c1', state: 'approval-requested', input: {}, approval: { id: 'p1' } }],
  };
  const transport = transportOf();
  const { result } = renderHook(() =>
    useChat<Message>({
      id: 's1',
      messages: [user, waiting],
      transport,
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    }),
  );
  await act(async () => {
    await result.current.addToolApprovalResponse({ id: 'p1', approved: true });
  });
  await waitFor(() => expect(result.current.status).toBe('ready'));
  await waitFor(() => expect(result.current.messages.at(-1)?.parts.find((part) => part.type === 'text')).toMatchObject({ text: 'Hello' }));
  expect(transport.sendMessages).toHaveBeenCalledTimes(1);
  expect(transport.sendMessages).toHaveBeenCalledWith(expect.objectContaining({ trigger: 'submit-message' }));
});
