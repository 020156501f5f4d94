'use client';

import type * as React from 'react';
import type * as Radix from '@/components/ui/dropdown-menu-radix';
import { lazyOverlay } from '@/components/ui/lazy-overlay';

/** The dropdown menu (dropdown-menu-radix.tsx), loaded when a menu first opens. */
const menu = lazyOverlay(
  () =>
    import('@/components/ui/dropdown-menu-radix').then((radix) => ({
      Root: radix.DropdownMenu,
      Trigger: radix.DropdownMenuTrigger,
      Content: radix.DropdownMenuContent,
      Item: radix.DropdownMenuItem,
      Separator: radix.DropdownMenuSeparator,
    })),
  'menu',
);

type Props<T extends React.ElementType> = React.ComponentProps<T>;

const DropdownMenu: (props: Props<typeof Radix.DropdownMenu>) => React.ReactNode = menu.Root;
const DropdownMenuTrigger: (props: Props<typeof Radix.DropdownMenuTrigger>) => React.ReactNode = menu.Trigger;
const DropdownMenuContent: (props: Props<typeof Radix.DropdownMenuContent>) => React.ReactNode = menu.part('Content');
const DropdownMenuItem: (props: Props<typeof Radix.DropdownMenuItem>) => React.ReactNode = menu.part('Item');
const DropdownMenuSeparator: (props: Props<typeof Radix.DropdownMenuSeparator>) => React.ReactNode = menu.part('Separator');

export { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger };
