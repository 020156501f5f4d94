'use client';

import { PanelLeftIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { useSidebar } from '@/components/shell/sidebar-context';
import { cn } from '@/lib/utils';

/**
 * Opens the sidebar. On wide screens it only shows while the sidebar is
 * collapsed (the sidebar has its own collapse button); on narrow screens it
 * always shows and opens the sheet.
 */
export function SidebarTrigger({ className }: { className?: string }) {
  const { collapsed, toggle } = useSidebar();
  return (
    <WithTooltip label="Show sidebar" side="bottom">
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Show sidebar"
        data-testid="sidebar-open"
        onClick={toggle}
        className={cn('text-muted-foreground', !collapsed && 'md:hidden', className)}
      >
        <PanelLeftIcon />
      </Button>
    </WithTooltip>
  );
}
