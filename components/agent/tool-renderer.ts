import type { ComponentType } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { ToolPart } from '@/components/agent/tool-part';

/**
 * How a tool's card looks. Everything is optional except the title: a tool
 * without a renderer of its own (an MCP tool, a built-in registered as
 * `'generic'`) gets the generic card, with its name in plain words and pretty
 * JSON for input and output.
 */
export interface ToolRenderer {
  /** Plain-words name for the card header, e.g. "Calculator". */
  title: string;
  Icon: LucideIcon;
  /** One line next to the title, e.g. `17 * 23 = 391`. Defaults to an input preview. */
  Summary?: ComponentType<{ part: ToolPart }>;
  /** A small tag after the title, e.g. `MCP · github` for a tool from an MCP server. */
  badge?: string;
  /** Drawn above the raw JSON output of a successful call. Return null to show only the JSON. */
  Output?: ComponentType<{ part: ToolPart }>;
}
