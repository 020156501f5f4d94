'use client';

import { FileIcon } from 'lucide-react';
import { ApprovalActionsProvider } from '@/components/agent/approval-context';
import { Transcript } from '@/components/chat/transcript';
import { SessionContextProvider } from '@/components/context/session-context';
import { plural } from '@/components/share/share-labels';
import { Spinner } from '@/components/ui/spinner';
import type { SharePreview, ShareSnapshot } from '@/lib/api-types';
import { readError } from '@/lib/client/api-error';
import { formatBytes } from '@/lib/workspace/text';

/** Exactly what viewers will see, as the server would serve it: a compact, read-only copy. */
export function SharePreviewPane({ preview, error, stale }: { preview: SharePreview | undefined; error: unknown; stale: boolean }) {
  const snapshot = preview?.snapshot;
  return (
    <section className="flex flex-col gap-2" aria-label="Preview" data-testid="share-preview" data-stale={stale}>
      <div className="flex items-center gap-2">
        <h3 className="flex-1 text-xs font-medium text-muted-foreground">
          What viewers will see{snapshot ? ` · ${plural(snapshot.messages.length, 'message')}` : ''}
        </h3>
        {stale && <Spinner className="size-3.5 text-muted-foreground" label="Updating the preview" />}
      </div>
      {error !== undefined && (
        <p className="text-sm text-destructive" role="alert">
          Could not preview the share: {readError(error).message}
        </p>
      )}
      {snapshot ? <SnapshotView snapshot={snapshot} /> : error === undefined && <p className="text-sm text-muted-foreground">Loading the preview…</p>}
    </section>
  );
}

function SnapshotView({ snapshot }: { snapshot: ShareSnapshot }) {
  return (
    <>
      {snapshot.systemPrompt !== null && (
        <div className="rounded-lg border bg-muted/40" data-testid="share-preview-system-prompt">
          <p className="border-b px-3 py-1.5 text-xs font-medium text-muted-foreground">System prompt</p>
          <pre className="max-h-32 overflow-y-auto px-3 py-2 font-mono text-xs whitespace-pre-wrap">{snapshot.systemPrompt}</pre>
        </div>
      )}
      {/* The transcript scrolls itself (it sticks to its bottom): the box only bounds its height. */}
      <div className="flex h-80 flex-col overflow-hidden rounded-lg border bg-background text-sm" data-testid="share-preview-transcript">
        {/* Read-only: no pinning, no approvals, whatever the session around the dialog offers. */}
        <SessionContextProvider value={null}>
          <ApprovalActionsProvider value={null}>
            <Transcript messages={snapshot.messages} status="ready" empty={<p className="text-sm text-muted-foreground">No messages yet.</p>} />
          </ApprovalActionsProvider>
        </SessionContextProvider>
      </div>
      {snapshot.workspace !== null && <WorkspaceList files={snapshot.workspace} />}
    </>
  );
}

function WorkspaceList({ files }: { files: NonNullable<ShareSnapshot['workspace']> }) {
  return (
    <div className="rounded-lg border" data-testid="share-preview-workspace">
      <p className="border-b px-3 py-1.5 text-xs font-medium text-muted-foreground">Workspace · {plural(files.length, 'file')}</p>
      {files.length === 0 ? (
        <p className="px-3 py-2 text-xs text-muted-foreground">No files.</p>
      ) : (
        <ul className="max-h-32 overflow-y-auto px-3 py-1.5">
          {files.map((file) => (
            <li key={file.path} className="flex items-center gap-2 py-0.5 text-xs">
              <FileIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0 flex-1 truncate font-mono">{file.path}</span>
              <span className="text-muted-foreground tabular-nums">{formatBytes(file.size)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
