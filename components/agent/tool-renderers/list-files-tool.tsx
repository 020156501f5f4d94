import { FolderTreeIcon } from 'lucide-react';
import { field, type ToolPart } from '@/components/agent/tool-part';
import type { ToolRenderer } from '@/components/agent/tool-renderer';
import { formatBytes } from '@/lib/workspace/text';

function ListFilesSummary({ part }: { part: ToolPart }) {
  const path = field(part.input, 'path');
  const count = part.state === 'output-available' ? field(part.output, 'totalFiles') : undefined;
  const bytes = field(part.output, 'totalBytes');
  return (
    <span className="flex min-w-0 items-center gap-2">
      <span className="truncate font-mono text-xs">{typeof path === 'string' ? path : '/workspace'}</span>
      {typeof count === 'number' && (
        <span className="shrink-0 text-xs">
          {count} file{count === 1 ? '' : 's'}
          {typeof bytes === 'number' && count > 0 ? ` · ${formatBytes(bytes)}` : ''}
        </span>
      )}
    </span>
  );
}

export const listFilesTool: ToolRenderer = { title: 'List files', Icon: FolderTreeIcon, Summary: ListFilesSummary };
