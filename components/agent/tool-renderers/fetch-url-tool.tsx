import { GlobeIcon } from 'lucide-react';
import { field, type ToolPart } from '@/components/agent/tool-part';
import type { ToolRenderer } from '@/components/agent/tool-renderer';

function FetchUrlSummary({ part }: { part: ToolPart }) {
  const title = part.state === 'output-available' ? field(part.output, 'title') : undefined;
  const url = field(part.input, 'url');
  return (
    <span className="flex min-w-0 items-center gap-2">
      {typeof title === 'string' && title && <span className="shrink-0 font-medium text-foreground">{title}</span>}
      {typeof url === 'string' && <span className="truncate font-mono text-xs">{url}</span>}
    </span>
  );
}

export const fetchUrlTool: ToolRenderer = { title: 'Fetch URL', Icon: GlobeIcon, Summary: FetchUrlSummary };
