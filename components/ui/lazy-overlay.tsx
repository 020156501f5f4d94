'use client';

import * as React from 'react';
import { Slot } from 'radix-ui';

/**
 * A Radix overlay (menu, popover, dialog, sheet) whose code loads on first use, so the session page's first load
 * carries only its triggers. The root and trigger render at once: before the parts are loaded, the trigger is the
 * same element with a click handler (a click, Enter or Space) that loads them and opens the overlay; after, everything
 * is the Radix component itself. A controlled root loads its parts as soon as `open` turns true.
 */

type Parts = { Root: React.ElementType; Trigger?: React.ElementType } & Record<string, React.ElementType>;

interface OverlayRootProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: React.ReactNode;
}

interface TriggerProps {
  asChild?: boolean;
  onClick?: React.MouseEventHandler<HTMLElement>;
  onKeyDown?: React.KeyboardEventHandler<HTMLElement>;
  children?: React.ReactNode;
}

interface Loaded<P extends Parts> {
  parts: P | undefined;
  request: () => void;
}

export function lazyOverlay<P extends Parts>(load: () => Promise<P>, popup: 'menu' | 'dialog') {
  let cached: P | undefined;
  const Context = React.createContext<Loaded<P>>({ parts: undefined, request: () => undefined });

  function Root(props: OverlayRootProps) {
    const [parts, setParts] = React.useState(cached);
    const [requested, setRequested] = React.useState(false);
    const { open, defaultOpen, onOpenChange } = props;
    const wanted = requested || open === true || defaultOpen === true;
    React.useEffect(() => {
      if (!wanted || parts) return;
      let live = true;
      void load().then((loaded) => {
        cached = loaded;
        if (live) setParts(loaded);
      });
      return () => {
        live = false;
      };
    }, [wanted, parts]);
    const request = React.useCallback(() => {
      setRequested(true);
      if (open !== undefined) onOpenChange?.(true);
    }, [open, onOpenChange]);
    const value = React.useMemo(() => ({ parts, request }), [parts, request]);
    const Impl = parts?.Root;
    // Opened from the placeholder trigger: the loaded root starts open (a controlled root follows `open`).
    const startOpen = defaultOpen ?? (requested && open === undefined ? true : undefined);
    return <Context.Provider value={value}>{Impl ? <Impl {...props} defaultOpen={startOpen} /> : props.children}</Context.Provider>;
  }

  function Trigger({ asChild, onClick, onKeyDown, ...props }: TriggerProps) {
    const { parts, request } = React.useContext(Context);
    const Impl = parts?.Trigger;
    if (Impl) return <Impl asChild={asChild} onClick={onClick} onKeyDown={onKeyDown} {...props} />;
    const Element = asChild ? Slot.Root : 'button';
    return (
      <Element
        {...(asChild ? {} : { type: 'button' })}
        aria-haspopup={popup}
        aria-expanded={false}
        data-state="closed"
        {...props}
        onClick={(event: React.MouseEvent<HTMLElement>) => {
          onClick?.(event);
          if (!event.defaultPrevented) request();
        }}
        onKeyDown={(event: React.KeyboardEvent<HTMLElement>) => {
          onKeyDown?.(event);
          // A menu also opens with ArrowDown, as Radix's trigger does.
          if (!event.defaultPrevented && popup === 'menu' && event.key === 'ArrowDown') {
            event.preventDefault();
            request();
          }
        }}
      />
    );
  }

  /** A part that only renders inside an open overlay, so only once the parts are loaded. */
  function part(name: keyof P & string) {
    function LazyPart(props: object) {
      const Impl: React.ElementType | undefined = React.useContext(Context).parts?.[name];
      return Impl ? <Impl {...props} /> : null;
    }
    LazyPart.displayName = `Lazy${name}`;
    return LazyPart;
  }

  return { Root, Trigger, part };
}
