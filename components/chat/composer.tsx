'use client';

import { useLayoutEffect, useRef } from 'react';
import { ArrowUpIcon, ListPlusIcon, SquareIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { CHAR_WARNING_AT, MAX_MESSAGE_CHARS } from '@/lib/client/limits';
import { formatNumber } from '@/lib/client/format';
import { cn } from '@/lib/utils';

const MAX_INPUT_HEIGHT_PX = 280;

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop?: () => void;
  /** While a run is active, Enter (and the Queue button) queue the message for when it finishes. */
  onQueue?: () => void;
  /** A run is active (useChat status submitted or streaming). */
  busy: boolean;
  stopping?: boolean;
  /** When set, sending is off and the Send tooltip says why (e.g. creating the session). */
  sendDisabledReason?: string;
  placeholder?: string;
  /** Controls at the bottom left, e.g. the model picker on the new-chat page. */
  toolbar?: React.ReactNode;
  inputRef?: React.RefObject<HTMLTextAreaElement | null>;
  autoFocus?: boolean;
  className?: string;
}

/**
 * Where the person writes. Enter sends, Shift+Enter adds a line. While a run
 * is active, Send turns into Stop and the draft can still be edited.
 */
export function Composer({
  value,
  onChange,
  onSend,
  onStop,
  onQueue,
  busy,
  stopping = false,
  sendDisabledReason,
  placeholder = 'Give the agent a task…',
  toolbar,
  inputRef,
  autoFocus,
  className,
}: ComposerProps) {
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const ref = inputRef ?? ownRef;
  useAutoGrow(ref, value);

  const length = value.length;
  const tooLong = length > MAX_MESSAGE_CHARS;
  const empty = value.trim().length === 0;
  const canSend = !busy && !empty && !tooLong && !sendDisabledReason;
  const canQueue = busy && Boolean(onQueue) && !empty && !tooLong;

  function handleKeyDown(event: React.KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
    else if (canQueue) onQueue?.();
  }

  const sendLabel = tooLong
    ? `Too long: the limit is ${formatNumber(MAX_MESSAGE_CHARS)} characters`
    : sendDisabledReason ?? (empty ? 'Type a message to send' : 'Send (Enter)');

  return (
    <form
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card shadow-sm transition-[border-color,box-shadow] focus-within:border-ring/60 focus-within:ring-[3px] focus-within:ring-ring/15',
        tooLong && 'border-destructive/50 focus-within:border-destructive/60',
        className,
      )}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSend();
        else if (canQueue) onQueue?.();
      }}
      data-testid="composer"
    >
      <label htmlFor="composer-input" className="sr-only">
        Message
      </label>
      <textarea
        id="composer-input"
        ref={ref}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={handleKeyDown}
        placeholder={placeholder}
        rows={1}
        autoFocus={autoFocus}
        aria-invalid={tooLong || undefined}
        aria-describedby={length >= CHAR_WARNING_AT ? 'composer-counter' : undefined}
        data-testid="composer-input"
        className="max-h-[280px] min-h-[52px] w-full resize-none bg-transparent px-4 pt-3.5 pb-1 text-[15px] leading-relaxed outline-none placeholder:text-muted-foreground"
      />
      <div className="flex items-center gap-2 px-2.5 pt-1 pb-2.5">
        <div className="flex min-w-0 flex-1 items-center gap-2">{toolbar}</div>
        <CharCounter length={length} />
        {busy && onQueue && <QueueButton canQueue={canQueue} />}
        {busy ? <StopButton stopping={stopping} onStop={onStop} /> : <SendButton label={sendLabel} disabled={!canSend} />}
      </div>
    </form>
  );
}

/** The textarea grows with its content up to MAX_INPUT_HEIGHT_PX, then scrolls. */
function useAutoGrow(ref: React.RefObject<HTMLTextAreaElement | null>, value: string) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, MAX_INPUT_HEIGHT_PX)}px`;
  }, [value, ref]);
}

/** Shown near the limit: how many characters, and red past it. */
function CharCounter({ length }: { length: number }) {
  if (length < CHAR_WARNING_AT) return null;
  const tooLong = length > MAX_MESSAGE_CHARS;
  return (
    <span
      id="composer-counter"
      className={cn('text-xs tabular-nums', tooLong ? 'font-medium text-destructive' : 'text-warning-text')}
      data-testid="char-counter"
      aria-live="polite"
    >
      {formatNumber(length)} / {formatNumber(MAX_MESSAGE_CHARS)}
    </span>
  );
}

function QueueButton({ canQueue }: { canQueue: boolean }) {
  return (
    <WithTooltip label={canQueue ? 'Queue: sent when the agent finishes (Enter)' : 'Type a message to queue it'}>
      <span className="inline-flex rounded-full">
        <Button type="submit" size="sm" variant="outline" className="rounded-full" data-testid="queue-button" disabled={!canQueue}>
          <ListPlusIcon /> Queue
        </Button>
      </span>
    </WithTooltip>
  );
}

function StopButton({ stopping, onStop }: { stopping: boolean; onStop?: () => void }) {
  return (
    <WithTooltip label={stopping ? 'Stopping…' : 'Stop the agent'}>
      <Button
        type="button"
        size="icon-sm"
        variant="default"
        className="rounded-full"
        aria-label="Stop the agent"
        data-testid="stop-button"
        disabled={stopping || !onStop}
        onClick={onStop}
      >
        <SquareIcon className="size-3 fill-current" />
      </Button>
    </WithTooltip>
  );
}

function SendButton({ label, disabled }: { label: string; disabled: boolean }) {
  return (
    <WithTooltip label={label}>
      {/* The wrapper keeps the tooltip working while the button is disabled. */}
      <span className="inline-flex rounded-full">
        <Button type="submit" size="icon-sm" className="rounded-full" aria-label="Send" data-testid="send-button" disabled={disabled}>
          <ArrowUpIcon />
        </Button>
      </span>
    </WithTooltip>
  );
}
