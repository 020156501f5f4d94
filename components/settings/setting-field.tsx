'use client';

import { SettingNumberField } from '@/components/settings/setting-number-field';
import { Switch } from '@/components/ui/switch';
import type { DraftValue } from '@/lib/settings/draft';
import type { ChoiceSettingField, ModelSettingField, SettingField, SwitchSettingField, TextSettingField, ToolsSettingField } from '@/lib/settings/loop-settings';
import type { ModelInfo } from '@/lib/models/types';
import { SESSION_TOOL_NAMES } from '@/lib/tools/names';

export type { DraftValue };

/** One row of the settings sheet, rendered by its control kind. `disabledReason`: the model does not take it, and why. */
export function SettingFieldRow({
  field,
  value,
  models,
  onChange,
  disabledReason,
}: {
  field: SettingField;
  value: DraftValue;
  models: ModelInfo[];
  onChange: (value: DraftValue) => void;
  disabledReason?: string;
}) {
  const text = typeof value === 'string' ? value : '';
  switch (field.kind) {
    case 'number':
      return <SettingNumberField field={field} value={text} onChange={onChange} disabledReason={disabledReason} />;
    case 'switch':
      return <SettingSwitchField field={field} checked={value === true} onChange={onChange} />;
    case 'model':
      return <SettingModelField field={field} value={text} models={models} onChange={onChange} />;
    case 'choice':
      return <SettingChoiceField field={field} value={text} onChange={onChange} disabledReason={disabledReason} />;
    case 'text':
      return <SettingTextField field={field} value={text} onChange={onChange} />;
    case 'tools':
      return <SettingToolsField field={field} value={Array.isArray(value) ? value : []} onChange={onChange} />;
  }
}

const selectClass = 'row-span-2 h-8 w-full min-w-0 rounded-md border bg-background px-2 text-sm disabled:cursor-not-allowed disabled:opacity-50';

function SettingModelField({ field, value, models, onChange }: { field: ModelSettingField; value: string; models: ModelInfo[]; onChange: (value: string) => void }) {
  return (
    <label className="grid grid-cols-[1fr_minmax(0,12rem)] items-center gap-x-3 gap-y-0.5 py-2 text-sm">
      <span className="font-medium">{field.label}</span>
      <select className={selectClass} data-testid={`setting-${field.key}`} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{field.emptyLabel}</option>
        {models.map((model) => (
          <option key={model.key} value={model.key}>
            {model.label}
          </option>
        ))}
      </select>
      <span className="text-xs text-muted-foreground">{field.help}</span>
    </label>
  );
}

function SettingChoiceField({ field, value, onChange, disabledReason }: { field: ChoiceSettingField; value: string; onChange: (value: string) => void; disabledReason?: string }) {
  const id = `setting-${field.key}`;
  return (
    <div className="grid grid-cols-[1fr_minmax(0,12rem)] items-center gap-x-3 gap-y-0.5 py-2 text-sm" data-disabled={disabledReason ? true : undefined}>
      <label htmlFor={id} className="font-medium">
        {field.label}
      </label>
      <select
        id={id}
        className={selectClass}
        data-testid={id}
        value={value}
        disabled={Boolean(disabledReason)}
        aria-describedby={disabledReason ? `${id}-reason` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <span className="text-xs text-muted-foreground">
        {field.help}
        {disabledReason && (
          <span id={`${id}-reason`} className="block text-warning-text" data-testid={`${id}-reason`}>
            {disabledReason}
          </span>
        )}
      </span>
    </div>
  );
}

function SettingTextField({ field, value, onChange }: { field: TextSettingField; value: string; onChange: (value: string) => void }) {
  const id = `setting-${field.key}`;
  const over = value.length > field.maxLength;
  return (
    <div className="flex flex-col gap-1 py-2 text-sm">
      <label htmlFor={id} className="font-medium">
        {field.label}
      </label>
      <textarea
        id={id}
        data-testid={id}
        rows={4}
        aria-invalid={over}
        className="field-sizing-content max-h-64 min-h-20 w-full resize-y rounded-md border bg-background px-2 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/50 aria-invalid:border-destructive"
        placeholder={field.placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <span className="flex justify-between gap-2 text-xs text-muted-foreground">
        <span>{field.help}</span>
        <span className={over ? 'shrink-0 whitespace-nowrap text-destructive' : 'shrink-0 whitespace-nowrap'}>
          {value.length.toLocaleString('en')} / {field.maxLength.toLocaleString('en')}
        </span>
      </span>
    </div>
  );
}

function SettingSwitchField({ field, checked, onChange }: { field: SwitchSettingField; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <label className="flex items-start gap-3 py-3 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4 accent-primary"
        data-testid={`setting-${field.key}`}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        <span className="font-medium">{field.label}</span>
        <span className="block text-xs text-muted-foreground">{field.help}</span>
      </span>
    </label>
  );
}

/** A switch per built-in tool; the value lists the ones switched off. */
function SettingToolsField({ field, value, onChange }: { field: ToolsSettingField; value: readonly string[]; onChange: (value: readonly string[]) => void }) {
  const off = new Set(value);
  return (
    <fieldset className="flex flex-col gap-1 py-2 text-sm" data-testid={`setting-${field.key}`}>
      <legend className="font-medium">{field.label}</legend>
      <p className="text-xs text-muted-foreground">{field.help}</p>
      <ul className="grid grid-cols-1 gap-x-4 gap-y-1 pt-1 sm:grid-cols-2">
        {SESSION_TOOL_NAMES.map((name) => (
          <li key={name}>
            <label className="flex items-center justify-between gap-2 py-0.5 font-mono text-xs">
              {name}
              <Switch
                checked={!off.has(name)}
                data-testid={`tool-switch-${name}`}
                onCheckedChange={(on) => onChange(on ? value.filter((n) => n !== name) : [...value, name])}
              />
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
