'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Editing a sent message in place: Send makes a new version of it (and of everything after), Escape or Cancel keeps it as it was. */
export function EditMessageForm({ initial, onCancel, onSend }: { initial: string; onCancel: () => void; onSend: (text: string) => void }) {
  const [text, setText] = useState(initial);
  const unchanged = text.trim() === initial.trim() || !text.trim();
  return (
    <form
      className="ml-auto flex w-full max-w-[85%] flex-col gap-2 rounded-2xl border bg-card p-3"
      data-testid="edit-message-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!unchanged) onSend(text);
      }}
    >
      <label className="sr-only" htmlFor="edit-message-input">
        Edit your message
      </label>
      <textarea
        id="edit-message-input"
        autoFocus
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            if (!unchanged) onSend(text);
          }
        }}
        rows={Math.min(10, Math.max(2, text.split('\n').length))}
        data-testid="edit-message-input"
        className="w-full resize-y bg-transparent text-[15px] leading-relaxed outline-none"
      />
      <div className="flex justify-end gap-2">
        <Button type="button" size="sm" variant="ghost" onClick={onCancel} data-testid="edit-message-cancel">
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={unchanged} data-testid="edit-message-send">
          Send
        </Button>
      </div>
    </form>
  );
}
