'use client';

import { MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { useTheme } from 'next-themes';
import { ToggleGroup as ToggleGroupPrimitive } from 'radix-ui';
import { WithTooltip } from '@/components/ui/tooltip';
import { useHydrated } from '@/lib/client/use-hydrated';
import { cn } from '@/lib/utils';

const THEMES = [
  { value: 'light', label: 'Light theme', Icon: SunIcon },
  { value: 'dark', label: 'Dark theme', Icon: MoonIcon },
  { value: 'system', label: 'Follow the system theme', Icon: MonitorIcon },
] as const;

/** Three-way segmented control: light / dark / system. */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  // The stored theme is only known after hydration; render no selection until then.
  const hydrated = useHydrated();
  const current = hydrated ? (theme ?? 'system') : '';

  return (
    <ToggleGroupPrimitive.Root
      type="single"
      value={current}
      onValueChange={(value) => value && setTheme(value)}
      aria-label="Color theme"
      data-testid="theme-toggle"
      className={cn('inline-flex items-center gap-0.5 rounded-lg border bg-background p-0.5', className)}
    >
      {THEMES.map(({ value, label, Icon }) => (
        <WithTooltip key={value} label={label} side="top">
          <ToggleGroupPrimitive.Item
            value={value}
            aria-label={label}
            data-testid={`theme-${value}`}
            className="inline-flex size-7 items-center justify-center rounded-md text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-checked:bg-accent aria-checked:text-foreground"
          >
            <Icon className="size-3.5" />
          </ToggleGroupPrimitive.Item>
        </WithTooltip>
      ))}
    </ToggleGroupPrimitive.Root>
  );
}
