import { getToolName, isToolUIPart } from 'ai';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { recentStart } from '../turns';

/**
 * Tier 2: one LLM call writes a structured summary of everything between the
 * first user message (the task, kept verbatim) and the last turns (kept
 * verbatim). Pinned messages are kept verbatim too and left out of the span.
 */

export const SUMMARIZER_INSTRUCTIONS = [
  'You compact the conversation of an AI agent so it can continue its work with less context.',
  'You receive part of the conversation as a transcript. Write a summary the agent will read instead of that part.',
  'Be concrete: keep names, paths, numbers, decisions and errors. Do not invent anything. Do not address the user.',
  'Use exactly these sections, in Markdown:',
  '## Task',
  '## Decisions made',
  '## Files touched',
  '## Open todos',
  '## Current state',
].join('\n');

/** Each tool output is cut to this many characters in the summarizer's transcript. */
const TRANSCRIPT_TOOL_OUTPUT_CHARS = 2_000;

interface SummaryRequest {
  instructions: string;
  /** The span, as a readable transcript. */
  transcript: string;
  /** The closing request, with the user's focus when given. */
  prompt: string;
  signal: AbortSignal;
}

interface SummaryResult {
  text: string;
  /** The model key that wrote it. */
  model: string;
  cost?: number;
}

export type Summarizer = (request: SummaryRequest) => Promise<SummaryResult>;

export interface SummarySpan {
  /** Messages of the current view to summarize (may include an earlier summary note). */
  viewMessages: AgentUIMessage[];
  /** History ids the new summary stands for. */
  historyIds: string[];
}

/**
 * The span to summarize: after the first user message, before the last
 * `keepRecentTurns` turns, without pinned messages. `view` is the model's
 * current view of `history` (an earlier summary note is part of the span).
 */
export function selectSummarySpan(
  history: readonly AgentUIMessage[],
  view: readonly AgentUIMessage[],
  options: { pinned: ReadonlySet<string>; keepRecentTurns: number; hidden: ReadonlySet<string> },
): SummarySpan | undefined {
  const firstUser = history.findIndex((m) => m.role === 'user');
  const end = recentStart(history, options.keepRecentTurns);
  if (firstUser < 0 || end <= firstUser + 1) return undefined;
  const spanIds = history.slice(firstUser + 1, end).map((m) => m.id);
  const historyIds = spanIds.filter((id) => !options.pinned.has(id) && !options.hidden.has(id));
  if (!historyIds.length) return undefined;
  // In the view: from after the first user message up to the first message of the recent turns.
  const recentIds = new Set(history.slice(end).map((m) => m.id));
  const viewStart = view.findIndex((m) => m.id === history[firstUser].id) + 1;
  let viewEnd = view.findIndex((m, i) => i >= viewStart && recentIds.has(m.id));
  if (viewEnd < 0) viewEnd = view.length;
  const viewMessages = view.slice(Math.max(viewStart, 0), viewEnd).filter((m) => !options.pinned.has(m.id));
  return { viewMessages, historyIds };
}

/** The summarizer's closing request; the user's `/compact` focus is part of it. */
export function summaryPrompt(focus?: string): string {
  const base = 'Summarize the conversation transcript above for your own continuation, using the sections from your instructions.';
  const trimmed = focus?.trim();
  return trimmed ? `${base}\nThe user asked you to focus on: ${trimmed}\nKeep everything about that in detail; shorten the rest.` : base;
}

/** A plain-text transcript: roles, text, tool calls and (cut) outputs. */
export function renderTranscript(messages: readonly AgentUIMessage[]): string {
  const blocks: string[] = [];
  for (const message of messages) {
    const lines: string[] = [];
    for (const part of message.parts) {
      if (part.type === 'text' && part.text.trim()) lines.push(part.text.trim());
      else if (part.type === 'data-nudge') lines.push(`[nudge] ${part.data.message}`);
      else if (part.type === 'data-mcp-resource') lines.push(`[attached resource ${part.data.name} (${part.data.uri})] ${cut(part.data.text ?? '')}`);
      else if (isToolUIPart(part)) {
        lines.push(`→ called ${getToolName(part)}(${JSON.stringify(part.input ?? {})})`);
        if (part.state === 'output-available') lines.push(`← ${cut(typeof part.output === 'string' ? part.output : JSON.stringify(part.output))}`);
        if (part.state === 'output-error') lines.push(`← error: ${cut(part.errorText)}`);
      }
    }
    if (lines.length) blocks.push(`${message.role.toUpperCase()}:\n${lines.join('\n')}`);
  }
  return blocks.join('\n\n');
}

function cut(text: string): string {
  return text.length > TRANSCRIPT_TOOL_OUTPUT_CHARS ? `${text.slice(0, TRANSCRIPT_TOOL_OUTPUT_CHARS)}… [${text.length - TRANSCRIPT_TOOL_OUTPUT_CHARS} more characters]` : text;
}
