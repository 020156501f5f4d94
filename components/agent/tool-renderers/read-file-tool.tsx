import { FileTextIcon } from 'lucide-react';
import { field, type ToolPart } from '@/components/agent/tool-part';
import type { ToolRenderer } from '@/components/agent/tool-renderer';
import { VisibleText } from '@/components/ui/visible-text';

function ReadFileSummary({ part }: { part: ToolPart }) {
  const path = field(part.state === 'output-available' ? part.output : undefined, 'path') ?? field(part.input, 'path');
  const start = field(part.output, 'startLine');
  const end = field(part.output, 'endLine');
  const total = field(part.output, 'totalLines');
  return (
    <span className="flex min-w-0 items-center gap-2">
      {typeof path === 'string' && (
        <span className="truncate font-mono text-xs">
          <VisibleText text={path} />
        </span>
      )}
      {part.state === 'output-available' && typeof total === 'number' && (
        <span className="shrink-0 text-xs">{total === 0 ? 'empty' : `lines ${start}–${end} of ${total}`}</span>
      )}
    </span>
  );
}

export const readFileTool: ToolRenderer = { title: 'Read file', Icon: FileTextIcon, Summary: ReadFileSummary };
