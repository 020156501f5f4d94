'use client';

import { MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { useTheme } from 'next-themes';
import { WithTooltip } from '@/components/ui/tooltip';
import { useHydrated } from '@/lib/client/use-hydrated';
import { cn } from '@/lib/utils';

const THEMES = [
  { value: 'light', label: 'Light theme', Icon: SunIcon },
  { value: 'dark', label: 'Dark theme', Icon: MoonIcon },
  { value: 'system', label: 'Follow the system theme', Icon: MonitorIcon },
] as const;

/** Arrow keys, Home and End: the theme they land on, counted round from `index`. */
const STEPS: Record<string, (index: number) => number> = {
  ArrowLeft: (index) => index - 1,
  ArrowUp: (index) => index - 1,
  ArrowRight: (index) => index + 1,
  ArrowDown: (index) => index + 1,
  Home: () => 0,
  End: () => THEMES.length - 1,
};

/**
 * Three-way segmented control: light / dark / system. A radio group (WAI-ARIA's pattern): one tab stop, on the
 * chosen theme; the arrow keys, Home and End move to another theme and choose it. Plain buttons: it is on every
 * page, and Radix's ToggleGroup brought its roving-focus and collection code (~14 KiB minified) into every first load.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  // The stored theme is only known after hydration; render no selection until then.
  const hydrated = useHydrated();
  const current = hydrated ? (theme ?? 'system') : '';
  const chosen = THEMES.findIndex((t) => t.value === current);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const index = (step(Math.max(chosen, 0)) + THEMES.length) % THEMES.length;
    setTheme(THEMES[index]!.value);
    event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]')[index]?.focus();
  };

  return (
    <div
      role="radiogroup"
      aria-label="Color theme"
      data-testid="theme-toggle"
      onKeyDown={onKeyDown}
      className={cn('inline-flex items-center gap-0.5 rounded-lg border bg-background p-0.5', className)}
    >
      {THEMES.map(({ value, label, Icon }, index) => (
        <WithTooltip key={value} label={label} side="top">
          <button
            type="button"
            role="radio"
            aria-checked={value === current}
            aria-label={label}
            tabIndex={index === Math.max(chosen, 0) ? 0 : -1}
            data-testid={`theme-${value}`}
            onClick={() => setTheme(value)}
            className="inline-flex size-7 items-center justify-center rounded-md text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-checked:bg-accent aria-checked:text-foreground"
          >
            <Icon className="size-3.5" />
          </button>
        </WithTooltip>
      ))}
    </div>
  );
}
