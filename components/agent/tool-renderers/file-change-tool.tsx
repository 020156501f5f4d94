import { FilePenLineIcon, FilePlus2Icon } from 'lucide-react';
import { field, type ToolPart } from '@/components/agent/tool-part';
import type { ToolRenderer } from '@/components/agent/tool-renderer';
import { lazyPart } from '@/components/ui/lazy-part';
import { VisibleText } from '@/components/ui/visible-text';

/** What write_file and edit_file return (lib/tools/workspace/write-file.ts), read without trusting its shape. */
interface FileChange {
  path?: string;
  created: boolean;
  linesAdded?: number;
  linesRemoved?: number;
  patch?: string;
  patchTruncated: boolean;
  replacements?: number;
}

export function readChange(part: ToolPart): FileChange | undefined {
  if (part.state !== 'output-available') return undefined;
  const output = part.output;
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const path = field(output, 'path');
  const patch = field(output, 'patch');
  return {
    path: typeof path === 'string' ? path : undefined,
    created: field(output, 'created') === true,
    linesAdded: number(field(output, 'linesAdded')),
    linesRemoved: number(field(output, 'linesRemoved')),
    patch: typeof patch === 'string' ? patch : undefined,
    patchTruncated: field(output, 'patchTruncated') === true,
    replacements: number(field(output, 'replacements')),
  };
}

function requestedPath(part: ToolPart): string | undefined {
  const path = field(part.input, 'path');
  return typeof path === 'string' ? path : undefined;
}

export function LineCounts({ added, removed }: { added?: number; removed?: number }) {
  if (added === undefined && removed === undefined) return null;
  return (
    <span className="font-mono text-xs" data-testid="diff-counts">
      <span className="text-success-text">+{added ?? 0}</span> <span className="text-destructive">−{removed ?? 0}</span>
    </span>
  );
}

function FileChangeSummary({ part }: { part: ToolPart }) {
  const change = readChange(part);
  const path = change?.path ?? requestedPath(part);
  return (
    <span className="flex min-w-0 items-center gap-2">
      {path && (
        <span className="truncate font-mono text-xs">
          <VisibleText text={path} />
        </span>
      )}
      {change && <LineCounts added={change.linesAdded} removed={change.linesRemoved} />}
    </span>
  );
}

const FileChangeOutput = lazyPart(() => import('./tool-outputs').then((module) => module.FileChangeOutput));

export const writeFileTool: ToolRenderer = {
  title: 'Write file',
  Icon: FilePlus2Icon,
  Summary: FileChangeSummary,
  Output: FileChangeOutput,
};

export const editFileTool: ToolRenderer = {
  title: 'Edit file',
  Icon: FilePenLineIcon,
  Summary: FileChangeSummary,
  Output: FileChangeOutput,
};
