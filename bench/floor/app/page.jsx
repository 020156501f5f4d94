'use client';
// useChat rendering text parts and tool parts, nothing else: the floor for the session page.
import { useChat } from '@ai-sdk/react';
import { useState } from 'react';

export default function Page() {
  const { messages, sendMessage, status } = useChat();
  const [input, setInput] = useState('');
  return (
    <main>
      {messages.map((message) => (
        <div key={message.id} data-testid="message">
          {message.role === 'user' ? 'User: ' : 'AI: '}
          {message.parts.map((part, index) =>
            part.type === 'text' ? (
              <span key={index}>{part.text}</span>
            ) : part.type.startsWith('tool-') ? (
              <pre key={index}>
                {part.type.slice(5)} {part.state} {JSON.stringify(part.output ?? null)}
              </pre>
            ) : null,
          )}
        </div>
      ))}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (input.trim()) {
            sendMessage({ text: input });
            setInput('');
          }
        }}
      >
        <textarea data-testid="composer-input" value={input} onChange={(event) => setInput(event.target.value)} />
        <button data-testid="send-button" type="submit" disabled={status !== 'ready' || !input.trim()}>
          Send
        </button>
        <span data-testid="status">{status}</span>
      </form>
    </main>
  );
}
