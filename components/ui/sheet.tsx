'use client';

import type * as React from 'react';
import type * as Radix from '@/components/ui/sheet-radix';
import { lazyOverlay } from '@/components/ui/lazy-overlay';

/** The sheet (sheet-radix.tsx, a Radix dialog), loaded when a sheet first opens. */
const sheet = lazyOverlay(
  () =>
    import('@/components/ui/sheet-radix').then((radix) => ({
      Root: radix.Sheet,
      Content: radix.SheetContent,
      Header: radix.SheetHeader,
      Title: radix.SheetTitle,
      Description: radix.SheetDescription,
    })),
  'dialog',
);

type Props<T extends React.ElementType> = React.ComponentProps<T>;

const Sheet: (props: Props<typeof Radix.Sheet>) => React.ReactNode = sheet.Root;
const SheetContent: (props: Props<typeof Radix.SheetContent>) => React.ReactNode = sheet.part('Content');
const SheetHeader: (props: Props<typeof Radix.SheetHeader>) => React.ReactNode = sheet.part('Header');
const SheetTitle: (props: Props<typeof Radix.SheetTitle>) => React.ReactNode = sheet.part('Title');
const SheetDescription: (props: Props<typeof Radix.SheetDescription>) => React.ReactNode = sheet.part('Description');

export { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle };
