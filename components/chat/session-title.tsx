'use client';

import { useState } from 'react';
import { SessionTitleInput } from '@/components/sessions/session-title-input';
import { WithTooltip } from '@/components/ui/tooltip';
import { VisibleText } from '@/components/ui/visible-text';

/** The session title in the header; click to rename in place. */
export function SessionTitle({ title, onRename }: { title: string; onRename: (title: string) => void }) {
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <div className="w-full max-w-md min-w-0">
        <SessionTitleInput
          initialTitle={title}
          testId="title-input"
          onCancel={() => setEditing(false)}
          onSave={(next) => {
            setEditing(false);
            onRename(next);
          }}
        />
      </div>
    );
  }
  return (
    <h1 className="flex min-w-0 text-sm font-medium">
      <WithTooltip label="Rename session" side="bottom">
        <button
          type="button"
          onClick={() => setEditing(true)}
          data-testid="session-title-button"
          className="min-w-0 truncate rounded-md px-1.5 py-1 text-left outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <VisibleText text={title} />
        </button>
      </WithTooltip>
    </h1>
  );
}
