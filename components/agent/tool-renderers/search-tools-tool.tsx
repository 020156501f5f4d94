import { SearchIcon } from 'lucide-react';
import { field, type ToolPart } from '@/components/agent/tool-part';
import type { ToolRenderer } from '@/components/agent/tool-renderer';

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

/** The matches (name and description), or what enabling did, in the words the model read. */
function SearchToolsOutput({ part }: { part: ToolPart }) {
  const matches = field(part.output, 'matches');
  const next = field(part.output, 'next');
  return (
    <div className="flex flex-col gap-1.5 text-xs">
      {Array.isArray(matches) && matches.length > 0 && (
        <ul className="flex flex-col gap-1">
          {matches.map((match, index) => {
            const name = field(match, 'name');
            const description = field(match, 'description');
            return (
              <li key={typeof name === 'string' ? name : index}>
                <span className="font-mono">{String(name)}</span>
                {typeof description === 'string' && <span className="text-muted-foreground"> · {description}</span>}
              </li>
            );
          })}
        </ul>
      )}
      {typeof next === 'string' && <p className="text-muted-foreground">{next}</p>}
    </div>
  );
}

export const searchToolsTool: ToolRenderer = {
  title: 'Search tools',
  Icon: SearchIcon,
  Summary: SearchToolsSummary,
  Output: SearchToolsOutput,
};
