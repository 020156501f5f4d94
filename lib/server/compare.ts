import 'server-only';
import { createIdGenerator } from 'ai';
import { leaveCompareGroup, listAllCompareColumns, listCompareColumns } from '@/db/queries/compare';
import { listRunningSessionIds } from '@/db/queries/runs';
import { createSession, deleteSession } from '@/db/queries/sessions';
import type { CompareColumnView, CompareCreateRequest, CompareGroup, CompareGroupSummary } from '@/lib/api/compare-request';
import { TRANSCRIPT_PAGE_SIZE } from '@/lib/api/transcript-page';
import type { SessionSummary } from '@/lib/api-types';
import type { ModelInfo } from '@/lib/models/types';
import { getAppDb } from './db';
import { ApiError } from './http';
import { modelListingForPage, resolveModelFor } from './models';
import { currentOwnerId, findViewer } from './owner';
import { stopRun } from './run-manager';
import { loadSessionView, toSessionSummary } from './sessions';
import { newSessionDefaults } from './user-defaults';

/**
 * Compare: the same prompt in 2–4 sessions side by side, each with its own
 * model and settings. Every column is a real session (its runs, approvals,
 * tools and inspector are a session's), marked with the group it belongs to.
 * The columns stay out of the sidebar, whose list is for conversations one
 * goes on with: four sessions per comparison would bury them. The compare page
 * lists comparisons instead, and "Continue in this session" takes one column
 * out of its group, into the sidebar.
 */

const generateGroupId = createIdGenerator({ prefix: 'cmp', size: 16 });
const generateSessionId = createIdGenerator({ size: 16 });

/**
 * The group and its sessions; every model is checked before anything is saved.
 * A column starts from the user's defaults for new sessions, like any session,
 * with its own settings over them.
 */
export async function createCompareGroup(request: Request, input: CompareCreateRequest): Promise<CompareGroup> {
  const ownerId = await currentOwnerId(request);
  for (const column of input.columns) await resolveModelFor(ownerId, column.modelKey);
  const db = await getAppDb();
  const id = generateGroupId();
  const now = Date.now();
  const sessions: SessionSummary[] = [];
  // One millisecond apart: the columns keep their order (createdAt) wherever they are listed.
  for (const [index, column] of input.columns.entries()) {
    const defaults = await newSessionDefaults(ownerId, column.modelKey);
    const settings = { ...defaults.settings, ...column.settings };
    const row = await createSession(db, { ...defaults, id: generateSessionId(), ownerId, settings, compareGroupId: id, now: now + index });
    sessions.push(toSessionSummary(row, new Set()));
  }
  return { id, sessions };
}

/** The owner's comparisons that still have columns, newest first. */
export async function listCompareGroupsFor(requestHeaders: Headers): Promise<CompareGroupSummary[]> {
  const viewer = await findViewer(requestHeaders);
  if (!viewer) return [];
  const db = await getAppDb();
  const [rows, running] = await Promise.all([listAllCompareColumns(db, viewer.id), listRunningSessionIds(db, viewer.id)]);
  const groups = new Map<string, CompareGroupSummary>();
  for (const row of rows) {
    const groupId = row.compareGroupId!;
    const group = groups.get(groupId);
    if (group) {
      group.modelKeys.push(row.modelKey);
      group.running ||= running.has(row.id);
    } else {
      groups.set(groupId, { id: groupId, title: row.title, modelKeys: [row.modelKey], createdAt: row.createdAt, running: running.has(row.id) });
    }
  }
  return [...groups.values()].sort((a, b) => b.createdAt - a.createdAt);
}

interface ComparePage {
  groupId: string;
  columns: CompareColumnView[];
  models: ModelInfo[];
}

/** The comparison page's data: each column's session and the last page of its transcript; undefined when no column is left. */
export async function loadComparePage(requestHeaders: Headers, groupId: string): Promise<ComparePage | undefined> {
  const viewer = await findViewer(requestHeaders);
  if (!viewer) return undefined;
  const rows = await listCompareColumns(await getAppDb(), viewer.id, groupId);
  if (rows.length === 0) return undefined;
  const [views, listing] = await Promise.all([Promise.all(rows.map((row) => loadSessionView(requestHeaders, row.id, TRANSCRIPT_PAGE_SIZE))), modelListingForPage(requestHeaders)]);
  const columns = views.flatMap((view) => (view ? [{ session: view.session, settings: view.settings, messages: view.messages, history: view.history }] : []));
  return columns.length > 0 ? { groupId, columns, models: listing.models } : undefined;
}

/** "Continue in this session": the column leaves its comparison and becomes a normal session (at the top of the sidebar). */
export async function continueCompareColumn(request: Request, groupId: string, sessionId: string): Promise<SessionSummary> {
  const ownerId = await currentOwnerId(request);
  const row = await leaveCompareGroup(await getAppDb(), ownerId, groupId, sessionId);
  if (!row) throw new ApiError('not_found', 'This session is not a column of that comparison.');
  return toSessionSummary(row);
}

/** Deletes the comparison: its runs stop, and the columns still in it are deleted (continued ones are normal sessions now and stay). */
export async function deleteCompareGroup(request: Request, groupId: string): Promise<void> {
  const ownerId = await currentOwnerId(request);
  const db = await getAppDb();
  const rows = await listCompareColumns(db, ownerId, groupId);
  if (rows.length === 0) throw new ApiError('not_found', 'Comparison not found.');
  for (const row of rows) {
    await stopRun(db, ownerId, row.id);
    await deleteSession(db, ownerId, row.id);
  }
}
