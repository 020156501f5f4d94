import { z } from 'zod';
import type { AgentTool } from './tool';
import { createToolCapState, enableTools, SEARCH_TOOLS_NAME, selectTools, type ToolCapState } from './tool-cap';

/**
 * `search_tools`: offered only when the cap (./tool-cap.ts) left tools out of the request.
 * The model searches the left-out tools by name and description and enables the ones it
 * needs; they are in the request from its next step to the end of the run. Matching is
 * local keyword matching, names ranking above descriptions (as the AI SDK's `toolSearch()`
 * does by default): no embedding service, no extra model call.
 */

/** Matches one search returns at most. */
const MAX_SEARCH_MATCHES = 10;
const MAX_MATCH_DESCRIPTION_CHARS = 300;

export const searchToolsInput = z.object({
  query: z.string().max(500).optional().describe('Words to look for in the names and descriptions of the tools left out of this request.'),
  enable: z
    .array(z.string().max(200))
    .max(MAX_SEARCH_MATCHES)
    .optional()
    .describe('Exact names of left-out tools to make available from your next step to the end of the run.'),
});

type SearchToolsInput = z.infer<typeof searchToolsInput>;

interface ToolMatch {
  name: string;
  title?: string;
  description: string;
}

export type SearchToolsOutput =
  | { matches: ToolMatch[]; leftOut: number; next: string }
  | { enabled: string[]; displaced: string[]; refused: { name: string; reason: string }[]; next: string };

export function searchToolsTool(state: ToolCapState): AgentTool<SearchToolsInput, SearchToolsOutput> {
  return {
    name: SEARCH_TOOLS_NAME,
    title: 'Search tools',
    description:
      `Some tools were left out of this request to stay within the tool limit. Search them by words in their name or description ` +
      `(up to ${MAX_SEARCH_MATCHES} matches), then call this tool again with "enable" and the exact names you need: ` +
      `they become callable from your next step.`,
    inputSchema: searchToolsInput,
    readOnly: true,
    permission: 'read',
    execute: async ({ query, enable }) => {
      if (enable?.length) {
        const outcome = enableTools(state, enable);
        return { ...outcome, next: enableSummary(outcome, state) };
      }
      const leftOut = state.latest?.leftOut ?? [];
      const matches = rankTools(leftOut, query ?? '').slice(0, MAX_SEARCH_MATCHES).map(matchOf);
      return {
        matches,
        leftOut: leftOut.length,
        next: matches.length
          ? 'Call search_tools with "enable": [names] to make the ones you need available from your next step.'
          : 'No left-out tool matched. Try other words.',
      };
    },
  };
}

function enableSummary(outcome: ReturnType<typeof enableTools>, state: ToolCapState): string {
  const lines: string[] = [];
  if (outcome.enabled.length) lines.push(`Enabled from your next step: ${outcome.enabled.join(', ')}.`);
  if (outcome.displaced.length) {
    lines.push(`To stay within the limit of ${state.latest?.cap} tools, these are left out instead (search for them to enable them again): ${outcome.displaced.join(', ')}.`);
  }
  for (const { name, reason } of outcome.refused) lines.push(`Not enabled: ${name}: ${reason}.`);
  return lines.join(' ');
}

function matchOf(tool: AgentTool): ToolMatch {
  const description = tool.description.length > MAX_MATCH_DESCRIPTION_CHARS ? `${tool.description.slice(0, MAX_MATCH_DESCRIPTION_CHARS - 1)}…` : tool.description;
  return { name: tool.name, ...(tool.title && tool.title !== tool.name ? { title: tool.title } : {}), description };
}

/** Lower-case words of a name or text: `github__listIssues` → github, list, issues. */
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Tools that match any word of the query, best first: name words count three times a description word; ties keep their order. */
export function rankTools(tools: readonly AgentTool[], query: string): AgentTool[] {
  const queryWords = [...new Set(wordsOf(query))];
  if (!queryWords.length) return [...tools];
  const scored = tools.map((tool, index) => {
    const nameWords = new Set(wordsOf(`${tool.name} ${tool.title ?? ''}`));
    const descriptionWords = wordsOf(tool.description);
    let score = 0;
    for (const word of queryWords) {
      if (nameWords.has(word)) score += 3;
      else if ([...nameWords].some((w) => w.startsWith(word) || (word.startsWith(w) && w.length >= 4))) score += 2;
      if (descriptionWords.some((w) => w === word || w.startsWith(word))) score += 1;
    }
    return { tool, index, score };
  });
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.tool);
}

/**
 * The tools a run's first request carries under the cap, search_tools included when anything is left
 * out: what the context meter and the compaction trigger count as tool definitions.
 */
export function toolsOfFirstRequest(tools: readonly AgentTool[], cap: number): AgentTool[] {
  const selection = selectTools(tools, cap, []);
  if (!selection.leftOut.length) return selection.sent;
  const state = createToolCapState();
  state.latest = selection;
  return [...selection.sent, searchToolsTool(state)];
}
