import { getToolName, isToolUIPart } from 'ai';
import type { AgentUIMessage, AgentUIMessagePart } from '@/lib/agent/messages';
import type { CompactionRecord } from './types';

/**
 * The model's view of a session: the full history with the latest compaction
 * applied. Pinned messages are always shown verbatim, whatever the record says.
 */

export const SUMMARY_MESSAGE_PREFIX = '[Context compacted] Summary of the earlier conversation';

export function prunedOutputStub(chars: number): string {
  return `[old tool output cleared: ${chars.toLocaleString('en-US')} characters; call the tool again if needed]`;
}

export function applyCompaction(history: readonly AgentUIMessage[], record: CompactionRecord | undefined, pinned: ReadonlySet<string>): AgentUIMessage[] {
  if (!record) return [...history];
  const summarized = new Set(record.summarizedIds);
  const dropped = new Set(record.dropped.map((d) => d.messageId));
  const prunedCalls = new Map(record.pruned.map((p) => [p.toolCallId, p]));
  const view: AgentUIMessage[] = [];
  let noteAdded = false;
  for (const message of history) {
    if (pinned.has(message.id)) {
      view.push(message);
      continue;
    }
    if (summarized.has(message.id) || dropped.has(message.id)) {
      if (!noteAdded) view.push(contextNote(record, message.id));
      noteAdded = true;
      continue;
    }
    view.push(prunedCalls.size ? pruneMessage(message, prunedCalls) : message);
  }
  return view;
}

/** The user-role message that stands in for what was summarized or dropped. */
function contextNote(record: CompactionRecord, atMessageId: string): AgentUIMessage {
  const lines: string[] = [];
  if (record.summary) lines.push(`${SUMMARY_MESSAGE_PREFIX} (older messages were replaced by this summary to fit the context window):`, '', record.summary);
  if (record.dropped.length) {
    if (lines.length) lines.push('');
    lines.push(`[Context compacted] ${record.dropped.length} older message${record.dropped.length === 1 ? ' was' : 's were'} dropped to fit the context window.`);
  }
  return { id: `context-note-${atMessageId}`, role: 'user', parts: [{ type: 'text', text: lines.join('\n') }] };
}

function pruneMessage(message: AgentUIMessage, pruned: ReadonlyMap<string, { chars: number }>): AgentUIMessage {
  let changed = false;
  const parts = message.parts.map((part): AgentUIMessagePart => {
    if (!isToolUIPart(part) || part.state !== 'output-available') return part;
    const item = pruned.get(part.toolCallId);
    if (!item) return part;
    changed = true;
    return { ...part, output: prunedOutputStub(item.chars) } as AgentUIMessagePart;
  });
  return changed ? { ...message, parts } : message;
}

/** Tool parts of a message with a finished output: what tier 1 may prune. */
export function toolOutputs(message: AgentUIMessage): Array<{ toolCallId: string; toolName: string; chars: number }> {
  const outputs: Array<{ toolCallId: string; toolName: string; chars: number }> = [];
  for (const part of message.parts) {
    if (!isToolUIPart(part) || part.state !== 'output-available') continue;
    const text = typeof part.output === 'string' ? part.output : JSON.stringify(part.output ?? null);
    outputs.push({ toolCallId: part.toolCallId, toolName: getToolName(part), chars: text.length });
  }
  return outputs;
}
