'use client';

import { useId } from 'react';
import { absoluteShareUrl } from '@/components/share/share-labels';
import { CopyButton } from '@/components/ui/copy-button';
import { Switch } from '@/components/ui/switch';

/** The owner's choice to let other sites show the link's page in a frame (off by default). */
export function EmbedSwitch({ checked, onChange, disabled, testId = 'share-allow-embed' }: { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean; testId?: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2.5 py-1 text-sm">
      <Switch id={id} className="mt-0.5" checked={checked} onCheckedChange={onChange} disabled={disabled} data-testid={testId} aria-describedby={`${id}-help`} />
      <label htmlFor={id}>
        <span className="font-medium">Allow embedding on other sites</span>
        <span id={`${id}-help`} className="block text-xs text-muted-foreground">
          Other websites may show this page in a frame; when off, browsers refuse to.
        </span>
      </label>
    </div>
  );
}

/** The `<iframe>` a site pastes to show the page: full width, a fixed height, no border. */
export function embedCode(path: string): string {
  return `<iframe src="${absoluteShareUrl(path)}" title="Shared agent session" width="100%" height="640" style="border:0" loading="lazy"></iframe>`;
}

/** The embed code of an embeddable link, to read and copy. */
export function EmbedSnippet({ path }: { path: string }) {
  const code = embedCode(path);
  return (
    <div className="flex flex-col gap-1" data-testid="share-embed">
      <span className="text-xs font-medium text-muted-foreground">Embed code</span>
      <div className="flex items-start gap-2">
        <textarea
          readOnly
          value={code}
          rows={3}
          aria-label="Embed code"
          data-testid="share-embed-code"
          className="min-w-0 flex-1 resize-none rounded-md border bg-muted/40 px-2 py-1 font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton text={code} label="Copy the embed code" size="icon-sm" variant="outline" data-testid="share-embed-copy" />
      </div>
    </div>
  );
}
