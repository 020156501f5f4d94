import { Badge } from '@/components/ui/badge';
import type { McpTestResult } from '@/lib/api-types';
import { VisibleText } from '@/components/ui/visible-text';

/** What "Test connection" found: the tools with their permission class, or why it failed. */
export function McpTestOutcome({ result }: { result: McpTestResult }) {
  if (!result.ok) {
    return (
      <p className="rounded-lg border border-destructive/25 bg-destructive/5 px-3 py-2 text-xs text-destructive" role="alert" data-testid="mcp-test-error">
        {result.error}
      </p>
    );
  }
  if (result.tools.length === 0) {
    return (
      <p className="text-xs text-muted-foreground" data-testid="mcp-tools">
        Connected. This server offers no tools.
      </p>
    );
  }
  return (
    <ul className="flex max-h-72 flex-col divide-y overflow-y-auto rounded-lg border" data-testid="mcp-tools">
      {result.tools.map((tool) => (
        <li key={tool.name} className="flex items-start gap-3 px-3 py-2" data-testid="mcp-tool" data-tool-name={tool.name}>
          <div className="min-w-0 flex-1">
            <div className="truncate font-mono text-xs">
              <VisibleText text={tool.name} />
            </div>
            {(tool.description ?? tool.title) && (
              <div className="line-clamp-2 text-xs text-muted-foreground">
                <VisibleText text={tool.description ?? tool.title ?? ''} />
              </div>
            )}
          </div>
          <Badge
            tone={tool.permission === 'read' ? 'success' : 'warning'}
            title={tool.permission === 'read' ? 'The server marks it read-only (readOnlyHint)' : 'Unknown effects: asks before running unless the mode allows it'}
          >
            {tool.permission === 'read' ? 'read' : 'external'}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
