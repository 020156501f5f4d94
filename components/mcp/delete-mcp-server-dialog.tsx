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
import { readError } from '@/lib/client/api-error';
import { deleteMcpServer } from '@/lib/client/mcp-api';

/** Asks before removing a server: its stored header secrets go with it. */
export function DeleteMcpServerDialog({
  server,
  open,
  onOpenChange,
  onDeleted,
}: {
  server: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);

  async function confirm(event: React.MouseEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await deleteMcpServer(server.id);
      onOpenChange(false);
      onDeleted();
      toast.success(`Removed MCP server “${server.name}”`);
    } catch (error) {
      toast.error('Could not remove the server', { description: readError(error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent data-testid="mcp-delete-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>Remove “{server.name}”?</AlertDialogTitle>
          <AlertDialogDescription>Its tools leave every session from the next run, and its stored headers are deleted.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" data-testid="mcp-confirm-delete" disabled={busy} onClick={confirm}>
            {busy ? 'Removing…' : 'Remove'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
