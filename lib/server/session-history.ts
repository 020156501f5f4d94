import 'server-only';
import type { Db } from '@/db/client';
import { loadMessageRowsByIds, loadPathEntries, messageIdsContaining, type PathEntry } from '@/db/queries/messages-page';
import { addUsage, emptyUsage, type AgentUIMessage, type UsageTotals } from '@/lib/agent/messages';
import { MAX_PAGE_MESSAGES, TRANSCRIPT_PAGE_SIZE } from '@/lib/api/transcript-page';
import type { MessagePage, TranscriptHistory, TranscriptSearchHit } from '@/lib/api-types';
import { latestTodosFromMessages, type Todo } from '@/lib/todos/todos';
import { branchesOf } from './branches';
import { ApiError } from './http';
import { requireSession } from './session-access';
import { readStoredMessageRow } from './stored-messages';

/** Pages of the shown branch (see lib/api/transcript-page.ts): which messages, and what lies before them. */

/** A page may reach back this far past its size to start at a person's message, so a turn is not cut from its question. */
const TURN_REACH = 20;


interface PathPage {
  ids: string[];
  /** Where the page starts on the path. */
  start: number;
  history: Omit<TranscriptHistory, 'todosBefore'>;
}

function usageOf(entries: readonly PathEntry[]): UsageTotals | null {
  let total: UsageTotals | null = null;
  for (const entry of entries) {
    if (entry.role !== 'assistant' || !entry.usage) continue;
    try {
      // Stored usage may miss fields (older rows, providers that omit them): those count as 0.
      total = addUsage(total ?? emptyUsage(), { ...emptyUsage(), ...(JSON.parse(entry.usage) as Partial<UsageTotals>) });
    } catch {
      // a broken figure counts as none, as the transcript's own sum does
    }
  }
  return total;
}

/**
 * Which messages of `path` a page holds: up to `limit` ending just before
 * `before` (by default the end), reaching back to the turn's first message,
 * and back to `from` when it is given (a search hit to show).
 */
function pageOfPath(path: readonly PathEntry[], options: { limit: number; before?: string; from?: string }): PathPage | undefined {
  const end = options.before === undefined ? path.length : path.findIndex((entry) => entry.id === options.before);
  if (end === -1) return undefined;
  let start = Math.max(0, end - options.limit);
  for (let reach = 0; start > 0 && path[start].role !== 'user' && reach < TURN_REACH; reach++) start--;
  if (options.from !== undefined) {
    const from = path.findIndex((entry) => entry.id === options.from);
    if (from === -1 || from >= end) return undefined;
    start = Math.max(Math.min(start, from), end - MAX_PAGE_MESSAGES);
  }
  return {
    ids: path.slice(start, end).map((entry) => entry.id),
    start,
    history: { earlierId: start > 0 ? path[start - 1].id : null, usageBefore: usageOf(path.slice(0, start)) },
  };
}

/** How a todo_write call appears in a stored message's JSON (its part type). */
const TODO_WRITE_PART = '"tool-todo_write"';

/**
 * The newest todo list set on the path before `start`, so the checklist above
 * the composer holds when the todo_write call is on a page not loaded. Only
 * messages whose text mentions the tool are read, newest first.
 */
async function todosBefore(db: Db, ownerId: string, sessionId: string, path: readonly PathEntry[], start: number): Promise<Todo[] | null> {
  if (start === 0) return null;
  const candidates = await messageIdsContaining(db, ownerId, sessionId, TODO_WRITE_PART);
  for (let i = start - 1; i >= 0 && candidates.size > 0; i--) {
    if (!candidates.has(path[i].id)) continue;
    const todos = latestTodosFromMessages(await readPageMessages(db, ownerId, sessionId, [path[i].id]));
    if (todos) return todos;
  }
  return null;
}

/** The page's messages and everything its history says. */
async function readPage(db: Db, ownerId: string, sessionId: string, path: readonly PathEntry[], page: PathPage): Promise<{ messages: AgentUIMessage[]; history: TranscriptHistory }> {
  const [messages, todos] = await Promise.all([readPageMessages(db, ownerId, sessionId, page.ids), todosBefore(db, ownerId, sessionId, path, page.start)]);
  return { messages, history: { ...page.history, todosBefore: todos } };
}

/** Reads and validates the page's messages (an unreadable one is a stand-in, as in a whole transcript). */
async function readPageMessages(db: Db, ownerId: string, sessionId: string, ids: readonly string[]): Promise<AgentUIMessage[]> {
  const rows = [];
  // A few hundred ids per statement: well under SQLite's variable limit.
  for (let i = 0; i < ids.length; i += 500) rows.push(...(await loadMessageRowsByIds(db, ownerId, sessionId, ids.slice(i, i + 500))));
  return Promise.all(rows.map(async (row) => (await readStoredMessageRow(sessionId, row)).message));
}

/** The last page of the shown branch: what the session page renders first. */
export async function loadLastPage(db: Db, ownerId: string, sessionId: string, limit = TRANSCRIPT_PAGE_SIZE): Promise<{ messages: AgentUIMessage[]; history: TranscriptHistory }> {
  const path = await loadPathEntries(db, ownerId, sessionId);
  return readPage(db, ownerId, sessionId, path, pageOfPath(path, { limit })!);
}

/** `GET /api/sessions/:id/history`: the page before `before` (a message the client shows), or from `from` on. */
export async function loadEarlierMessagesFor(request: Request, sessionId: string, query: { before: string; limit: number; from?: string }): Promise<MessagePage> {
  const { db, ownerId } = await requireSession(request, sessionId);
  const path = await loadPathEntries(db, ownerId, sessionId);
  const page = pageOfPath(path, query);
  if (!page) throw new ApiError('not_found', 'That message is not on the branch this session shows.');
  const { messages, history } = await readPage(db, ownerId, sessionId, path, page);
  return { messages, ...history, branches: await branchesOf(ownerId, sessionId, messages) };
}

const EXCERPT_CHARS = 60;
const MAX_HITS = 200;

/** Up to `EXCERPT_CHARS` of context on each side of the first match. */
function excerptAround(text: string, index: number, length: number): string {
  const start = Math.max(0, index - EXCERPT_CHARS);
  const end = Math.min(text.length, index + length + EXCERPT_CHARS);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).replace(/\s+/g, ' ').trim()}${end < text.length ? '…' : ''}`;
}

/** `GET /api/sessions/:id/search`: the shown branch's messages whose text (not tool data) contains `q`, oldest first. */
export async function searchTranscriptFor(request: Request, sessionId: string, q: string): Promise<{ hits: TranscriptSearchHit[] }> {
  const { db, ownerId } = await requireSession(request, sessionId);
  const path = await loadPathEntries(db, ownerId, sessionId, { withText: true });
  const needle = q.toLowerCase();
  const hits: TranscriptSearchHit[] = [];
  for (const entry of path) {
    const text = entry.text ?? '';
    const index = text.toLowerCase().indexOf(needle);
    if (index === -1) continue;
    hits.push({ messageId: entry.id, role: entry.role, excerpt: excerptAround(text, index, needle.length) });
    if (hits.length >= MAX_HITS) break;
  }
  return { hits };
}
