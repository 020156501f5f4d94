'use client';

import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';

const MAX_TITLE_CHARS = 200;

/**
 * Inline title editor: Enter or blur saves, Escape cancels. Empty or unchanged
 * titles are not saved.
 */
export function SessionTitleInput({
  initialTitle,
  onSave,
  onCancel,
  className,
  testId = 'session-rename-input',
}: {
  initialTitle: string;
  onSave: (title: string) => void;
  onCancel: () => void;
  className?: string;
  testId?: string;
}) {
  const [value, setValue] = useState(initialTitle);
  const ref = useRef<HTMLInputElement>(null);
  const settled = useRef(false);

  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);

  function finish(save: boolean) {
    if (settled.current) return;
    settled.current = true;
    const title = value.trim();
    if (save && title && title !== initialTitle) onSave(title);
    else onCancel();
  }

  return (
    <input
      ref={ref}
      value={value}
      maxLength={MAX_TITLE_CHARS}
      aria-label="Session title"
      data-testid={testId}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => finish(true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(true);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          finish(false);
        }
      }}
      className={cn(
        'h-7 w-full min-w-0 rounded-md border border-ring bg-background px-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40',
        className,
      )}
    />
  );
}
