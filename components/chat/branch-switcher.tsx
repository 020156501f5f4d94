'use client';

import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useConversationActions } from '@/components/chat/conversation-actions';
import { Button } from '@/components/ui/button';

/** "‹ 2 / 3 ›" on a message with other versions (regenerated answers, edited messages); nothing is ever deleted. */
export function BranchSwitcher({ messageId }: { messageId: string }) {
  const actions = useConversationActions();
  const info = actions?.branches[messageId];
  if (!actions || !info) return null;
  const { siblings, index } = info;
  return (
    <span className="inline-flex items-center gap-0.5 text-xs text-muted-foreground tabular-nums" data-testid="branch-switcher" data-message-id={messageId}>
      <Button
        size="icon-xs"
        variant="ghost"
        aria-label="Previous version"
        data-testid="branch-prev"
        disabled={!actions.canAct || index === 0}
        onClick={() => actions.switchTo(siblings[index - 1]!)}
      >
        <ChevronLeftIcon />
      </Button>
      <span data-testid="branch-position" aria-label={`Version ${index + 1} of ${siblings.length}`}>
        {index + 1} / {siblings.length}
      </span>
      <Button
        size="icon-xs"
        variant="ghost"
        aria-label="Next version"
        data-testid="branch-next"
        disabled={!actions.canAct || index === siblings.length - 1}
        onClick={() => actions.switchTo(siblings[index + 1]!)}
      >
        <ChevronRightIcon />
      </Button>
    </span>
  );
}
