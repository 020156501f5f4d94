'use client';

import { ConfirmActionDialog } from '@/components/shell/confirm-action-dialog';
import { deleteSession } from '@/lib/client/api';
import { VisibleText } from '@/components/ui/visible-text';
import { visibleText } from '@/lib/text/visible-text';

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
  return (
    <ConfirmActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this session?"
      description={
        <>
          “<VisibleText text={session.title} />” and its whole transcript will be deleted for good.
          {session.running ? ' The agent is still working in it; the run will be stopped.' : ''}
        </>
      }
      confirmLabel="Delete"
      busyLabel="Deleting…"
      action={() => deleteSession(session.id)}
      onDone={onDeleted}
      successMessage={`Deleted “${visibleText(session.title)}”`}
      errorTitle="Could not delete the session"
      testId="delete-dialog"
      confirmTestId="confirm-delete"
      cancelTestId="cancel-delete"
    />
  );
}
