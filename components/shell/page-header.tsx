import { SidebarTrigger } from '@/components/shell/sidebar-trigger';
import { cn } from '@/lib/utils';

/** The bar at the top of the main pane: sidebar trigger on the left, page controls after it. */
export function PageHeader({ children, className }: { children?: React.ReactNode; className?: string }) {
  return (
    <header className={cn('flex h-13 shrink-0 items-center gap-2 border-b px-3', className)}>
      <SidebarTrigger />
      {children}
    </header>
  );
}
