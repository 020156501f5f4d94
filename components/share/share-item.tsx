'use client';

import { useState } from 'react';
import { CodeIcon, LinkIcon, RefreshCwIcon, Trash2Icon } from 'lucide-react';
import { embedCode } from '@/components/share/share-embed';
import { absoluteShareUrl, formatTimeUntil, plural, shareState, type ShareState } from '@/components/share/share-labels';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Spinner } from '@/components/ui/spinner';
import type { ShareView } from '@/lib/api-types';
import { formatRelativeTime } from '@/lib/client/format';

const STATE_TONE = { active: 'success', expired: 'warning', revoked: 'neutral' } as const;

function expiryText(share: ShareView, state: ShareState, now: number): string {
  if (state === 'revoked' && share.revokedAt !== null) return `revoked ${formatRelativeTime(share.revokedAt, now)}`;
  if (share.expiresAt === null) return 'never expires';
  return share.expiresAt <= now ? `expired ${formatRelativeTime(share.expiresAt, now)}` : `expires ${formatTimeUntil(share.expiresAt, now)}`;
}

interface ShareItemProps {
  share: ShareView;
  now: number;
  onUpdate: () => Promise<void>;
  onRevoke: () => void;
  /** Allow or stop embedding on other sites. */
  onEmbed: (allow: boolean) => Promise<void>;
}

/** One link of the session: what it shows, how it is used, and its actions. */
export function ShareItem({ share, now, onUpdate, onRevoke, onEmbed }: ShareItemProps) {
  const [updating, setUpdating] = useState(false);
  const [embedding, setEmbedding] = useState(false);
  const state = shareState(share, now);
  const path = share.url;
  const views = share.viewCount === 0 ? 'not viewed yet' : `${plural(share.viewCount, 'view')}${share.lastViewedAt !== null ? `, last ${formatRelativeTime(share.lastViewedAt, now)}` : ''}`;

  async function update() {
    setUpdating(true);
    try {
      await onUpdate();
    } finally {
      setUpdating(false);
    }
  }

  async function toggleEmbed() {
    setEmbedding(true);
    try {
      await onEmbed(!share.allowEmbed);
    } finally {
      setEmbedding(false);
    }
  }

  return (
    <li className="flex flex-col gap-1.5 rounded-lg border bg-card px-3 py-2" data-testid="share-item" data-state={state} data-share-id={share.id}>
      <div className="flex items-center gap-2">
        <LinkIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="min-w-0 flex-1 truncate font-mono text-xs" title={path}>
          {path}
        </span>
        <Badge tone={share.mode === 'live' ? 'info' : 'outline'}>{share.mode === 'live' ? 'Live' : 'Snapshot'}</Badge>
        {share.allowEmbed && (
          <Badge tone="outline" data-testid="share-embeddable">
            Embeddable
          </Badge>
        )}
        <Badge tone={STATE_TONE[state]} data-testid="share-state">
          {state}
        </Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        Created {formatRelativeTime(share.createdAt, now)}
        {share.mode === 'snapshot' && share.updatedAt > share.createdAt ? ` · updated ${formatRelativeTime(share.updatedAt, now)}` : ''} · {expiryText(share, state, now)} · {views}
      </p>
      {state !== 'revoked' && (
        <div className="flex flex-wrap items-center gap-1.5">
          {state === 'active' && <CopyButton text={() => absoluteShareUrl(share.url)} label="Copy the link" variant="outline" data-testid="share-item-copy">Copy</CopyButton>}
          {state === 'active' && share.mode === 'snapshot' && (
            <Button size="xs" variant="outline" data-testid="share-update" disabled={updating} onClick={() => void update()}>
              {updating ? <Spinner label="Updating" /> : <RefreshCwIcon />}
              Update snapshot
            </Button>
          )}
          {state === 'active' && share.allowEmbed && (
            <CopyButton text={() => embedCode(share.url)} label="Copy the embed code" variant="outline" data-testid="share-item-embed-copy">
              Embed code
            </CopyButton>
          )}
          {state === 'active' && (
            <Button size="xs" variant="outline" data-testid="share-embed-toggle" aria-pressed={share.allowEmbed} disabled={embedding} onClick={() => void toggleEmbed()}>
              {embedding ? <Spinner label="Saving" /> : <CodeIcon />}
              {share.allowEmbed ? 'Stop embedding' : 'Allow embedding'}
            </Button>
          )}
          <Button size="xs" variant="outline" data-testid="share-revoke" aria-label={`Revoke ${path}`} onClick={onRevoke}>
            <Trash2Icon />
            Revoke
          </Button>
        </div>
      )}
    </li>
  );
}
