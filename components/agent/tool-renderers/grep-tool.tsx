import { SearchIcon } from 'lucide-react';
import { field, type ToolPart } from '@/components/agent/tool-part';
import type { ToolRenderer } from '@/components/agent/tool-renderer';

function GrepSummary({ part }: { part: ToolPart }) {
  const pattern = field(part.input, 'pattern');
  const matches = part.state === 'output-available' ? field(part.output, 'matches') : undefined;
  const truncated = field(part.output, 'truncated') === true;
  return (
    <span className="flex min-w-0 items-center gap-2">
      {typeof pattern === 'string' && <span className="truncate font-mono text-xs">/{pattern}/</span>}
      {Array.isArray(matches) && (
        <span className="shrink-0 text-xs">
          {matches.length}
          {truncated ? '+' : ''} match{matches.length === 1 ? '' : 'es'}
        </span>
      )}
    </span>
  );
}

export const grepTool: ToolRenderer = { title: 'Search files', Icon: SearchIcon, Summary: GrepSummary };
