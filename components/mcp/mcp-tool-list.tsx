'use client';

import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { EnabledSwitch } from '@/components/mcp/enabled-switch';
import type { McpTestResult, McpToolSummary } from '@/lib/api-types';
import { VisibleText } from '@/components/ui/visible-text';

/** Past this many tools the list gets a filter field. */
const FILTER_FROM = 12;

/** The switches of a tool list: which tools are off (the server's own names), and how to change one. */
export interface ToolSwitches {
  disabledTools: readonly string[];
  onToggle(toolName: string, enabled: boolean): void;
  busy?: boolean;
}

/** What "Test connection" found: the tools with their permission class and an on/off switch each, or why it failed. */
export function McpTestOutcome({ result, switches }: { result: McpTestResult; switches?: ToolSwitches }) {
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
  return <McpToolList tools={result.tools} switches={switches} />;
}

/** The tools, filterable when there are many; each with its switch when `switches` is given. */
function McpToolList({ tools, switches }: { tools: readonly McpToolSummary[]; switches?: ToolSwitches }) {
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = needle ? tools.filter((tool) => `${tool.name} ${tool.title ?? ''} ${tool.description ?? ''}`.toLowerCase().includes(needle)) : tools;
  const off = new Set(switches?.disabledTools ?? []);
  const onCount = tools.filter((tool) => !off.has(tool.toolName)).length;
  return (
    <div className="flex flex-col gap-2" data-testid="mcp-tools">
      {(switches || tools.length >= FILTER_FROM) && (
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {switches && (
            <span data-testid="mcp-tools-on-count">
              {onCount} of {tools.length} tools on
            </span>
          )}
          {tools.length >= FILTER_FROM && (
            <input
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder="Filter tools"
              aria-label="Filter tools"
              className="ml-auto h-7 w-full min-w-0 rounded-md border bg-background px-2 text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring/50 sm:w-56"
              data-testid="mcp-tools-filter"
            />
          )}
        </div>
      )}
      <ul className="flex max-h-72 flex-col divide-y overflow-y-auto rounded-lg border">
        {shown.map((tool) => {
          const enabled = !off.has(tool.toolName);
          return (
            <li key={tool.name} className="flex items-start gap-3 px-3 py-2" data-testid="mcp-tool" data-tool-name={tool.name} data-enabled={switches ? String(enabled) : undefined}>
              <div className={`min-w-0 flex-1 ${enabled ? '' : 'opacity-60'}`}>
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
              {switches && (
                <EnabledSwitch
                  checked={enabled}
                  disabled={switches.busy}
                  label={enabled ? `Turn off ${tool.name}` : `Turn on ${tool.name}`}
                  onChange={(checked) => switches.onToggle(tool.toolName, checked)}
                  testId="mcp-tool-enabled"
                />
              )}
            </li>
          );
        })}
        {shown.length === 0 && <li className="px-3 py-2 text-xs text-muted-foreground">No tool matches “{filter}”.</li>}
      </ul>
    </div>
  );
}
