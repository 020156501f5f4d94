import { ShieldCheckIcon, ShieldQuestionIcon, ShieldXIcon } from 'lucide-react';
import type { ToolDecisionNotice } from '@/lib/agent/messages';
import { cn } from '@/lib/utils';

const OUTCOME = {
  allowed: { Icon: ShieldCheckIcon, prefix: 'Ran', className: 'text-muted-foreground' },
  denied: { Icon: ShieldXIcon, prefix: 'Not run', className: 'text-warning-text' },
  asked: { Icon: ShieldQuestionIcon, prefix: 'Asked', className: 'text-muted-foreground' },
} as const;

/** One line on the tool card: why the call ran or did not ("Ran: mode auto", "Not run: denied by you: …"). */
export function ToolDecision({ decision }: { decision: ToolDecisionNotice }) {
  const style = OUTCOME[decision.outcome];
  return (
    <p
      className={cn('flex items-center gap-1.5 border-t px-3 py-1 text-[11px]', style.className)}
      data-testid="tool-decision"
      data-outcome={decision.outcome}
    >
      <style.Icon className="size-3 shrink-0" aria-hidden />
      <span className="min-w-0 truncate">
        {style.prefix}: {decision.reason}
      </span>
    </p>
  );
}
