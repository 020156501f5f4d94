'use client';

import { ShieldCheckIcon, Trash2Icon } from 'lucide-react';
import { toast } from '@/lib/client/toast';
import { ListSkeleton } from '@/components/ui/skeleton';
import { humanizeToolName } from '@/components/agent/tool-part';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import type { ToolGrant } from '@/lib/api-types';
import { revokeGrant } from '@/lib/client/api';
import { useGrants } from '@/lib/client/data';
import { readError } from '@/lib/client/api-error';
import { formatClockTime } from '@/lib/client/format';

/**
 * The grant ledger: every standing "always allow" of the session, with a
 * revoke button. Revoking applies from the tool's next call.
 */
export function GrantsSheet({
  sessionId,
  open,
  onOpenChange,
  refreshKey,
}: {
  sessionId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Changes when grants may have changed (an answer with "always allow"). */
  refreshKey: number;
}) {
  const { data, error, mutate } = useGrants(sessionId, { enabled: open, version: refreshKey });
  const grants = data ?? null;

  // Gone from the list at once; back, with a toast, if the server refuses.
  async function revoke(grant: ToolGrant) {
    const remaining = (data ?? []).filter((g) => g.id !== grant.id);
    try {
      await mutate(
        revokeGrant(sessionId, grant.id).then(() => remaining),
        { optimisticData: remaining, rollbackOnError: true, revalidate: false },
      );
      toast.success(`${humanizeToolName(grant.toolName)} will ask again`);
    } catch (failure) {
      toast.error('Could not revoke the grant', { description: readError(failure).message });
    }
  }

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent className="w-[min(100vw,26rem)]" data-testid="grants-panel">
        <SheetHeader>
          <SheetTitle>Permissions granted in this session</SheetTitle>
          <SheetDescription>Tools you chose to always allow. They run without asking until you revoke them; plan mode still blocks them.</SheetDescription>
        </SheetHeader>
        <div className="flex-1 overflow-y-auto p-3">
          {grants === null && error ? (
            <p className="px-1 text-sm text-destructive" role="alert">
              Could not load the grants: {readError(error).message}
            </p>
          ) : grants === null ? (
            <ListSkeleton label="Loading the grants…" className="px-1" />
          ) : grants.length === 0 ? (
            <p className="px-1 text-sm text-muted-foreground" data-testid="grants-empty">
              No standing grants. Use “Always allow” on an approval prompt to stop a tool from asking.
            </p>
          ) : (
            <ul className="flex flex-col gap-2">
              {grants.map((grant) => (
                <li key={grant.id} className="flex items-center gap-3 rounded-lg border bg-card px-3 py-2" data-testid="grant-item" data-tool-name={grant.toolName}>
                  <ShieldCheckIcon className="size-4 shrink-0 text-success-text" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">
                      {humanizeToolName(grant.toolName)} <span className="font-mono text-xs font-normal text-muted-foreground">{grant.toolName}</span>
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {grant.scope === 'session' ? 'Every call in this session' : grant.scope} · granted at {formatClockTime(grant.createdAt)}
                    </p>
                  </div>
                  <Button size="xs" variant="outline" onClick={() => void revoke(grant)} data-testid="revoke-grant" aria-label={`Revoke ${grant.toolName}`}>
                    <Trash2Icon />
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
