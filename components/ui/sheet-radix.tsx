'use client';

import * as React from 'react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import { XIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

function Sheet(props: React.ComponentProps<typeof SheetPrimitive.Root>) {
  return <SheetPrimitive.Root data-slot="sheet" {...props} />;
}

function SheetContent({
  className,
  children,
  side = 'right',
  showClose = true,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Content> & { side?: 'left' | 'right'; showClose?: boolean }) {
  // On open, focus the panel itself rather than its first button, so no tooltip pops up.
  const contentRef = React.useRef<HTMLDivElement>(null);
  // On close, focus goes back to where it was. Radix returns it to a Dialog.Trigger only, and our sheets open from
  // plain buttons, menus and shortcuts.
  const returnFocusTo = React.useRef<HTMLElement | null>(null);
  const { onCloseAutoFocus, ...rest } = props;
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay data-slot="sheet-overlay" className="fixed inset-0 z-50 bg-black/40 animate-fade-in" />
      <SheetPrimitive.Content
        ref={contentRef}
        data-slot="sheet-content"
        data-side={side}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
          contentRef.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const back = returnFocusTo.current;
          returnFocusTo.current = null;
          if (event.defaultPrevented || !back?.isConnected) return;
          event.preventDefault();
          back.focus({ preventScroll: true });
        }}
        className={cn(
          'fixed inset-y-0 z-50 flex h-full flex-col bg-background shadow-xl outline-none',
          side === 'right' ? 'right-0 w-[min(100vw,40rem)] border-l animate-slide-in-right' : 'left-0 w-72 border-r animate-slide-in-left',
          className,
        )}
        {...rest}
      >
        {children}
        {showClose && (
          <SheetPrimitive.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded-md p-1.5 text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <XIcon className="size-4" />
          </SheetPrimitive.Close>
        )}
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

function SheetHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="sheet-header" className={cn('flex flex-col gap-1 border-b px-4 py-3 pr-12', className)} {...props} />;
}

function SheetTitle({ className, ...props }: React.ComponentProps<typeof SheetPrimitive.Title>) {
  return <SheetPrimitive.Title data-slot="sheet-title" className={cn('text-sm font-semibold', className)} {...props} />;
}

function SheetDescription({ className, ...props }: React.ComponentProps<typeof SheetPrimitive.Description>) {
  return <SheetPrimitive.Description data-slot="sheet-description" className={cn('text-xs text-muted-foreground', className)} {...props} />;
}

export { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle };
