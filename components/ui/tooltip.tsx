'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { Slot } from 'radix-ui';
import type { TooltipSide } from '@/components/ui/tooltip-bubble';
import { whenIdle } from '@/lib/client/when-idle';

/**
 * Tooltips. The trigger's behaviour is here, in the first load; the bubble (floating-ui's positioning, a portal) is
 * its own chunk, fetched when the page is idle or at the first tooltip, whichever comes first. Radix's Tooltip put its
 * popper, floating-ui and dismissable layer (~38 KiB minified) in the first load of every page, for bubbles nobody had
 * opened yet, and its trigger cannot be swapped in later without remounting the control it wraps (focus lost).
 *
 * The behaviour is Radix's: a tooltip opens after the provider's delay on hover (mouse or pen, never touch) and at
 * once on focus that no press started; at once again within 300 ms of another one closing; one is open at a time. It
 * closes when the pointer leaves, on blur, press, click, Escape (marked handled: a dialog under it stays open) and
 * when something scrolls its trigger. The bubble is role="tooltip", and describes the trigger while open.
 * Unlike Radix's, the bubble cannot be hovered: the pointer leaving the trigger closes it.
 */
const loadBubble = () => import('@/components/ui/tooltip-bubble');
const TooltipBubble = dynamic(() => loadBubble().then((module) => module.TooltipBubble), { ssr: false });

/** Within this long after one tooltip closes, the next opens without the delay (Radix's skipDelayDuration). */
const SKIP_DELAY_MS = 300;

/** What the page's tooltips share: the open one (closed when another opens) and when the last one closed. */
class TooltipGroup {
  #open: { id: string; close: () => void } | null = null;
  #lastClosedAt = 0;

  opened(id: string, close: () => void) {
    if (this.#open && this.#open.id !== id) this.#open.close();
    this.#open = { id, close };
  }

  closed(id: string) {
    this.#lastClosedAt = Date.now();
    if (this.#open?.id === id) this.#open = null;
  }

  /** Another tooltip closed moments ago: the pointer is moving along a toolbar, and the next one opens at once. */
  get opensAtOnce() {
    return Date.now() - this.#lastClosedAt < SKIP_DELAY_MS;
  }
}

const GroupContext = React.createContext<{ group: TooltipGroup; delayDuration: number }>({ group: new TooltipGroup(), delayDuration: 300 });

function TooltipProvider({ delayDuration = 300, children }: { delayDuration?: number; children: React.ReactNode }) {
  const [group] = React.useState(() => new TooltipGroup());
  const value = React.useMemo(() => ({ group, delayDuration }), [group, delayDuration]);
  React.useEffect(() => whenIdle(() => void loadBubble(), { timeoutMs: 3000, fallbackMs: 500 }), []);
  return <GroupContext.Provider value={value}>{children}</GroupContext.Provider>;
}

interface TooltipState {
  /** The trigger it is open beside; null while closed. */
  anchor: HTMLElement | null;
  contentId: string;
  setTrigger: (element: HTMLElement | null) => void;
  handlers: {
    onPointerMove: (event: React.PointerEvent) => void;
    onPointerLeave: () => void;
    onPointerDown: () => void;
    onFocus: () => void;
    onBlur: () => void;
    onClick: () => void;
  };
}

const TooltipContext = React.createContext<TooltipState | null>(null);

function useTooltip(part: string): TooltipState {
  const state = React.useContext(TooltipContext);
  if (!state) throw new Error(`${part} must be inside a <Tooltip>`);
  return state;
}

function Tooltip({ children }: { children: React.ReactNode }) {
  const { group, delayDuration } = React.useContext(GroupContext);
  // The trigger element is kept in a ref, and becomes state only when the tooltip opens: as state from its ref, every
  // tooltip rendered twice as it mounted (a long session's page has five per message).
  const [anchor, setAnchor] = React.useState<HTMLElement | null>(null);
  const trigger = React.useRef<HTMLElement | null>(null);
  const setTrigger = React.useCallback((element: HTMLElement | null) => {
    trigger.current = element;
  }, []);
  const contentId = React.useId();
  const openRef = React.useRef(false);
  const timer = React.useRef<number | undefined>(undefined);
  // Hover opened it (or is about to) since the pointer came in: moving on over the trigger changes nothing.
  const hovered = React.useRef(false);
  // A press is under way: the focus it gives the trigger opens nothing.
  const pressing = React.useRef(false);

  const hide = React.useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    if (!openRef.current) return;
    openRef.current = false;
    setAnchor(null);
    group.closed(contentId);
  }, [group, contentId]);

  const show = React.useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    if (openRef.current || !trigger.current) return;
    group.opened(contentId, hide);
    openRef.current = true;
    setAnchor(trigger.current);
  }, [group, contentId, hide]);

  // Closed for good when it unmounts open (the group must not keep calling it).
  React.useEffect(() => hide, [hide]);

  // While open: Escape closes it, marked handled so that a Radix layer under it (a dialog, a sheet) stays open as it
  // did when the tooltip was Radix's topmost layer; a scroll of anything holding the trigger closes it too.
  React.useEffect(() => {
    if (!anchor) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      hide();
    };
    const onScroll = (event: Event) => {
      if (event.target instanceof Node && event.target.contains(anchor)) hide();
    };
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('scroll', onScroll, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('scroll', onScroll, true);
    };
  }, [anchor, hide]);

  const handlers = React.useMemo<TooltipState['handlers']>(
    () => ({
      onPointerMove: (event) => {
        if (event.pointerType === 'touch' || hovered.current || pressing.current) return;
        hovered.current = true;
        if (group.opensAtOnce) show();
        else timer.current = window.setTimeout(show, delayDuration);
      },
      onPointerLeave: () => {
        hovered.current = false;
        hide();
      },
      onPointerDown: () => {
        pressing.current = true;
        hide();
        document.addEventListener('pointerup', () => (pressing.current = false), { once: true });
      },
      onFocus: () => {
        if (!pressing.current) show();
      },
      onBlur: hide,
      onClick: hide,
    }),
    [group, delayDuration, show, hide],
  );

  const value = React.useMemo(() => ({ anchor, contentId, setTrigger, handlers }), [anchor, contentId, setTrigger, handlers]);
  return <TooltipContext.Provider value={value}>{children}</TooltipContext.Provider>;
}

/** Calls the caller's handler, then the tooltip's (as Radix composes them). */
function composed<E>(theirs: ((event: E) => void) | undefined, ours: (event: E) => void) {
  return (event: E) => {
    theirs?.(event);
    ours(event);
  };
}

function TooltipTrigger({ asChild, onPointerMove, onPointerLeave, onPointerDown, onFocus, onBlur, onClick, ...props }: React.ComponentProps<'button'> & { asChild?: boolean }) {
  const { anchor, contentId, setTrigger, handlers } = useTooltip('TooltipTrigger');
  const Element = asChild ? Slot.Root : 'button';
  return (
    <Element
      data-slot="tooltip-trigger"
      aria-describedby={anchor ? contentId : undefined}
      {...props}
      ref={setTrigger}
      onPointerMove={composed(onPointerMove, handlers.onPointerMove)}
      onPointerLeave={composed(onPointerLeave, handlers.onPointerLeave)}
      onPointerDown={composed(onPointerDown, handlers.onPointerDown)}
      onFocus={composed(onFocus, handlers.onFocus)}
      onBlur={composed(onBlur, handlers.onBlur)}
      onClick={composed(onClick, handlers.onClick)}
    />
  );
}

function TooltipContent({
  side = 'top',
  sideOffset = 6,
  className,
  children,
}: {
  side?: TooltipSide;
  sideOffset?: number;
  className?: string;
  children: React.ReactNode;
}) {
  const { anchor, contentId } = useTooltip('TooltipContent');
  if (!anchor) return null;
  return (
    <TooltipBubble anchor={anchor} id={contentId} side={side} sideOffset={sideOffset} className={className}>
      {children}
    </TooltipBubble>
  );
}

/** A control with a tooltip. */
function WithTooltip({ label, side, children }: { label: React.ReactNode; side?: TooltipSide; children: React.ReactElement }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side={side}>{label}</TooltipContent>
    </Tooltip>
  );
}

export { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger, WithTooltip };
