'use client';

import { ConfirmActionDialog } from '@/components/shell/confirm-action-dialog';
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
  return (
    <ConfirmActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title={<>Remove “{server.name}”?</>}
      description="Its tools leave every session from the next run, and its stored headers are deleted."
      confirmLabel="Remove"
      busyLabel="Removing…"
      action={() => deleteMcpServer(server.id)}
      onDone={onDeleted}
      successMessage={`Removed MCP server “${server.name}”`}
      errorTitle="Could not remove the server"
      testId="mcp-delete-dialog"
      confirmTestId="mcp-confirm-delete"
    />
  );
}
