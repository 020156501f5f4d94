'use client';

import { CpuIcon, FlaskConicalIcon } from 'lucide-react';
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectSeparator, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { ModelInfo } from '@/lib/models/types';
import { cn } from '@/lib/utils';

function groupByProvider(models: ModelInfo[]): Array<{ label: string; models: ModelInfo[] }> {
  const groups = new Map<string, ModelInfo[]>();
  for (const model of models) {
    const label = model.demo ? 'Offline' : model.providerLabel;
    groups.set(label, [...(groups.get(label) ?? []), model]);
  }
  return [...groups].map(([label, list]) => ({ label, models: list }));
}

/** Which model the agent runs on. The offline demo is labelled as such so nobody mistakes it for an LLM. */
export function ModelPicker({
  models,
  value,
  onChange,
  className,
}: {
  models: ModelInfo[];
  value: string;
  onChange: (key: string) => void;
  className?: string;
}) {
  const known = models.some((m) => m.key === value);
  const groups = groupByProvider(models);

  return (
    <Select value={value} onValueChange={onChange}>
      {/* A native title, not a Radix tooltip: the list hands focus back here on close, which would pop a tooltip. */}
      <SelectTrigger
        size="sm"
        aria-label="Model"
        title="Model for the next message"
        data-testid="model-picker"
        data-model-key={value}
        className={cn('max-w-64 min-w-0', className)}
      >
        <SelectValue placeholder="Pick a model" />
      </SelectTrigger>
      <SelectContent align="start" className="max-w-80">
        {!known && (
          <SelectGroup>
            <SelectItem value={value} disabled data-testid="model-option" data-model-key={value}>
              <span className="truncate">Unavailable: {value}</span>
            </SelectItem>
            <SelectSeparator />
          </SelectGroup>
        )}
        {groups.map((group, index) => (
          <SelectGroup key={group.label}>
            {index > 0 && <SelectSeparator />}
            <SelectLabel>{group.label}</SelectLabel>
            {group.models.map((model) => (
              <SelectItem key={model.key} value={model.key} data-testid="model-option" data-model-key={model.key}>
                {model.demo ? <FlaskConicalIcon className="text-muted-foreground" /> : <CpuIcon className="text-muted-foreground" />}
                <span className="truncate">{model.label}</span>
              </SelectItem>
            ))}
          </SelectGroup>
        ))}
      </SelectContent>
    </Select>
  );
}
