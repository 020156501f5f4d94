'use client';

import { useState } from 'react';
import { ChevronDownIcon, CpuIcon, FlaskConicalIcon } from 'lucide-react';
import { lazyPart } from '@/components/ui/lazy-part';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import type { ModelInfo } from '@/lib/models/types';
import { cn } from '@/lib/utils';

/** The list, drawn only while the picker is open (the popover itself loads then too); fetched as the pointer or focus reaches the picker. */
const ModelPickerList = lazyPart(() => import('@/components/models/model-picker-list').then((module) => module.default));

/**
 * Which model the agent runs on: grouped by provider, each with its context window, price and what it
 * takes (images, reasoning), searchable. The offline demo is labelled as such so nobody mistakes it for an LLM.
 */
export function ModelPicker({
  models,
  value,
  onChange,
  className,
  testId = 'model-picker',
}: {
  models: ModelInfo[];
  value: string;
  onChange: (key: string) => void;
  className?: string;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const current = models.find((m) => m.key === value);
  const currentLabel = current ? current.label : value ? `Unavailable: ${value}` : 'Pick a model';

  function pick(key: string) {
    setOpen(false);
    if (key !== value) onChange(key);
  }

  return (
    <Popover open={open} onOpenChange={setOpen}>
      {/* A native title, not a WithTooltip: the list hands focus back here on close, which would pop a tooltip. */}
      <PopoverTrigger
        type="button"
        // Named by what it shows, after what it is (label in name, WCAG 2.5.3).
        aria-label={`Model: ${currentLabel}`}
        aria-haspopup="listbox"
        title={current ? `Model for the next message: ${current.label}` : 'Model for the next message'}
        data-testid={testId}
        data-model-key={value}
        onPointerEnter={ModelPickerList.preload}
        onFocus={ModelPickerList.preload}
        className={cn(
          'inline-flex h-8 max-w-64 min-w-0 items-center justify-between gap-1.5 rounded-md border bg-transparent px-2.5 text-[13px] whitespace-nowrap shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30 dark:hover:bg-input/50',
          className,
        )}
      >
        {current?.demo ? <FlaskConicalIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden /> : <CpuIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />}
        <span className="flex-1 truncate text-left">{currentLabel}</span>
        <ChevronDownIcon className="size-4 shrink-0 opacity-50" aria-hidden />
      </PopoverTrigger>
      <PopoverContent align="start" className="flex w-[min(24rem,calc(100vw-1rem))] flex-col p-0" data-testid="model-picker-menu">
        <ModelPickerList models={models} value={value} onPick={pick} />
      </PopoverContent>
    </Popover>
  );
}
