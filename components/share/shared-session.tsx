import { FileTextIcon } from 'lucide-react';
import { ForkShareButton } from '@/components/share/fork-share-button';
import { LiveRefresh } from '@/components/share/live-refresh';
import { SharedTranscript } from '@/components/share/shared-transcript';
import type { ShareSnapshot } from '@/lib/api-types';
import { formatNumber, formatTokens } from '@/lib/client/format';
import { VisibleText } from '@/components/ui/visible-text';

/**
 * A long shared session is shown a page at a time, so the page's HTML stays the same size however
 * long the session is; plain links (`?before=<message id>`) go to earlier and later pages.
 */
const SHARE_PAGE_SIZE = 100;

function sharePage(messages: ShareSnapshot['messages'], before: string | undefined) {
  const found = before === undefined ? -1 : messages.findIndex((message) => message.id === before);
  // An unknown id (the session changed since the link was followed) shows the latest page.
  const end = found === -1 ? messages.length : found;
  const start = Math.max(0, end - SHARE_PAGE_SIZE);
  const laterEnd = end + SHARE_PAGE_SIZE;
  return {
    messages: messages.slice(start, end),
    earlierHref: start > 0 ? `?before=${encodeURIComponent(messages[start].id)}` : undefined,
    laterHref: end >= messages.length ? undefined : laterEnd >= messages.length ? '?' : `?before=${encodeURIComponent(messages[laterEnd].id)}`,
  };
}

/** The public page of a share link: rendered on the server, readable without JavaScript, nothing on it changes the session. */
export function SharedSession({ snapshot, token, live, before }: { snapshot: ShareSnapshot; token: string; live: boolean; before?: string }) {
  const { usage } = snapshot;
  const page = sharePage(snapshot.messages, before);
  return (
    <div className="flex h-dvh flex-col" data-testid="shared-session">
      <header className="flex shrink-0 flex-wrap items-center gap-3 border-b px-4 py-3 sm:px-6">
        {/* At least 16rem: on a phone the fork button goes to its own line. */}
        <div className="min-w-0 flex-1 basis-64">
          <h1 className="truncate text-base font-semibold" data-testid="share-title">
            <VisibleText text={snapshot.title} />
          </h1>
          <p className="text-xs text-muted-foreground">
            {live ? 'Live from Agent Playground · as of ' : 'Shared from Agent Playground · snapshot of '}
            <time dateTime={new Date(snapshot.sharedAt).toISOString()}>{new Date(snapshot.sharedAt).toUTCString()}</time> ·{' '}
            <span className="font-mono">{snapshot.modelKey}</span> · {formatNumber(snapshot.messages.length)} messages · {formatTokens(usage.inputTokens)} in ·{' '}
            {formatTokens(usage.outputTokens)} out
          </p>
        </div>
        <ForkShareButton token={token} />
        {live && <LiveRefresh />}
      </header>
      {snapshot.systemPrompt && (
        <details className="mx-auto mt-4 w-full max-w-3xl rounded-lg border px-3 py-2 text-sm" data-testid="share-system-prompt">
          <summary className="cursor-pointer font-medium">System prompt</summary>
          <pre className="mt-2 text-xs whitespace-pre-wrap text-muted-foreground">{snapshot.systemPrompt}</pre>
        </details>
      )}
      <SharedTranscript messages={page.messages} compactions={snapshot.compactions} earlierHref={page.earlierHref} laterHref={page.laterHref} />
      {snapshot.workspace && snapshot.workspace.length > 0 && <SharedFiles files={snapshot.workspace} />}
    </div>
  );
}

function SharedFiles({ files }: { files: NonNullable<ShareSnapshot['workspace']> }) {
  return (
    <section className="mx-auto w-full max-w-3xl shrink-0 px-4 pb-6 sm:px-6" aria-label="Workspace files" data-testid="share-files">
      <h2 className="mb-2 text-sm font-semibold">Workspace files</h2>
      <ul className="flex flex-col gap-1.5">
        {files.map((file) => (
          <li key={file.path}>
            <details className="rounded-lg border px-3 py-2 text-sm" data-testid="share-file">
              <summary className="flex cursor-pointer items-center gap-2">
                <FileTextIcon className="size-4 text-muted-foreground" aria-hidden />
                <span className="font-mono text-xs">
                  <VisibleText text={file.path.replace(/^\/workspace\//, '')} />
                </span>
                <span className="ml-auto text-xs text-muted-foreground">{formatNumber(file.size)} bytes</span>
              </summary>
              {file.text !== null ? (
                <pre className="mt-2 max-h-96 overflow-auto text-xs whitespace-pre-wrap">{file.text}</pre>
              ) : (
                <p className="mt-2 text-xs text-muted-foreground">Not a text file.</p>
              )}
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
