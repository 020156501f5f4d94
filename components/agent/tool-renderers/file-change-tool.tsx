import { FilePenLineIcon, FilePlus2Icon } from 'lucide-react';
import { field, type ToolPart } from '@/components/agent/tool-part';
import { LineCounts, readChange } from './tool-fields';
import type { ToolRenderer } from '@/components/agent/tool-renderer';
import { lazyPart } from '@/components/ui/lazy-part';
import { VisibleText } from '@/components/ui/visible-text';

function requestedPath(part: ToolPart): string | undefined {
  const path = field(part.input, 'path');
  return typeof path === 'string' ? path : undefined;
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
