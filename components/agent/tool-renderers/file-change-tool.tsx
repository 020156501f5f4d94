import { FilePenLineIcon, FilePlus2Icon } from 'lucide-react';
import { DiffView } from '@/components/agent/diff-view';
import { field, type ToolPart } from '@/components/agent/tool-part';
import type { ToolRenderer } from '@/components/agent/tool-renderer';
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

function readChange(part: ToolPart): FileChange | undefined {
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

function LineCounts({ added, removed }: { added?: number; removed?: number }) {
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

function FileChangeOutput({ part }: { part: ToolPart }) {
  const change = readChange(part);
  if (!change || change.patch === undefined) return null;
  return (
    <div className="flex flex-col gap-1.5" data-testid="file-change">
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        <span className="truncate font-mono text-foreground">
          <VisibleText text={change.path ?? ''} />
        </span>
        {change.created && <span className="rounded border border-success/40 bg-success/10 px-1.5 text-[11px] text-success-text">new file</span>}
        {change.replacements !== undefined && change.replacements > 1 && <span>{change.replacements} replacements</span>}
        <span className="flex-1" />
        <LineCounts added={change.linesAdded} removed={change.linesRemoved} />
      </div>
      {change.patch && <DiffView patch={change.patch} />}
      {change.patchTruncated && (
        <p className="text-xs text-muted-foreground" data-testid="diff-note">
          {change.patch ? 'The diff is too large to show in full.' : 'Too many lines changed to show a diff.'}
        </p>
      )}
    </div>
  );
}

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
