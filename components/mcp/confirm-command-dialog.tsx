'use client';

import { ConfirmActionDialog } from '@/components/shell/confirm-action-dialog';
import type { McpServerView } from '@/lib/api-types';
import { confirmMcpCommand } from '@/lib/client/mcp-api';

/** Before a stdio server first runs: the exact command line, and an explicit yes. */
export function ConfirmCommandDialog({
  server,
  open,
  onOpenChange,
  onConfirmed,
}: {
  server: McpServerView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirmed: (server: McpServerView) => void;
}) {
  return (
    <ConfirmActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title={<>Run this command on this machine?</>}
      description={`“${server.name}” starts the command below on the server's host, with the server's user and permissions, whenever a session uses its tools. Run it only if you trust it.`}
      confirmLabel="Run this command"
      busyLabel="Confirming…"
      action={async () => onConfirmed(await confirmMcpCommand(server))}
      onDone={() => {}}
      successMessage={`“${server.name}” may run its command`}
      errorTitle="Could not confirm the command"
      testId="mcp-command-dialog"
      confirmTestId="mcp-confirm-command"
    >
      <pre className="max-h-48 overflow-auto rounded-md border bg-muted px-3 py-2 font-mono text-xs break-all whitespace-pre-wrap" data-testid="mcp-command-line">
        {server.commandLine}
      </pre>
    </ConfirmActionDialog>
  );
}
