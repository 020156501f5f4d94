'use client';

import { ArrowDownIcon } from 'lucide-react';
import { useStickToBottomContext } from 'use-stick-to-bottom';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';

/** Appears once the person has scrolled up; brings them back to the newest output. */
export function ScrollToBottomButton() {
  const { isAtBottom, scrollToBottom } = useStickToBottomContext();
  if (isAtBottom) return null;
  return (
    <WithTooltip label="Scroll to the newest message">
      <Button
        variant="outline"
        size="icon-sm"
        className="absolute bottom-3 left-1/2 z-10 -translate-x-1/2 rounded-full bg-background shadow-md animate-fade-in"
        aria-label="Scroll to bottom"
        data-testid="scroll-to-bottom"
        onClick={() => void scrollToBottom()}
      >
        <ArrowDownIcon />
      </Button>
    </WithTooltip>
  );
}
