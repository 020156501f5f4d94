'use client';

import * as React from 'react';
import { createPortal } from 'react-dom';
import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react-dom';
import { cn } from '@/lib/utils';

export type TooltipSide = 'top' | 'right' | 'bottom' | 'left';

/**
 * An open tooltip's bubble, beside its trigger: placed by floating-ui (on the asked side, flipped to the other when
 * there is no room, kept inside the viewport), in a portal so no overflow or stacking context clips it, following the
 * trigger while it moves. Loaded on first use (components/ui/tooltip.tsx).
 */
export function TooltipBubble({
  anchor,
  id,
  side,
  sideOffset,
  className,
  children,
}: {
  anchor: HTMLElement;
  id: string;
  side: TooltipSide;
  sideOffset: number;
  className?: string;
  children: React.ReactNode;
}) {
  const [floating, setFloating] = React.useState<HTMLDivElement | null>(null);
  const { floatingStyles, placement } = useFloating({
    placement: side,
    strategy: 'fixed',
    elements: { reference: anchor, floating },
    middleware: [offset(sideOffset), flip({ padding: 8 }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  return createPortal(
    <div ref={setFloating} style={floatingStyles} className="z-50" data-side={placement}>
      <div
        id={id}
        role="tooltip"
        data-slot="tooltip-content"
        className={cn('max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md animate-fade-in', className)}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
