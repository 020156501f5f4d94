import { ListFilterIcon } from 'lucide-react';
import type { ToolsLeftOutNotice } from '@/lib/agent/messages';

/**
 * "128 of 312 tools sent; 184 left out", with the left-out names behind a disclosure: the tool cap
 * (lib/agent/tool-cap.ts) kept them out of the request, and the model can enable them with search_tools.
 */
export function ToolsLeftOutRow({ notice }: { notice: ToolsLeftOutNotice }) {
  return (
    <details className="group rounded-lg border border-dashed px-3 py-1.5 text-xs text-muted-foreground" data-testid="tools-left-out" role="note">
      <summary className="flex cursor-pointer list-none items-start gap-2 [&::-webkit-details-marker]:hidden">
        <ListFilterIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
        <p className="min-w-0 break-words" data-testid="tools-left-out-summary">
          <span className="font-medium text-foreground/80">
            {notice.sent} of {notice.total} tools sent; {notice.leftOut.length} left out:
          </span>{' '}
          {notice.reason}. The agent can find them with search_tools.
        </p>
        <span className="ml-auto shrink-0 underline underline-offset-2 group-open:hidden">Show</span>
        <span className="ml-auto hidden shrink-0 underline underline-offset-2 group-open:inline">Hide</span>
      </summary>
      <ul className="mt-1.5 max-h-60 columns-1 gap-4 overflow-y-auto pl-5 font-mono text-[11px] sm:columns-2" data-testid="tools-left-out-list">
        {notice.leftOut.map((tool) => (
          <li key={tool.name} className="break-all" title={tool.title}>
            {tool.name}
          </li>
        ))}
      </ul>
      {notice.enabled.length ? <p className="mt-1.5">Enabled by the agent with search_tools: {notice.enabled.join(', ')}</p> : null}
    </details>
  );
}
