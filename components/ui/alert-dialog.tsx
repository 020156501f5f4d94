'use client';

import type * as React from 'react';
import type * as Radix from '@/components/ui/alert-dialog-radix';
import { lazyOverlay } from '@/components/ui/lazy-overlay';

/** The alert dialog (alert-dialog-radix.tsx), loaded when one first opens. */
const dialog = lazyOverlay(
  () =>
    import('@/components/ui/alert-dialog-radix').then((radix) => ({
      Root: radix.AlertDialog,
      Content: radix.AlertDialogContent,
      Header: radix.AlertDialogHeader,
      Footer: radix.AlertDialogFooter,
      Title: radix.AlertDialogTitle,
      Description: radix.AlertDialogDescription,
      Action: radix.AlertDialogAction,
      Cancel: radix.AlertDialogCancel,
    })),
  'dialog',
);

type Props<T extends React.ElementType> = React.ComponentProps<T>;

const AlertDialog: (props: Props<typeof Radix.AlertDialog>) => React.ReactNode = dialog.Root;
const AlertDialogContent: (props: Props<typeof Radix.AlertDialogContent>) => React.ReactNode = dialog.part('Content');
const AlertDialogHeader: (props: Props<typeof Radix.AlertDialogHeader>) => React.ReactNode = dialog.part('Header');
const AlertDialogFooter: (props: Props<typeof Radix.AlertDialogFooter>) => React.ReactNode = dialog.part('Footer');
const AlertDialogTitle: (props: Props<typeof Radix.AlertDialogTitle>) => React.ReactNode = dialog.part('Title');
const AlertDialogDescription: (props: Props<typeof Radix.AlertDialogDescription>) => React.ReactNode = dialog.part('Description');
const AlertDialogAction: (props: Props<typeof Radix.AlertDialogAction>) => React.ReactNode = dialog.part('Action');
const AlertDialogCancel: (props: Props<typeof Radix.AlertDialogCancel>) => React.ReactNode = dialog.part('Cancel');

export { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle };
