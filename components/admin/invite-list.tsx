'use client';

import { useState } from 'react';
import { LinkIcon } from 'lucide-react';
import { toast } from '@/lib/client/toast';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { RelativeTime } from '@/components/sessions/relative-time';
import { createInvite, revokeInvite } from '@/lib/client/account-api';
import { useInvites } from '@/lib/client/admin-data';
import { readError } from '@/lib/client/api-error';
import { AdminSection } from './admin-section';
import { OneTimeLink } from './one-time-link';

/** Invite links: make one (shown once, to copy), see which were used, revoke a pending one. */
export function InviteList() {
  const { data: invites, mutate } = useInvites();
  const [fresh, setFresh] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function make() {
    setBusy(true);
    try {
      const invite = await createInvite({ role: 'user' });
      setFresh(invite.url);
      await mutate();
    } catch (error) {
      toast.error('No invite made', { description: readError(error).message });
    } finally {
      setBusy(false);
    }
  }
  async function revoke(id: string) {
    try {
      await revokeInvite(id);
      await mutate();
    } catch (error) {
      toast.error('Not revoked', { description: readError(error).message });
    }
  }
  return (
    <AdminSection
      title="Invites"
      description="A link lets one person create an account. It works once, for 7 days."
      testId="admin-invites"
      action={
        <Button size="sm" onClick={() => void make()} disabled={busy} data-testid="invite-create">
          <LinkIcon />
          New invite link
        </Button>
      }
    >
      {fresh && <OneTimeLink url={fresh} label="Invite link" note="Send it to the person you invite. It is shown only now." testId="invite-url" />}
      {invites && invites.length > 0 && (
        <ul className="divide-y rounded-lg border text-sm">
          {invites.map((invite) => (
            <li key={invite.id} className="flex items-center gap-3 px-4 py-2.5" data-testid="invite-row">
              <Badge tone={invite.status === 'pending' ? 'info' : 'neutral'}>{invite.status}</Badge>
              <span className="min-w-0 flex-1 truncate text-muted-foreground">
                {invite.email ?? 'Anyone with the link'} · made <RelativeTime timestamp={invite.createdAt} />
              </span>
              {invite.status === 'pending' && (
                <Button size="sm" variant="ghost" onClick={() => void revoke(invite.id)} data-testid="invite-revoke">
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {invites?.length === 0 && !fresh && <p className="text-sm text-muted-foreground">No invites yet.</p>}
    </AdminSection>
  );
}
