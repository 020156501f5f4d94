'use client';

import { ColumnsIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { IntentLink } from '@/components/ui/intent-link';

/** The sidebar's way to the compare page, beside "New session". */
export function CompareLink({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <WithTooltip label="Compare models side by side" side="right">
      <Button variant="outline" size="icon" className="bg-background text-muted-foreground" asChild>
        <IntentLink href="/compare" aria-label="Compare models" data-testid="compare-open" onClick={onNavigate}>
          <ColumnsIcon />
        </IntentLink>
      </Button>
    </WithTooltip>
  );
}
