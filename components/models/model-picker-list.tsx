'use client';

import { useId, useMemo, useRef, useState } from 'react';
import { CheckIcon, CpuIcon, FlaskConicalIcon, SearchIcon } from 'lucide-react';
import { ModelFacts } from '@/components/models/model-facts';
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

/** Models whose label, id or provider contains every word of the query. */
function filterModels(models: ModelInfo[], query: string): ModelInfo[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return models;
  return models.filter((model) => {
    const haystack = `${model.label} ${model.modelId} ${model.providerLabel} ${model.capabilities.images ? 'images vision' : ''} ${model.capabilities.reasoning ? 'reasoning' : ''}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/**
 * The model picker's searchable list (components/models/model-picker.tsx), a chunk of its own: drawn only while the
 * picker is open, so its search and active option start afresh each time. Arrows move, Enter picks.
 */
export default function ModelPickerList({ models, value, onPick }: { models: ModelInfo[]; value: string; onPick: (key: string) => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<string | undefined>(value);
  const listRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const shown = useMemo(() => filterModels(models, query), [models, query]);
  const groups = groupByProvider(shown);
  const activeKey = active && shown.some((m) => m.key === active) ? active : shown[0]?.key;
  const optionId = (key: string) => `${baseId}-option-${models.findIndex((m) => m.key === key)}`;

  function move(delta: number) {
    if (!shown.length) return;
    const index = shown.findIndex((m) => m.key === activeKey);
    const next = shown[(index + delta + shown.length) % shown.length].key;
    setActive(next);
    listRef.current?.querySelector(`[id="${optionId(next)}"]`)?.scrollIntoView({ block: 'nearest' });
  }

  return (
    <>
      <div className="flex items-center gap-2 border-b px-3">
        <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <input
          role="combobox"
          // Radix focused the popover's first control before the list was there: the search takes the focus now.
          autoFocus
          aria-label="Search models"
          aria-expanded
          aria-controls={`${baseId}-list`}
          aria-activedescendant={activeKey ? optionId(activeKey) : undefined}
          aria-autocomplete="list"
          data-testid="model-search"
          placeholder="Search models"
          className="h-10 min-w-0 flex-1 bg-transparent text-sm outline-none"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              move(event.key === 'ArrowDown' ? 1 : -1);
            } else if (event.key === 'Enter' && activeKey) {
              event.preventDefault();
              onPick(activeKey);
            }
          }}
        />
      </div>
      <div ref={listRef} id={`${baseId}-list`} role="listbox" aria-label="Models" className="max-h-[min(24rem,60vh)] overflow-y-auto p-1">
        {groups.length === 0 && <p className="px-2 py-6 text-center text-sm text-muted-foreground">No model matches “{query}”.</p>}
        {groups.map((group, index) => (
          <div key={group.label} role="group" aria-labelledby={`${baseId}-group-${index}`} className={cn(index > 0 && 'mt-1 border-t pt-1')}>
            <div id={`${baseId}-group-${index}`} className="px-2 py-1.5 text-xs font-medium text-muted-foreground">
              {group.label}
            </div>
            {group.models.map((model) => (
              <div
                key={model.key}
                id={optionId(model.key)}
                role="option"
                aria-selected={model.key === value}
                data-active={model.key === activeKey || undefined}
                data-testid="model-option"
                data-model-key={model.key}
                className="flex cursor-default items-start gap-2 rounded-md px-2 py-1.5 select-none data-active:bg-accent data-active:text-accent-foreground"
                onPointerMove={() => setActive(model.key)}
                onClick={() => onPick(model.key)}
              >
                {model.demo ? <FlaskConicalIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden /> : <CpuIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />}
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="truncate text-sm">{model.label}</span>
                  <ModelFacts model={model} />
                </span>
                {model.key === value && <CheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden />}
              </div>
            ))}
          </div>
        ))}
      </div>
    </>
  );
}
