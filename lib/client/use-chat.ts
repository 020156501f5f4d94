'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AbstractChat, type ChatInit, type ChatRequestOptions, type ChatState, type ChatStatus, type ChatTransport, type UIMessage } from 'ai';
import type { UseChatHelpers } from '@ai-sdk/react';
import { flushSync } from 'react-dom';

/**
 * `useChat` from `@ai-sdk/react` 4.0.177, for a chat that always brings its own transport.
 *
 * Why our own: that package ships one file whose top imports `ai`'s realtime session (WebRTC, audio, live socket)
 * and `callCompletionApi` for useRealtime/useCompletion. The bundler drops those hooks but keeps what they import:
 * ~48 KiB of `ai` (raw) in the session page's first load for hooks it never calls. This file is the same hook and
 * React state (`ReactChatState`, `Chat`, the automatic resume), read from its dist/index.js, minus the options
 * this app does not use (`chat`: an externally managed Chat; a default transport). Keep it in step with the
 * package when upgrading: tests/components/client/use-chat.test.tsx pins the behaviour the session relies on.
 */

type Listener = () => void;
/** A change of the messages; `streamed` when a response's chunk (or an answer to one of its parts) made it. */
type MessagesListener = (streamed: boolean) => void;

/** Leading and trailing edge, as `throttleit` (what @ai-sdk/react uses): the last call within `waitMs` runs at the end, with its argument. */
function throttled<A>(callback: (arg: A) => void, waitMs: number): (arg: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastCall = 0;
  return (arg) => {
    clearTimeout(timer);
    const delay = waitMs - (Date.now() - lastCall);
    if (delay <= 0) {
      lastCall = Date.now();
      callback(arg);
    } else {
      timer = setTimeout(() => {
        lastCall = Date.now();
        callback(arg);
      }, delay);
    }
  };
}

function listen<L>(listeners: Set<L>, listener: L): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function cloneMetadata(metadata: unknown): unknown {
  if (Array.isArray(metadata)) return [...metadata];
  if (metadata != null && typeof metadata === 'object') {
    const prototype: unknown = Object.getPrototypeOf(metadata);
    if (prototype === Object.prototype || prototype === null) return { ...metadata };
  }
  return metadata;
}

function isMessage(value: unknown): value is UIMessage {
  return value != null && typeof value === 'object' && 'parts' in value && Array.isArray(value.parts);
}

/** The chat's state as immutable snapshots: every change makes a new array (and a new object for a changed message). */
class ReactChatState<M extends UIMessage> implements ChatState<M> {
  #messages: M[];
  #status: ChatStatus = 'ready';
  #error: Error | undefined = undefined;
  #queuedMessages: M[] = [];
  readonly messagesListeners = new Set<MessagesListener>();
  readonly otherListeners = new Set<Listener>();

  constructor(initialMessages: M[] = []) {
    this.#messages = initialMessages;
  }

  #messagesChanged(streamed = false) {
    this.messagesListeners.forEach((listener) => listener(streamed));
  }

  #otherChanged() {
    this.otherListeners.forEach((listener) => listener());
  }

  // The chat pushes and replaces a message as a response streams in (and as a part of it is answered); the `messages`
  // setter is everything else (setMessages: a page of history, a follower's transcript).
  pushMessage = (message: M) => {
    this.#messages = this.#messages.concat(message);
    this.#messagesChanged(true);
  };

  popMessage = () => {
    this.#messages = this.#messages.slice(0, -1);
    this.#messagesChanged();
  };

  replaceMessage = (index: number, message: M) => {
    this.#messages = [...this.#messages.slice(0, index), this.snapshot(message), ...this.#messages.slice(index + 1)];
    this.#messagesChanged(true);
  };

  /** A copy of a message deep enough that the next chunk's edits do not reach what React rendered. */
  snapshot = <T>(value: T): T => {
    if (!isMessage(value)) return value;
    const parts = value.parts.map((part) => ({ ...part }));
    return 'metadata' in value ? { ...value, parts, metadata: cloneMetadata(value.metadata) } : { ...value, parts };
  };

  get status() {
    return this.#status;
  }
  set status(status: ChatStatus) {
    this.#status = status;
    this.#otherChanged();
  }

  get error() {
    return this.#error;
  }
  set error(error: Error | undefined) {
    this.#error = error;
    this.#otherChanged();
  }

  get experimental_queuedMessages() {
    return this.#queuedMessages;
  }
  set experimental_queuedMessages(queued: M[]) {
    this.#queuedMessages = queued;
    this.#otherChanged();
  }

  get messages() {
    return this.#messages;
  }
  set messages(messages: M[]) {
    this.#messages = [...messages];
    this.#messagesChanged();
  }
}

