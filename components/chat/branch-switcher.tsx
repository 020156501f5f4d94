'use client';

import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { IdleButton, useConversationControls, useMessageVersions } from '@/components/chat/conversation-actions';

/** "‹ 2 / 3 ›" on a message with other versions (regenerated answers, edited messages); nothing is ever deleted. */
export function BranchSwitcher({ messageId }: { messageId: string }) {
  const actions = useConversationControls();
  const info = useMessageVersions(messageId);
  if (!actions || !info) return null;
  const { siblings, index } = info;
  return (
    <span className="inline-flex items-center gap-0.5 text-xs text-muted-foreground tabular-nums" data-testid="branch-switcher" data-message-id={messageId}>
      <IdleButton
        size="icon-xs"
        variant="ghost"
        aria-label="Previous version"
        data-testid="branch-prev"
        disabled={index === 0}
        onClick={() => actions.switchTo(siblings[index - 1]!)}
      >
        <ChevronLeftIcon />
      </IdleButton>
      <span data-testid="branch-position" aria-label={`Version ${index + 1} of ${siblings.length}`}>
        {index + 1} / {siblings.length}
      </span>
      <IdleButton
        size="icon-xs"
        variant="ghost"
        aria-label="Next version"
        data-testid="branch-next"
        disabled={index === siblings.length - 1}
        onClick={() => actions.switchTo(siblings[index + 1]!)}
      >
        <ChevronRightIcon />
      </IdleButton>
    </span>
  );
}
