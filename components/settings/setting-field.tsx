'use client';

import { SettingNumberField } from '@/components/settings/setting-number-field';
import type { ModelSettingField, SettingField, SwitchSettingField } from '@/lib/settings/loop-settings';
import type { ModelInfo } from '@/lib/models/types';

/** What the sheet holds while editing: the text of a number input, a switch's state, a model key ('' = the default). */
export type DraftValue = string | boolean;

/** One row of the settings sheet, rendered by its control kind. */
export function SettingFieldRow({
  field,
  value,
  models,
  onChange,
}: {
  field: SettingField;
  value: DraftValue;
  models: ModelInfo[];
  onChange: (value: DraftValue) => void;
}) {
  switch (field.kind) {
    case 'number':
      return <SettingNumberField field={field} value={typeof value === 'string' ? value : ''} onChange={onChange} />;
    case 'switch':
      return <SettingSwitchField field={field} checked={value === true} onChange={onChange} />;
    case 'model':
      return <SettingModelField field={field} value={typeof value === 'string' ? value : ''} models={models} onChange={onChange} />;
  }
}

function SettingModelField({
  field,
  value,
  models,
  onChange,
}: {
  field: ModelSettingField;
  value: string;
  models: ModelInfo[];
  onChange: (value: string) => void;
}) {
  return (
    <label className="grid grid-cols-[1fr_12rem] items-center gap-x-3 gap-y-0.5 py-2 text-sm">
      <span className="font-medium">{field.label}</span>
      <select
        className="row-span-2 h-8 w-full rounded-md border bg-background px-2 text-sm"
        data-testid={`setting-${field.key}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
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
