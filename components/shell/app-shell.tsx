'use client';

import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { AppSidebar } from '@/components/shell/app-sidebar';
import { SidebarProvider, useSidebar } from '@/components/shell/sidebar-context';
import { cn } from '@/lib/utils';

function ShellLayout({ children }: { children: React.ReactNode }) {
  const { collapsed, mobileOpen, setMobileOpen } = useSidebar();
  return (
    <div className="flex h-dvh w-full overflow-hidden">
      <aside
        data-collapsed={collapsed || undefined}
        className={cn(
          'hidden shrink-0 overflow-hidden border-r transition-[width] duration-200 ease-out md:block',
          collapsed ? 'w-0 border-r-0' : 'w-64',
        )}
        aria-hidden={collapsed || undefined}
        inert={collapsed || undefined}
      >
        <div className="h-full w-64">
          <AppSidebar variant="column" />
        </div>
      </aside>

      <Sheet open={mobileOpen} onOpenChange={setMobileOpen}>
        <SheetContent side="left" className="w-72 p-0 md:hidden" showClose={false}>
          <SheetTitle className="sr-only">Sidebar</SheetTitle>
          <SheetDescription className="sr-only">Sessions and settings</SheetDescription>
          <AppSidebar variant="sheet" />
        </SheetContent>
      </Sheet>

      <main className="flex min-w-0 flex-1 flex-col">{children}</main>
    </div>
  );
}

/** The page frame: sidebar (column or sheet) and the main pane. */
export function AppShell({ children }: { children: React.ReactNode }) {
  return (
    <SidebarProvider>
      <ShellLayout>{children}</ShellLayout>
    </SidebarProvider>
  );
}
