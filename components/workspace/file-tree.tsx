import { FileIcon, FolderIcon } from 'lucide-react';
import { WORKSPACE_ROOT } from '@/lib/workspace/limits';
import { formatBytes } from '@/lib/workspace/text';
import { cn } from '@/lib/utils';
import { VisibleText } from '@/components/ui/visible-text';
import { visibleText } from '@/lib/text/visible-text';

export interface TreeFile {
  path: string;
  size: number;
}

type Row = { kind: 'dir'; key: string; name: string; depth: number } | { kind: 'file'; key: string; name: string; depth: number; file: TreeFile };

/** Sorted paths → rows of a tree: each directory once, before its contents, and files indented under it. */
export function treeRows(files: readonly TreeFile[]): Row[] {
  const rows: Row[] = [];
  const seen = new Set<string>();
  const sorted = [...files].sort((a, b) => a.path.localeCompare(b.path));
  for (const file of sorted) {
    const segments = file.path.slice(WORKSPACE_ROOT.length + 1).split('/');
    for (let depth = 0; depth < segments.length - 1; depth++) {
      const key = segments.slice(0, depth + 1).join('/');
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push({ kind: 'dir', key, name: segments[depth], depth });
    }
    rows.push({ kind: 'file', key: file.path, name: segments.at(-1)!, depth: segments.length - 1, file });
  }
  return rows;
}

/** The workspace's files as a tree; a click selects a file for the preview. */
export function FileTree({ files, selected, onSelect }: { files: readonly TreeFile[]; selected?: string; onSelect: (path: string) => void }) {
  return (
    <ul data-testid="file-tree" aria-label="Workspace files" className="flex flex-col py-1 text-sm">
      {treeRows(files).map((row) =>
        row.kind === 'dir' ? (
          <li key={`dir:${row.key}`} className="flex items-center gap-1.5 py-0.5 text-muted-foreground" style={{ paddingLeft: `${row.depth * 14 + 8}px` }}>
            <FolderIcon className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate">
              <VisibleText text={row.name} />/
            </span>
          </li>
        ) : (
          <li key={row.key}>
            <button
              type="button"
              data-testid="file-tree-item"
              data-path={row.file.path}
              title={visibleText(row.file.path)}
              aria-current={selected === row.file.path ? 'true' : undefined}
              onClick={() => onSelect(row.file.path)}
              className={cn(
                'flex w-full items-center gap-1.5 rounded-md py-0.5 pr-2 text-left outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50',
                selected === row.file.path && 'bg-accent font-medium text-accent-foreground',
              )}
              style={{ paddingLeft: `${row.depth * 14 + 8}px` }}
            >
              <FileIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0 flex-1 truncate font-mono text-[13px]">
                <VisibleText text={row.name} />
              </span>
              <span className="shrink-0 text-xs text-muted-foreground tabular-nums" data-testid="file-size">
                {formatBytes(row.file.size)}
              </span>
            </button>
          </li>
        ),
      )}
    </ul>
  );
}
