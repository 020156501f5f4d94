'use client';

import { ScanSearchIcon } from 'lucide-react';
import { useConversationControls } from '@/components/chat/conversation-actions';
import { focusRun } from '@/components/inspector/inspector-focus';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';

/**
 * "Show in inspector": the run behind an assistant message, with its exact requests. The inspector opens on that run,
 * unfolded, scrolled to and focused (focusRun). Session pages only.
 */
export function ShowInInspectorButton({ runId }: { runId: string | undefined }) {
  const actions = useConversationControls();
  if (!actions || !runId) return null;
  return (
    <WithTooltip label="Show in inspector: the exact requests of this reply's run" side="bottom">
      <Button size="icon-xs" variant="ghost" aria-label="Show in inspector" data-testid="show-in-inspector" onClick={() => focusRun(runId)}>
        <ScanSearchIcon />
      </Button>
    </WithTooltip>
  );
}
