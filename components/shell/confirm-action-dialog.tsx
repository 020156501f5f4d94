'use client';

import { useState } from 'react';
import { toast } from '@/lib/client/toast';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { readError } from '@/lib/client/api-error';

/**
 * Asks before a destructive action and stays open until the server answers:
 * on success it closes, calls `onDone` and toasts `successMessage`; on failure
 * it toasts `errorTitle` with the server's reason.
 */
export function ConfirmActionDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  action,
  onDone,
  successMessage,
  errorTitle,
  testId,
  confirmTestId,
  cancelTestId,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  confirmLabel: string;
  busyLabel: string;
  action: () => Promise<unknown>;
  onDone: () => void;
  successMessage: string;
  errorTitle: string;
  testId: string;
  confirmTestId: string;
  cancelTestId?: string;
  /** Shown between the description and the buttons, e.g. exactly what will happen. */
  children?: React.ReactNode;
}) {
  const [busy, setBusy] = useState(false);

  async function confirm(event: React.MouseEvent) {
    event.preventDefault(); // keep the dialog open until the server answers
    setBusy(true);
    try {
      await action();
      onOpenChange(false);
      onDone();
      toast.success(successMessage);
    } catch (error) {
      toast.error(errorTitle, { description: readError(error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent data-testid={testId}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel data-testid={cancelTestId}>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" data-testid={confirmTestId} disabled={busy} onClick={confirm}>
            {busy ? busyLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
