import { diffArrays } from 'diff';
import type { ModelMessage } from 'ai';
import { SUMMARY_MESSAGE_PREFIX } from '@/lib/context/view';
import { canonicalJson } from './canonical-json';
import type { EditableRequest, EditableSettings } from './editable-request';

/**
 * What changed between two model requests (the inspector's "Diff two steps"):
 * messages added, removed or changed, a compaction (a summary replacing
 * earlier history), tools added or removed, instructions and settings.
 * Both sides are EditableRequests, so steps of different providers compare
 * by meaning, not by wire format.
 */

type MessageChangeKind = 'same' | 'added' | 'removed' | 'changed';

export interface MessageChange {
  kind: MessageChangeKind;
  /** 0-based index in the earlier request (absent for an added message). */
  beforeIndex?: number;
  /** 0-based index in the later request (absent for a removed message). */
  afterIndex?: number;
  before?: ModelMessage;
  after?: ModelMessage;
}

interface CompactionChange {
  /** Messages of the earlier request that the later one no longer carries. */
  removed: number;
  /** The summary that stands in for them, when the later request has one. */
  summary?: string;
}

interface SettingChange {
  key: keyof EditableSettings;
  before?: number;
  after?: number;
}

export interface RequestDiff {
  instructions: { before: string; after: string } | null;
  messages: MessageChange[];
  counts: Record<MessageChangeKind, number>;
  compaction: CompactionChange | null;
  tools: { added: string[]; removed: string[]; switchedOn: string[]; switchedOff: string[] };
  settings: SettingChange[];
  /** Nothing differs. */
  identical: boolean;
}

type Keyed = { key: string; index: number; message: ModelMessage };

export function diffRequests(before: EditableRequest, after: EditableRequest): RequestDiff {
  const messages = diffMessages(before.messages, after.messages);
  const counts: Record<MessageChangeKind, number> = { same: 0, added: 0, removed: 0, changed: 0 };
  for (const change of messages) counts[change.kind]++;
  const tools = diffTools(before.tools, after.tools);
  const settings = diffSettings(before.settings, after.settings);
  const instructions = before.instructions === after.instructions ? null : { before: before.instructions, after: after.instructions };
  const compaction = compactionOf(messages);
  const identical =
    !instructions && counts.added + counts.removed + counts.changed === 0 && settings.length === 0 && Object.values(tools).every((list) => list.length === 0);
  return { instructions, messages, counts, compaction, tools, settings, identical };
}

/**
 * Messages aligned by content (a longest common subsequence, so history that
 * only grew shows as added at the end); a removed message directly followed by
 * an added one of the same role reads as that message changed.
 */
function diffMessages(before: readonly ModelMessage[], after: readonly ModelMessage[]): MessageChange[] {
  const keyed = (list: readonly ModelMessage[]): Keyed[] => list.map((message, index) => ({ key: canonicalJson(message), index, message }));
  const hunks = diffArrays(keyed(before), keyed(after), { comparator: (a, b) => a.key === b.key });
  const changes: MessageChange[] = [];
  for (let h = 0; h < hunks.length; h++) {
    const hunk = hunks[h];
    if (!hunk.added && !hunk.removed) {
      // The new side's values come back for common items; the old side's index is found from the position.
      const olds = hunksBefore(hunks, h);
      hunk.value.forEach((item, i) => changes.push({ kind: 'same', beforeIndex: olds + i, afterIndex: item.index, before: before[olds + i], after: item.message }));
      continue;
    }
    const next = hunks[h + 1];
    if (hunk.removed && next?.added) {
      const removed = hunk.value;
      const added = next.value;
      const paired = Math.min(removed.length, added.length);
      for (let i = 0; i < removed.length || i < added.length; i++) {
        const r = removed[i];
        const a = added[i];
        if (i < paired && r.message.role === a.message.role && !isSummary(a.message)) {
          changes.push({ kind: 'changed', beforeIndex: r.index, afterIndex: a.index, before: r.message, after: a.message });
        } else {
          if (r) changes.push({ kind: 'removed', beforeIndex: r.index, before: r.message });
          if (a) changes.push({ kind: 'added', afterIndex: a.index, after: a.message });
        }
      }
      h++;
      continue;
    }
    for (const item of hunk.value) {
      changes.push(hunk.added ? { kind: 'added', afterIndex: item.index, after: item.message } : { kind: 'removed', beforeIndex: item.index, before: item.message });
    }
  }
  // Removed ones first within a run of changes reads best; keep the later request's order otherwise.
  return changes;
}

/** How many items of the earlier list the hunks before `h` consumed. */
function hunksBefore(hunks: ReturnType<typeof diffArrays<Keyed>>, h: number): number {
  let count = 0;
  for (let i = 0; i < h; i++) if (!hunks[i].added) count += hunks[i].value.length;
  return count;
}

/** A compaction: earlier messages gone, and (for a summary) a context note standing in for them. */
function compactionOf(changes: readonly MessageChange[]): CompactionChange | null {
  const summary = changes.find((change) => change.kind === 'added' && change.after && isSummary(change.after));
  const removed = changes.filter((change) => change.kind === 'removed').length;
  if (summary) return { removed, summary: messageText(summary.after!) };
  // Without a note: history lost from the front while the conversation went on (oldest turns dropped).
  const firstKept = changes.findIndex((change) => change.kind !== 'removed');
  if (firstKept >= 2 && changes.slice(firstKept).some((change) => change.kind === 'same')) return { removed: firstKept };
  return null;
}

function isSummary(message: ModelMessage): boolean {
  return messageText(message).startsWith(SUMMARY_MESSAGE_PREFIX);
}

/** The text of a message (its text parts joined), for summaries and one-line previews. */
export function messageText(message: ModelMessage): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .map((part) => {
      if (part.type === 'text' || part.type === 'reasoning') return part.text;
      if (part.type === 'tool-call') return `${part.toolName}(${JSON.stringify(part.input)})`;
      if (part.type === 'tool-result') return `${part.toolName} → ${JSON.stringify('value' in part.output ? part.output.value : part.output.type)}`;
      return `[${part.type}]`;
    })
    .join('\n');
}

function diffTools(before: EditableRequest['tools'], after: EditableRequest['tools']): RequestDiff['tools'] {
  const was = new Map(before.map((tool) => [tool.name, tool.enabled]));
  const now = new Map(after.map((tool) => [tool.name, tool.enabled]));
  return {
    added: after.filter((tool) => !was.has(tool.name)).map((tool) => tool.name),
    removed: before.filter((tool) => !now.has(tool.name)).map((tool) => tool.name),
    switchedOn: after.filter((tool) => tool.enabled && was.get(tool.name) === false).map((tool) => tool.name),
    switchedOff: after.filter((tool) => !tool.enabled && was.get(tool.name) === true).map((tool) => tool.name),
  };
}

function diffSettings(before: EditableSettings, after: EditableSettings): SettingChange[] {
  const keys: (keyof EditableSettings)[] = ['temperature', 'topP', 'maxOutputTokens'];
  return keys.filter((key) => before[key] !== after[key]).map((key) => ({ key, before: before[key], after: after[key] }));
}
