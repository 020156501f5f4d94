'use client';

import { useState } from 'react';
import { FolderTreeIcon } from 'lucide-react';
import { PanelSheetHeader } from '@/components/shell/panel-sheet-header';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { ListSkeleton } from '@/components/ui/skeleton';
import { FilePreview } from '@/components/workspace/file-preview';
import { FileTree } from '@/components/workspace/file-tree';
import { useWorkspaceFile, useWorkspaceFiles } from '@/lib/client/data';
import { readError } from '@/lib/client/api-error';
import { formatBytes } from '@/lib/workspace/text';
import { VisibleText } from '@/components/ui/visible-text';

/**
 * The session's workspace: its files as a tree with sizes, and a preview of
 * the selected one. Reads the files when opened and again whenever `version`
 * changes (a write-class tool call finished), so it follows the agent live.
 */
export function WorkspacePanel({
  sessionId,
  open,
  onOpenChange,
  version,
}: {
  sessionId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Changes when the workspace may have changed. */
  version: string;
}) {
  const [tick, setTick] = useState(0);
  const [selected, setSelected] = useState<string>();
  const reload = `${version}:${tick}`;
  const listing = useWorkspaceFiles(sessionId, { enabled: open, version: reload });
  const preview = useWorkspaceFile(sessionId, open ? selected : undefined, reload);

  const files = listing.data?.files;
  const listingError = listing.error ? readError(listing.error).message : undefined;
  const previewError = preview.error ? (readError(preview.error).status === 404 ? 'This file no longer exists.' : readError(preview.error).message) : undefined;
  // A file deleted since it was shown says so instead of showing its old content.
  const shown = selected && (preview.data || previewError) ? { file: previewError ? undefined : preview.data, error: previewError } : undefined;
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" data-testid="workspace-panel" aria-describedby="workspace-description">
        <PanelSheetHeader
          icon={FolderTreeIcon}
          title="Workspace"
          descriptionId="workspace-description"
          refresh={{ label: 'Reload the files', testId: 'workspace-refresh', onClick: () => setTick((t) => t + 1) }}
        >
            The agent&apos;s files in <span className="font-mono">/workspace</span>, kept with this session.
            {listing.data && listing.data.files.length > 0 && (
              <span data-testid="workspace-summary">
                {' '}
                {listing.data.files.length} file{listing.data.files.length === 1 ? '' : 's'}, {formatBytes(listing.data.totalBytes)}.
              </span>
            )}
        </PanelSheetHeader>

        <div className="flex min-h-0 flex-1 flex-col">
          <div className="max-h-[40%] shrink-0 overflow-y-auto border-b px-2 py-1">
            {listingError && !files && <p className="px-2 py-2 text-sm text-destructive">Could not load the files: {listingError}</p>}
            {!files && !listingError && (
              <ListSkeleton label="Loading files…" className="px-2" />
            )}
            {files && files.length === 0 && (
              <p className="px-2 py-2 text-sm text-muted-foreground" data-testid="workspace-empty">
                No files yet. Ask the agent to write one, e.g. &ldquo;Write a haiku to poem.md&rdquo;.
              </p>
            )}
            {files && files.length > 0 && <FileTree files={files} selected={selected} onSelect={setSelected} />}
          </div>

          <div className="flex min-h-0 flex-1 flex-col gap-2 p-3">
            {!selected && files && files.length > 0 && <p className="text-sm text-muted-foreground">Select a file to preview it.</p>}
            {selected && (
              <div className="flex items-center gap-2 text-xs text-muted-foreground">
                <span className="truncate font-mono text-foreground" data-testid="file-preview-path">
                  <VisibleText text={selected} />
                </span>
                {shown?.file && <span className="shrink-0">{formatBytes(shown.file.size)}</span>}
                {!shown && <Spinner className="size-3" />}
              </div>
            )}
            {shown?.error && <p className="text-sm text-destructive">{shown.error}</p>}
            {shown?.file && <FilePreview file={shown.file} />}
          </div>
        </div>
      </SheetContent>
    </Sheet>
  );
}
