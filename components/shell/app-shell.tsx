'use client';

import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { AppSidebar } from '@/components/shell/app-sidebar';
import { BackgroundErrors } from '@/components/shell/background-errors';
import { KeyboardShortcuts } from '@/components/shell/keyboard-shortcuts';
import { OfflineIndicator } from '@/components/shell/offline-indicator';
import { SidebarProvider, useSidebar } from '@/components/shell/sidebar-context';
import { cn } from '@/lib/utils';

function ShellLayout({ children }: { children: React.ReactNode }) {
  const { collapsed, mobileOpen, setMobileOpen } = useSidebar();
  return (
    <div className="flex h-dvh w-full overflow-hidden">
      <a
        href="#main"
        className="sr-only z-[70] rounded-md bg-background px-3 py-2 text-sm font-medium shadow-md outline-none focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        data-testid="skip-link"
      >
        Skip to main content
      </a>
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

      <main id="main" tabIndex={-1} className="flex min-w-0 flex-1 flex-col outline-none">
        {children}
      </main>
      <KeyboardShortcuts />
      <OfflineIndicator />
    </div>
  );
}

/** The page frame: a skip link, the sidebar (column or sheet), the main pane, keyboard shortcuts and the offline indicator. */
export function AppShell({ children }: { children: React.ReactNode }) {
  return (
    <BackgroundErrors>
      <SidebarProvider>
        <ShellLayout>{children}</ShellLayout>
      </SidebarProvider>
    </BackgroundErrors>
  );
}
