'use client';

import type { NumberSettingField } from '@/lib/settings/loop-settings';

/** One numeric loop setting: label, help, an input with its unit, and the default as placeholder. */
export function SettingNumberField({ field, value, onChange }: { field: NumberSettingField; value: string; onChange: (value: string) => void }) {
  const id = `setting-${field.key}`;
  const number = Number(value);
  const invalid = value !== '' && (!Number.isInteger(number) || number < field.min || number > field.max);
  return (
    <div className="grid grid-cols-[1fr_9.5rem] items-start gap-x-3 gap-y-0.5 py-2">
      <label htmlFor={id} className="text-sm font-medium">
        {field.label}
      </label>
      <div className="row-span-2 flex items-center gap-1.5">
        <input
          id={id}
          inputMode="numeric"
          data-testid={id}
          aria-invalid={invalid}
          className="h-8 w-full rounded-md border bg-background px-2 text-right font-mono text-sm tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring/50 aria-invalid:border-destructive"
          placeholder={String(field.default)}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/[^\d]/g, ''))}
        />
        <span className="w-9 shrink-0 text-xs text-muted-foreground">{field.unit ?? ''}</span>
      </div>
      <p className="text-xs text-muted-foreground">
        {field.help} {invalid && <span className="text-destructive">Between {field.min.toLocaleString('en')} and {field.max.toLocaleString('en')}.</span>}
      </p>
    </div>
  );
}
