'use client';

import { useState } from 'react';
import { toast } from 'sonner';
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
import { deleteSession } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';

/** Asks before deleting: a session and its transcript cannot be restored. */
export function DeleteSessionDialog({
  session,
  open,
  onOpenChange,
  onDeleted,
}: {
  session: { id: string; title: string; running: boolean };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);

  async function confirm(event: React.MouseEvent) {
    event.preventDefault(); // keep the dialog open until the server answers
    setBusy(true);
    try {
      await deleteSession(session.id);
      onOpenChange(false);
      onDeleted();
      toast.success(`Deleted “${session.title}”`);
    } catch (error) {
      toast.error('Could not delete the session', { description: readError(error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent data-testid="delete-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this session?</AlertDialogTitle>
          <AlertDialogDescription>
            “{session.title}” and its whole transcript will be deleted for good.
            {session.running ? ' The agent is still working in it; the run will be stopped.' : ''}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel data-testid="cancel-delete">Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" data-testid="confirm-delete" disabled={busy} onClick={confirm}>
            {busy ? 'Deleting…' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
