'use client';

import { CheckCircle2Icon, ExternalLinkIcon } from 'lucide-react';
import { EmbedSnippet } from '@/components/share/share-embed';
import { absoluteShareUrl, formatTimeUntil } from '@/components/share/share-labels';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { useClock } from '@/components/share/use-clock';
import type { ShareView } from '@/lib/api-types';

/** The link just published, to copy or open; the dialog stays open on it. */
export function ShareResult({ share, onAnother }: { share: ShareView; onAnother: () => void }) {
  const url = absoluteShareUrl(share.url);
  const now = useClock(60_000);
  const expiry = share.expiresAt === null ? 'It does not expire.' : `It expires ${formatTimeUntil(share.expiresAt, now)}.`;
  return (
    <section className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid="share-result" aria-live="polite">
      <p className="flex items-center gap-2 text-sm font-medium">
        <CheckCircle2Icon className="size-4 text-success-text" aria-hidden />
        {share.mode === 'live' ? 'Live link published: viewers follow new turns.' : 'Snapshot published: viewers see the session as it was just now.'}
      </p>
      <div className="flex items-center gap-2">
        <input
          readOnly
          value={url}
          aria-label="Share link"
          data-testid="share-link"
          className="h-8 min-w-0 flex-1 rounded-md border bg-muted/40 px-2 font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton text={url} label="Copy the link" size="icon-sm" variant="outline" data-testid="share-copy" />
        <Button asChild size="sm" variant="outline">
          <a href={url} target="_blank" rel="noreferrer" data-testid="share-open">
            <ExternalLinkIcon />
            Open
          </a>
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Anyone with the link can see it. {expiry} Manage it under Links.
      </p>
      {share.allowEmbed && <EmbedSnippet path={share.url} />}
      <div>
        <Button size="sm" variant="ghost" onClick={onAnother} data-testid="share-another">
          Create another link
        </Button>
      </div>
    </section>
  );
}