/** What the hook renders. */
interface ChatSnapshot<M extends UIMessage> {
  messages: M[];
  status: ChatStatus;
  error: Error | undefined;
  experimental_queuedMessages: M[];
}

function sameSnapshot<M extends UIMessage>(a: ChatSnapshot<M>, b: ChatSnapshot<M>): boolean {
  return a.messages === b.messages && a.status === b.status && a.error === b.error && a.experimental_queuedMessages === b.experimental_queuedMessages;
}

/** The options that may change between renders: read when the chat calls them. */
type ChatCallbacks<M extends UIMessage> = Pick<ChatInit<M>, 'onToolCall' | 'onData' | 'onFinish' | 'onError' | 'sendAutomaticallyWhen'> & {
  transport: ChatTransport<M>;
};

class Chat<M extends UIMessage> extends AbstractChat<M> {
  readonly #state: ReactChatState<M>;
  readonly #callbacks: { current: ChatCallbacks<M> };

  constructor({ messages, ...init }: Omit<ChatInit<M>, 'transport'> & ChatCallbacks<M>) {
    const state = new ReactChatState<M>(messages);
    const callbacks = { current: init };
    const transport = () => callbacks.current.transport;
    super({
      ...init,
      state,
      transport: {
        get resumeStreamIsReplay() {
          return transport().resumeStreamIsReplay;
        },
        sendMessages: (options) => transport().sendMessages(options),
        reconnectToStream: (options) => transport().reconnectToStream(options),
      },
      onToolCall: (arg) => callbacks.current.onToolCall?.(arg),
      onData: (arg) => callbacks.current.onData?.(arg),
      onFinish: (arg) => callbacks.current.onFinish?.(arg),
      onError: (arg) => callbacks.current.onError?.(arg),
      sendAutomaticallyWhen: (arg) => callbacks.current.sendAutomaticallyWhen?.(arg) ?? false,
    });
    this.#state = state;
    this.#callbacks = callbacks;
  }

  /** The latest callbacks and transport of the hook's caller. */
  setCallbacks(callbacks: ChatCallbacks<M>) {
    this.#callbacks.current = callbacks;
  }

  replaceMessages(messages: M[] | ((messages: M[]) => M[])) {
    this.messages = typeof messages === 'function' ? messages(this.messages) : messages;
  }

