import { SearchIcon } from 'lucide-react';
import { field, type ToolPart } from '@/components/agent/tool-part';
import type { ToolRenderer } from '@/components/agent/tool-renderer';
import { lazyPart } from '@/components/ui/lazy-part';

/** One line: what was searched for (and how many matched), or which tools were enabled. */
function SearchToolsSummary({ part }: { part: ToolPart }) {
  const enable = field(part.input, 'enable');
  const query = field(part.input, 'query');
  const matches = field(part.output, 'matches');
  const enabled = field(part.output, 'enabled');
  if (Array.isArray(enable) && enable.length) {
    const done = Array.isArray(enabled) ? enabled.length : undefined;
    return (
      <span data-testid="search-tools-summary">
        enable {enable.join(', ')}
        {done !== undefined && done < enable.length ? <span className="text-muted-foreground"> · {done} enabled</span> : null}
      </span>
    );
  }
  if (typeof query !== 'string') return null;
  return (
    <span data-testid="search-tools-summary">
      “{query}”{Array.isArray(matches) ? <span className="text-muted-foreground"> · {matches.length} {matches.length === 1 ? 'match' : 'matches'}</span> : null}
    </span>
  );
}

export const searchToolsTool: ToolRenderer = {
  title: 'Search tools',
  Icon: SearchIcon,
  Summary: SearchToolsSummary,
  Output: lazyPart(() => import('./tool-outputs').then((module) => module.SearchToolsOutput)),
};
