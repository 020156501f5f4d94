'use client';

import * as React from 'react';
import { Slot as SlotPrimitive } from 'radix-ui';

/**
 * A disclosure: a trigger button that shows and hides its content, always controlled (`open`, `onOpenChange`). It
 * behaves as Radix's Collapsible did (the same data-state, aria-expanded and aria-controls; content unmounted when
 * closed, kept while its closing animation runs; no animation for content open when first drawn), without the
 * presence, context and controllable-state packages it brought into every session page's first load. The content's
 * height is measured for the open and close animations (app/globals.css: --collapsible-content-height).
 */
interface CollapsibleState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contentId: string;
}

const CollapsibleContext = React.createContext<CollapsibleState | null>(null);

function useCollapsible(part: string): CollapsibleState {
  const state = React.use(CollapsibleContext);
  if (!state) throw new Error(`${part} must be inside a Collapsible`);
  return state;
}

const dataState = (open: boolean) => (open ? 'open' : 'closed');

function Collapsible({
  open,
  onOpenChange,
  asChild = false,
  ...props
}: React.ComponentProps<'div'> & { open: boolean; onOpenChange: (open: boolean) => void; asChild?: boolean }) {
  const contentId = React.useId();
  const state = React.useMemo(() => ({ open, onOpenChange, contentId }), [open, onOpenChange, contentId]);
  const Root = asChild ? SlotPrimitive.Slot : 'div';
  return (
    <CollapsibleContext value={state}>
      <Root data-slot="collapsible" data-state={dataState(open)} {...props} />
    </CollapsibleContext>
  );
}

function CollapsibleTrigger({ asChild = false, onClick, ...props }: React.ComponentProps<'button'> & { asChild?: boolean }) {
  const { open, onOpenChange, contentId } = useCollapsible('CollapsibleTrigger');
  const Trigger = asChild ? SlotPrimitive.Slot : 'button';
  return (
    <Trigger
      type="button"
      aria-controls={contentId}
      aria-expanded={open}
      data-slot="collapsible-trigger"
      data-state={dataState(open)}
      {...props}
      onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) onOpenChange(!open);
      }}
    />
  );
}

function CollapsibleContent({ onAnimationEnd, ...props }: React.ComponentProps<'div'>) {
  const { open, contentId } = useCollapsible('CollapsibleContent');
  const ref = React.useRef<HTMLDivElement>(null);
  // Closed content stays drawn until its closing animation ends.
  const [closing, setClosing] = React.useState(false);
  const [wasOpen, setWasOpen] = React.useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    setClosing(!open);
  }
  // Content open when first drawn (a server-rendered open card, an expanded block on mount) does not animate.
  const animates = React.useRef(false);
  React.useEffect(() => {
    animates.current = true;
  }, []);

  React.useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    // Measure the full height with the animation off, then let the stylesheet's animation run from or to it.
    node.style.animationName = 'none';
    node.style.setProperty('--collapsible-content-height', `${node.getBoundingClientRect().height}px`);
    if (animates.current) node.style.animationName = '';
    if (!open && ['', 'none'].includes(getComputedStyle(node).animationName)) setClosing(false);
  }, [open]);

  if (!open && !closing) return null;
  return (
    <div
      ref={ref}
      id={contentId}
      data-slot="collapsible-content"
      data-state={dataState(open)}
      {...props}
      onAnimationEnd={(event) => {
        onAnimationEnd?.(event);
        if (event.target === event.currentTarget && !open) setClosing(false);
      }}
    />
  );
}

export { Collapsible, CollapsibleContent, CollapsibleTrigger };
