import type { AgentTool } from './tool';

/**
 * How many tool definitions one model request carries. Providers refuse more than a
 * limit (OpenAI: 128 tools per request), and every definition costs prompt tokens on
 * every step. Built-in tools (and the done tool) always go; tools marked `deferrable`
 * (MCP tools) fill the rest in order, tools the model enabled with `search_tools`
 * first. What does not fit is left out of the request, said so in the transcript, and
 * searchable with `search_tools` (./tool-search.ts), which takes one of the slots.
 *
 * The idea follows the AI SDK's `toolSearch()` with `deferLoading` tools (a search
 * tool that makes deferred tools callable from the next step); the SDK's version
 * lives inside its own multi-step loop, and this loop calls the model one step at a
 * time and runs tools itself, so it keeps the same model here.
 */

export const SEARCH_TOOLS_NAME = 'search_tools';

/** The run's memory of the cap: what the model enabled, and what the latest step left out. */
export interface ToolCapState {
  /** Deferrable tools the model enabled with search_tools, oldest first: they go before the others. */
  enabled: string[];
  /** The latest step's selection (search_tools searches its left-out tools). */
  latest?: ToolSelection;
  /** The left-out list the transcript shows, as a key: a notice is written again only when it changes. */
  noticeKey?: string;
}

export interface ToolSelection {
  /** What the request carries, in order: pinned tools, then deferrable ones. Without search_tools. */
  sent: AgentTool[];
  leftOut: AgentTool[];
  /** How many tools the step could have offered. */
  total: number;
  cap: number;
  /** Slots for deferrable tools (the cap less the pinned tools and search_tools). */
  room: number;
}

export function createToolCapState(enabled: readonly string[] = []): ToolCapState {
  return { enabled: [...enabled] };
}

/** Chooses the tools of one request under `cap` (the `maxToolsSent` setting). */
export function selectTools(tools: readonly AgentTool[], cap: number, enabled: readonly string[]): ToolSelection {
  if (tools.length <= cap) return { sent: [...tools], leftOut: [], total: tools.length, cap, room: cap };
  const pinned = tools.filter((tool) => !tool.deferrable);
  const byName = new Map(tools.filter((tool) => tool.deferrable).map((tool) => [tool.name, tool]));
  const ordered: AgentTool[] = [];
  for (const name of enabled) {
    const tool = byName.get(name);
    if (tool) ordered.push(tool);
    byName.delete(name);
  }
  ordered.push(...byName.values());
  // One slot is search_tools'.
  const room = Math.max(0, cap - pinned.length - 1);
  return { sent: [...pinned, ...ordered.slice(0, room)], leftOut: ordered.slice(room), total: tools.length, cap, room };
}

/** What enabling some tools did, in words the model reads (search_tools' answer). */
export interface EnableOutcome {
  enabled: string[];
  /** Tools that lost their slot to make room, so nothing is swapped without saying so. */
  displaced: string[];
  refused: { name: string; reason: string }[];
}

/**
 * Enables left-out tools for the rest of the run, within the cap: each takes the slot of the
 * last tool the cap had picked on its own (named in `displaced`); when every slot holds a tool
 * the model enabled itself, the tool is refused with the reason.
 */
export function enableTools(state: ToolCapState, names: readonly string[]): EnableOutcome {
  const selection = state.latest;
  const outcome: EnableOutcome = { enabled: [], displaced: [], refused: [] };
  if (!selection) {
    for (const name of names) outcome.refused.push({ name, reason: 'no tools were left out of this run' });
    return outcome;
  }
  const leftOut = new Set(selection.leftOut.map((tool) => tool.name));
  const sentDeferrable = selection.sent.filter((tool) => tool.deferrable).map((tool) => tool.name);
  // The cap's own picks, last first: the ones that give up their slot.
  const autoPicked = sentDeferrable.filter((name) => !state.enabled.includes(name));
  for (const name of names) {
    if (state.enabled.includes(name) || sentDeferrable.includes(name)) {
      outcome.refused.push({ name, reason: 'it is already available' });
    } else if (!leftOut.has(name)) {
      outcome.refused.push({ name, reason: 'no left-out tool has this name (search first, and use the exact name)' });
    } else if (state.enabled.length >= selection.room) {
      outcome.refused.push({ name, reason: `all ${selection.room} slots the cap of ${selection.cap} tools leaves are taken by tools you enabled` });
    } else {
      state.enabled.push(name);
      outcome.enabled.push(name);
      const displaced = autoPicked.pop();
      if (displaced) outcome.displaced.push(displaced);
    }
  }
  return outcome;
}

/**
 * The answer to a call to a tool the cap left out of this request (the model guessed its name, or
 * remembered it from an earlier step): not "Unknown tool" but what happened, and the tool enabled
 * for the rest of the run so the model can call it again from its next step. Enabling only puts the
 * definition in the next request: the call itself still goes through every check (schema, hooks,
 * permission, approval). Undefined for a name the cap did not leave out (a tool switched off never
 * reaches the cap, so it stays unknown).
 */
export function leftOutCallMessage(state: ToolCapState, name: string): string | undefined {
  const selection = state.latest;
  if (!selection?.leftOut.some((tool) => tool.name === name)) return undefined;
  const why = `Tool "${name}" exists but was left out of this request to stay within the limit of ${selection.cap} tools per request.`;
  // A retried attempt of the same step may ask twice.
  if (state.enabled.includes(name)) return `${why} It is enabled now: call it again in your next step.`;
  const outcome = enableTools(state, [name]);
  if (!outcome.enabled.length) {
    return `${why} It could not be enabled: ${outcome.refused[0]?.reason ?? 'the cap is full'}. Use ${SEARCH_TOOLS_NAME} to see the left-out tools.`;
  }
  const displaced = outcome.displaced.length ? ` To make room, ${outcome.displaced.join(', ')} is left out instead (${SEARCH_TOOLS_NAME} can enable it again).` : '';
  return `${why} It is enabled now: call it again in your next step.${displaced}`;
}
