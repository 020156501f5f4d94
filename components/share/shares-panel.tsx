'use client';

import { toast } from '@/lib/client/toast';
import { ListSkeleton } from '@/components/ui/skeleton';
import { ShareItem } from '@/components/share/share-item';
import { useClock } from '@/components/share/use-clock';
import type { ShareView } from '@/lib/api-types';
import { readError } from '@/lib/client/api-error';
import { useShares } from '@/lib/client/data';
import { revokeShare, updateShare } from '@/lib/client/share-api';

/** The list with this link revoked now (or when it already was). */
function markRevoked(shares: ShareView[] | undefined, id: string): ShareView[] {
  return (shares ?? []).map((share) => (share.id === id ? { ...share, revokedAt: share.revokedAt ?? Date.now() } : share));
}

/** Every link of the session, newest first, revoked ones kept for the record. */
export function SharesPanel({ sessionId, enabled = true }: { sessionId: string; enabled?: boolean }) {
  const { data, error, mutate } = useShares(sessionId, { enabled });
  const now = useClock(30_000);

  // A 404: revoked or gone elsewhere (another tab); the list reads the server again.
  const resyncIfGone = (failure: unknown) => void (readError(failure).status === 404 && mutate());

  // Revoked at once; back, with a toast, if the server refuses.
  async function revoke(share: ShareView) {
    try {
      await mutate(
        revokeShare(share.id).then(() => undefined),
        {
          optimisticData: (current) => markRevoked(current, share.id),
          populateCache: (_, current) => markRevoked(current, share.id),
          rollbackOnError: true,
          revalidate: false,
        },
      );
      toast.success('Link revoked', { description: 'It answers “not found” from now on.' });
    } catch (failure) {
      toast.error('Could not revoke the link', { description: readError(failure).message });
      resyncIfGone(failure);
    }
  }

  async function update(share: ShareView) {
    try {
      const updated = await updateShare(share.id, { refresh: true });
      await mutate((current) => (current ?? []).map((s) => (s.id === updated.id ? updated : s)), { revalidate: false });
      toast.success('Snapshot updated', { description: 'The link now shows the session as it is now.' });
    } catch (failure) {
      toast.error('Could not update the snapshot', { description: readError(failure).message });
      resyncIfGone(failure);
    }
  }

  async function embed(share: ShareView, allow: boolean) {
    try {
      const updated = await updateShare(share.id, { allowEmbed: allow });
      await mutate((current) => (current ?? []).map((s) => (s.id === updated.id ? updated : s)), { revalidate: false });
      toast.success(allow ? 'Embedding allowed' : 'Embedding stopped', {
        description: allow ? 'Other sites may show this link in a frame. Copy its embed code.' : 'Browsers refuse to show this link in frames on other sites.',
      });
    } catch (failure) {
      toast.error('Could not change embedding', { description: readError(failure).message });
      resyncIfGone(failure);
    }
  }

  if (data === undefined) {
    return error ? (
      <p className="text-sm text-destructive" role="alert">
        Could not load the links: {readError(error).message}
      </p>
    ) : (
      <ListSkeleton label="Loading the links…" />
    );
  }
  if (data.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="shares-empty">
        No links yet. Publish one under New link.
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-2" data-testid="shares-list">
      {data.map((share) => (
        <ShareItem key={share.id} share={share} now={now} onUpdate={() => update(share)} onRevoke={() => void revoke(share)} onEmbed={(allow) => embed(share, allow)} />
      ))}
    </ul>
  );
}