  /**
   * Every change of what the hook renders; messages at most every `throttleMs`. A streamed chunk renders at once, in
   * the task it arrived in (flushSync), not in a scheduler task after it: that hop let a frame's style, layout and
   * paint (and whatever else was queued) run between a token's arrival and its render, and the bench's token → DOM
   * read 2.3 → 2.0 ms (p50) and 4.4 → 3.7 ms (p95) from the chunk's arrival in the page without it. Called inside
   * React's own work (an effect that sends), flushSync only schedules, as a plain update does.
   */
  subscribe(onChange: Listener, throttleMs: number | undefined): () => void {
    const render: MessagesListener = (streamed) => (streamed ? flushSync(onChange) : onChange());
    const offMessages = listen(this.#state.messagesListeners, throttleMs ? throttled(render, throttleMs) : render);
    const offOther = listen(this.#state.otherListeners, onChange);
    return () => {
      offMessages();
      offOther();
    };
  }

  getSnapshot(): ChatSnapshot<M> {
    const { messages, status, error, experimental_queuedMessages } = this.#state;
    return { messages, status, error, experimental_queuedMessages };
  }

  /** AbstractChat's reconnect after a network drop (not in its typings), which `resume` uses when the tab is shown again. */
  resumeIfDisconnected(shouldResume: () => boolean): Promise<unknown> {
    const resumeIfDisconnected: unknown = Reflect.get(this, '~resumeStreamIfDisconnected');
    if (typeof resumeIfDisconnected !== 'function') return Promise.resolve();
    return Promise.resolve(resumeIfDisconnected({ shouldResume }));
  }
}

interface AutomaticResume {
  registrations: Set<object>;
  pendingVisibilityResume?: Promise<void>;
  cleanup?: () => void;
}
const automaticResumes = new WeakMap<object, AutomaticResume>();

/**
 * `resume`: reattach to the running stream once per chat (however many hooks share it), and again when the tab
 * becomes visible after a network drop in the background.
 */
function registerAutomaticResume<M extends UIMessage>(chat: Chat<M>, registration: object, options?: ChatRequestOptions): () => void {
  let state = automaticResumes.get(chat);
  if (state == null) {
    const created: AutomaticResume = { registrations: new Set() };
    state = created;
    automaticResumes.set(chat, created);
    if (typeof document !== 'undefined') {
      const onVisibilityChange = () => {
        if (document.visibilityState !== 'visible' || created.pendingVisibilityResume != null) return;
        const registered = () => automaticResumes.get(chat) === created && created.registrations.size > 0;
        const clear = () => {
          created.pendingVisibilityResume = undefined;
        };
        created.pendingVisibilityResume = chat
          .resumeIfDisconnected(() => registered() && document.visibilityState === 'visible')
          .then(clear, clear);
      };
      document.addEventListener('visibilitychange', onVisibilityChange);
      created.cleanup = () => document.removeEventListener('visibilitychange', onVisibilityChange);
    }
  }
  const { registrations } = state;
  const first = registrations.size === 0;
  registrations.add(registration);
  if (first && chat.status !== 'submitted' && chat.status !== 'streaming') void chat.resumeStream(options);
  return () => {
    registrations.delete(registration);
    if (registrations.size === 0) {
      state.cleanup?.();
      automaticResumes.delete(chat);
    }
  };
}

type UseChatOptions<M extends UIMessage> = Omit<ChatInit<M>, 'transport'> & {
  transport: ChatTransport<M>;
  /** Render message updates at most every this many milliseconds. */
  throttle?: number;
  /** Reattach to the chat's running stream on mount. */
  resume?: boolean;
  /** What that reattach sends (its metadata reaches the transport's prepareReconnectToStreamRequest). Not in @ai-sdk/react. */
  resumeOptions?: ChatRequestOptions;
};

/** A new chat per `id`; callbacks and the transport are read at call time, so they may change between renders. */
export function useChat<M extends UIMessage>({ throttle, resume = false, resumeOptions, ...options }: UseChatOptions<M>): UseChatHelpers<M> {
  const [registration] = useState(() => ({}));
  // A new chat for a new id only; the callbacks follow through setCallbacks.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const chat = useMemo(() => new Chat<M>(options), [options.id]);
  useEffect(() => {
    chat.setCallbacks(options);
  });

  useEffect(
    () => () => {
      void chat.stop();
    },
    [chat],
  );

  // State, not useSyncExternalStore: its updates render synchronously one by one, where these batch with the rest
  // of the task as in @ai-sdk/react (a token and the status change it brings render once).
  const [snapshot, setSnapshot] = useState(() => ({ chat, ...chat.getSnapshot() }));
  if (snapshot.chat !== chat) setSnapshot({ chat, ...chat.getSnapshot() });
  useEffect(() => {
    let subscribed = true;
    const publish = () => {
      if (!subscribed) return;
      const next = chat.getSnapshot();
      setSnapshot((current) => (current.chat !== chat || sameSnapshot(current, next) ? current : { chat, ...next }));
    };
    const unsubscribe = chat.subscribe(publish, throttle);
    publish(); // what changed between the render and this subscription
    return () => {
      subscribed = false;
      unsubscribe();
    };
  }, [chat, throttle]);
  const { messages, status, error, experimental_queuedMessages } = snapshot;

  const setMessages = useCallback((next: M[] | ((messages: M[]) => M[])) => chat.replaceMessages(next), [chat]);

  // Read when the chat (re)attaches, not a reason to: as the callbacks are.
  const resumeOptionsRef = useRef(resumeOptions);
  useEffect(() => {
    resumeOptionsRef.current = resumeOptions;
  });
  useEffect(() => {
    if (resume) return registerAutomaticResume(chat, registration, resumeOptionsRef.current);
  }, [resume, chat, registration]);

  return {
    get id() {
      return chat.id;
    },
    messages,
    setMessages,
    sendMessage: chat.sendMessage,
    regenerate: chat.regenerate,
    clearError: chat.clearError,
    stop: chat.stop,
    error,
    resumeStream: chat.resumeStream,
    status,
    addToolResult: chat.addToolOutput,
    addToolOutput: chat.addToolOutput,
    addToolApprovalResponse: chat.addToolApprovalResponse,
    experimental_queuedMessages,
    experimental_removeQueuedMessage: chat.experimental_removeQueuedMessage,
    experimental_sendQueuedMessageNow: chat.experimental_sendQueuedMessageNow,
  };
}
