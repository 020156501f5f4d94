'use client';

import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';
import { menuOptionId, type ComposerMenuItem } from './composer-menu-item';

/**
 * The list a composer menu shows above the input (the `@` picker, the `/`
 * menu). The input keeps the focus and drives it from the keyboard (arrows,
 * Enter or Tab, Escape): it is a combobox whose `aria-activedescendant` names
 * the active option here. Pointer users click an option.
 */

export function ComposerMenuList({
  id,
  label,
  items,
  activeIndex,
  onChoose,
  onActivate,
  footer,
  testId,
}: {
  id: string;
  label: string;
  items: readonly ComposerMenuItem[];
  activeIndex: number;
  onChoose: (index: number) => void;
  onActivate: (index: number) => void;
  /** Loading, empty, or servers that could not be listed. */
  footer?: React.ReactNode;
  testId: string;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    listRef.current?.querySelector(`#${CSS.escape(menuOptionId(id, activeIndex))}`)?.scrollIntoView({ block: 'nearest' });
  }, [id, activeIndex]);
  return (
    <div
      className="absolute inset-x-0 bottom-full z-20 mb-2 overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-lg"
      data-testid={testId}
    >
      <div className="border-b px-3 py-1.5 text-[11px] font-medium text-muted-foreground">{label}</div>
      {items.length > 0 && (
        <ul ref={listRef} id={id} role="listbox" aria-label={label} className="max-h-64 overflow-y-auto p-1">
          {items.map((item, index) => (
            <li
              key={item.key}
              id={menuOptionId(id, index)}
              role="option"
              aria-selected={index === activeIndex}
              aria-disabled={item.disabled || undefined}
              data-testid={`${testId}-option`}
              className={cn(
                'flex cursor-pointer items-baseline gap-2 rounded-md px-2 py-1.5 text-sm',
                index === activeIndex && 'bg-accent text-accent-foreground',
                item.disabled && 'cursor-not-allowed opacity-60',
              )}
              // Keeps the focus in the input.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => onActivate(index)}
              onClick={() => onChoose(index)}
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{item.primary}</span>
                {item.secondary && <span className="block truncate text-xs text-muted-foreground">{item.secondary}</span>}
              </span>
              {item.meta && <span className="shrink-0 text-xs text-muted-foreground">{item.meta}</span>}
            </li>
          ))}
        </ul>
      )}
      {footer && <div className="border-t px-3 py-1.5 text-xs text-muted-foreground">{footer}</div>}
    </div>
  );
}
