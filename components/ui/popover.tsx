'use client';

import type * as React from 'react';
import type * as Radix from '@/components/ui/popover-radix';
import { lazyOverlay } from '@/components/ui/lazy-overlay';

/** The popover (popover-radix.tsx), loaded when a popover first opens. */
const popover = lazyOverlay(
  () => import('@/components/ui/popover-radix').then((radix) => ({ Root: radix.Popover, Trigger: radix.PopoverTrigger, Content: radix.PopoverContent })),
  'dialog',
);

type Props<T extends React.ElementType> = React.ComponentProps<T>;

const Popover: (props: Props<typeof Radix.Popover>) => React.ReactNode = popover.Root;
const PopoverTrigger: (props: Props<typeof Radix.PopoverTrigger>) => React.ReactNode = popover.Trigger;
const PopoverContent: (props: Props<typeof Radix.PopoverContent>) => React.ReactNode = popover.part('Content');

export { Popover, PopoverContent, PopoverTrigger };
