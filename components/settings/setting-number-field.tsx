'use client';

import { numberInvalid } from '@/lib/settings/draft';
import type { NumberSettingField } from '@/lib/settings/loop-settings';

/** One numeric setting: label, help, an input with its unit, and the default (or "Model default") as placeholder. */
export function SettingNumberField({
  field,
  value,
  onChange,
  disabledReason,
}: {
  field: NumberSettingField;
  value: string;
  onChange: (value: string) => void;
  /** Set when the model does not take this setting: the input is disabled and this says why. */
  disabledReason?: string;
}) {
  const id = `setting-${field.key}`;
  const invalid = numberInvalid(field, value);
  const reasonId = `${id}-reason`;
  return (
    <div className="grid grid-cols-[1fr_9.5rem] items-start gap-x-3 gap-y-0.5 py-2" data-disabled={disabledReason ? true : undefined}>
      <label htmlFor={id} className="text-sm font-medium">
        {field.label}
      </label>
      <div className="row-span-2 flex items-center gap-1.5">
        <input
          id={id}
          inputMode={field.step ? 'decimal' : 'numeric'}
          data-testid={id}
          aria-invalid={invalid}
          aria-describedby={disabledReason ? reasonId : undefined}
          disabled={Boolean(disabledReason)}
          className="h-8 w-full min-w-0 rounded-md border bg-background px-2 text-right font-mono text-sm tabular-nums outline-none placeholder:font-sans placeholder:text-xs focus-visible:ring-2 focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive"
          placeholder={field.default === undefined ? (field.emptyLabel ?? '') : String(field.default)}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(field.step ? /[^\d.]/g : /[^\d]/g, ''))}
        />
        <span className="w-11 shrink-0 text-xs text-muted-foreground">{field.unit ?? ''}</span>
      </div>
      <p className="text-xs text-muted-foreground">
        {field.help} {invalid && <span className="text-destructive">Between {field.min.toLocaleString('en')} and {field.max.toLocaleString('en')}.</span>}
        {disabledReason && (
          <span id={reasonId} className="block text-warning-text" data-testid={`${id}-reason`}>
            {disabledReason}
          </span>
        )}
      </p>
    </div>
  );
}
