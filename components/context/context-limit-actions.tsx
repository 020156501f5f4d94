'use client';

import { FilePlus2Icon, ShrinkIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSessionContext } from './session-context';

/** On the "context limit exceeded" card: compact harder, or carry on in a new session from a summary. */
export function ContextLimitActions() {
  const context = useSessionContext();
  if (!context) return null;
  const disabled = context.running || context.compacting;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <Button size="xs" variant="outline" className="bg-background/60" disabled={disabled} onClick={() => void context.compact()} data-testid="context-limit-compact">
        <ShrinkIcon />
        Compact harder
      </Button>
      <Button size="xs" variant="outline" className="bg-background/60" disabled={disabled} onClick={() => void context.newSessionFromSummary()} data-testid="context-limit-new-session">
        <FilePlus2Icon />
        New session from summary
      </Button>
    </div>
  );
}
