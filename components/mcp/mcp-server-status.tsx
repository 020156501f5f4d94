'use client';

import { CircleAlertIcon, CircleCheckIcon, RefreshCwIcon } from 'lucide-react';
import { RelativeTime } from '@/components/sessions/relative-time';
import type { McpServerView } from '@/lib/api-types';
import type { McpServerStatus } from '@/lib/mcp/types';
import { cn } from '@/lib/utils';

const STATES: Record<McpServerStatus['state'], { label: string; Icon: typeof CircleCheckIcon; className: string }> = {
  connected: { label: 'Connected', Icon: CircleCheckIcon, className: 'text-success-text' },
  reconnecting: { label: 'Reconnecting', Icon: RefreshCwIcon, className: 'text-warning-text' },
  failed: { label: 'Failed', Icon: CircleAlertIcon, className: 'text-destructive' },
};

/** "MCP server "x" refused the connection." reads "refused the connection" under the server's own name. */
function withoutServerName(message: string): string {
  return message.replace(/^MCP server "[^"]*":? /, '').replace(/\.$/, '');
}

/**
 * How the last run found the server: connected, reconnecting (after it went away
 * mid-run) or failed, with the reason and when. Stored on the server's row, so
 * every instance shows the same; nothing until a run has used it.
 */
export function McpServerStatusLine({ server }: { server: McpServerView }) {
  const status = server.status;
  if (!status) return null;
  const { label, Icon, className } = STATES[status.state];
  return (
    <p className="flex min-w-0 items-start gap-1.5 text-xs" data-testid="mcp-server-status" data-state={status.state}>
      <Icon className={cn('mt-px size-3.5 shrink-0', className)} aria-hidden />
      <span className="min-w-0">
        <span className={cn('font-medium', className)}>{label}</span>
        {status.message && <span className="break-words text-muted-foreground"> · {withoutServerName(status.message)}</span>}
        <span className="text-muted-foreground">
          {' '}
          · last run <RelativeTime timestamp={status.at} />
        </span>
      </span>
    </p>
  );
}
