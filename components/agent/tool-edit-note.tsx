'use client';

import { useState } from 'react';
import { PencilIcon } from 'lucide-react';
import { JsonBlock } from '@/components/agent/json-block';
import type { ToolEditNotice } from '@/lib/agent/messages';

/**
 * One line on a tool card whose arguments the user edited before approving:
 * the card shows the arguments that ran, and this line opens the ones the
 * model asked for.
 */
export function ToolEditNote({ edit }: { edit: ToolEditNotice }) {
  const [showOriginal, setShowOriginal] = useState(false);
  return (
    <div className="border-t px-3 py-1 text-[11px] text-muted-foreground" data-testid="tool-edited">
      <p className="flex items-center gap-1.5">
        <PencilIcon className="size-3 shrink-0" aria-hidden />
        <span className="min-w-0 flex-1 truncate">Arguments edited by you before approval; the card shows the ones that ran.</span>
        <button
          type="button"
          className="shrink-0 rounded px-1 font-medium text-foreground underline-offset-2 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-expanded={showOriginal}
          data-testid="tool-edited-toggle"
          onClick={() => setShowOriginal((open) => !open)}
        >
          {showOriginal ? 'Hide original' : 'Show original'}
        </button>
      </p>
      {showOriginal && (
        <JsonBlock
          className="mt-1.5 mb-1"
          label="Original arguments (from the model, not run)"
          value={edit.originalInput}
          copyLabel="Copy original arguments"
          maxHeightClass="max-h-48"
          data-testid="tool-original-input"
        />
      )}
    </div>
  );
}
