'use client';

import type { LucideIcon } from 'lucide-react';
import { RefreshCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { WithTooltip } from '@/components/ui/tooltip';

/** The header of a side panel: icon, title, an optional reload button, and a description. */
export function PanelSheetHeader({
  icon: Icon,
  title,
  descriptionId,
  children,
  refresh,
}: {
  icon: LucideIcon;
  title: string;
  /** Id the SheetContent's aria-describedby points at. */
  descriptionId: string;
  /** The description. */
  children: React.ReactNode;
  refresh?: { label: string; testId: string; onClick: () => void };
}) {
  return (
    <SheetHeader>
      <div className="flex items-center gap-2">
        <Icon className="size-4 text-muted-foreground" aria-hidden />
        <SheetTitle>{title}</SheetTitle>
        {refresh && (
          <WithTooltip label={refresh.label}>
            <Button variant="ghost" size="icon-xs" aria-label={refresh.label} data-testid={refresh.testId} onClick={refresh.onClick}>
              <RefreshCwIcon />
            </Button>
          </WithTooltip>
        )}
      </div>
      <SheetDescription id={descriptionId}>{children}</SheetDescription>
    </SheetHeader>
  );
}
