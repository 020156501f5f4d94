'use client';

import { useState } from 'react';
import { SendIcon } from 'lucide-react';
import { isRedacted, ShareFindings } from '@/components/share/share-findings';
import { ShareLinkOptions, SharePrivacyOptions } from '@/components/share/share-options';
import { SharePreviewPane } from '@/components/share/share-preview';
import { ShareResult } from '@/components/share/share-result';
import { plural } from '@/components/share/share-labels';
import { useShareDraft } from '@/components/share/use-share-draft';
import { useSharePreview } from '@/components/share/use-share-preview';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { ShareView } from '@/lib/api-types';
import { readError } from '@/lib/client/api-error';
import { createShare } from '@/lib/client/share-api';

/** A new link: the owner's choices, the scan's findings, the live preview and Publish; then the link itself. */
export function ShareForm({ sessionId, onPublished }: { sessionId: string; onPublished: (share: ShareView) => void }) {
  const draft = useShareDraft();
  const { preview, error, stale, ready } = useSharePreview(sessionId, draft.draft);
  const [published, setPublished] = useState<ShareView | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [publishError, setPublishError] = useState<string | null>(null);

  const findings = preview?.findings ?? [];
  const unredacted = findings.filter((finding) => !isRedacted(finding, draft.redact)).length;

  async function publish() {
    setPublishing(true);
    setPublishError(null);
    try {
      const share = await createShare(sessionId, draft.createInput(Date.now()));
      setPublished(share);
      onPublished(share);
    } catch (failure) {
      setPublishError(readError(failure).message);
    } finally {
      setPublishing(false);
    }
  }

  if (published) return <ShareResult share={published} onAnother={() => setPublished(null)} />;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SharePrivacyOptions draft={draft} />
        <ShareLinkOptions draft={draft} />
      </div>
      <ShareFindings findings={findings} chosen={draft.redact} onToggle={draft.toggleRedact} onRedactAll={draft.redactAll} />
      <SharePreviewPane preview={preview} error={error} stale={stale} />
      <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-3 border-t bg-background py-3">
        {publishError && (
          <p className="mr-auto text-sm text-destructive" role="alert">
            Not published: {publishError}
          </p>
        )}
        <Button
          data-testid="share-publish"
          data-unredacted={unredacted}
          variant={unredacted > 0 ? 'destructive' : 'default'}
          disabled={!ready || publishing}
          onClick={() => void publish()}
        >
          {publishing ? <Spinner label="Publishing" /> : <SendIcon />}
          {unredacted > 0 ? `Publish with ${plural(unredacted, 'unredacted finding')}` : 'Publish'}
        </Button>
      </div>
    </div>
  );
}
