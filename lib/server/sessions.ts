import 'server-only';
import { createIdGenerator } from 'ai';
import { getRunningRun, listRunningSessionIds } from '@/db/queries/runs';
import { createSession, deleteSession, getSession, listSessions, updateSession, type SessionUpdate } from '@/db/queries/sessions';
import type { SessionRow } from '@/db/schema';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { TRANSCRIPT_PAGE_SIZE } from '@/lib/api/transcript-page';
import type { BranchMap, SessionDetail, SessionSummary, TranscriptHistory } from '@/lib/api-types';
import { sessionLoopSettings } from '@/lib/settings/loop-settings';
import type { ModelInfo } from '@/lib/models/types';
import { branchesOf, switchBranchFor } from './branches';
import { getAppDb } from './db';
import { modelListingForPage, resolveModelFor } from './models';
import { ApiError } from './http';
import { currentOwnerId, findViewer } from './owner';
import { loadTranscriptForReattach } from './run-follow';
import { isSessionRunning, stopRun } from './run-manager';
import { loadLastPage } from './session-history';
import { loadSessionMessages } from './stored-messages';
import { newSessionDefaults } from './user-defaults';

/**
 * Sessions as the API and the pages see them. `running` comes from
 * `runningIds` (the runs table, so a run on another instance counts) when the
 * caller has it, else from this process's own runs.
 */
export function toSessionSummary(row: SessionRow, runningIds?: ReadonlySet<string>): SessionSummary {
  return {
    id: row.id,
    title: row.title,
    modelKey: row.modelKey,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    running: runningIds ? runningIds.has(row.id) : isSessionRunning(row.id),
    permissionMode: row.permissionMode,
    ...(row.forkedFromSessionId && row.forkedFromMessageId ? { forkedFrom: { sessionId: row.forkedFromSessionId, messageId: row.forkedFromMessageId } } : {}),
    ...(row.titleSource === 'default' ? { untitled: true as const } : {}),
  };
}

const generateSessionId = createIdGenerator({ size: 16 });

/** The owner's sessions, newest first, each marked running when a run is active anywhere. */
export async function listSessionSummaries(request: Request | Headers): Promise<SessionSummary[]> {
  const db = await getAppDb();
  const ownerId = await currentOwnerId(request);
  const [rows, running] = await Promise.all([listSessions(db, ownerId), listRunningSessionIds(db, ownerId)]);
  return rows.map((row) => toSessionSummary(row, running));
}

/**
 * A new session on the given model (or the user's default one, else the instance's), starting from the user's
 * defaults (permission mode, settings); an unknown model is refused before anything is saved.
 */
export async function createSessionFor(request: Request, input: { modelKey?: string; title?: string }): Promise<SessionSummary> {
  const ownerId = await currentOwnerId(request);
  const defaults = await newSessionDefaults(ownerId, input.modelKey);
  await resolveModelFor(ownerId, defaults.modelKey);
  const row = await createSession(await getAppDb(), { id: generateSessionId(), ownerId, title: input.title, ...defaults });
  return toSessionSummary(row, new Set());
}

export interface SessionView {
  session: SessionSummary;
  /** The stored overrides that still validate (see `sessionLoopSettings`). */
  settings: SessionRow['settings'];
  /** Prepared for a reattach when a run is active: see loadTranscriptForReattach. The last page only, when paged. */
  messages: AgentUIMessage[];
  branches: BranchMap;
  /** What lies before `messages` (nothing when the whole transcript was read). */
  history: TranscriptHistory;
}

/**
 * What a session page and `GET /api/sessions/:id` show; undefined when the owner has no such session.
 * With `limit`, only the last page of the shown branch is read (see session-history.ts).
 */
export async function loadSessionView(request: Request | Headers, id: string, limit?: number): Promise<SessionView | undefined> {
  const db = await getAppDb();
  const ownerId = await currentOwnerId(request);
  const row = await getSession(db, ownerId, id);
  if (!row) return undefined;
  const [transcript, running] = await Promise.all([
    limit === undefined
      ? loadSessionMessages(db, ownerId, id).then((messages) => ({ messages, history: { earlierId: null, usageBefore: null, todosBefore: null } }))
      : loadLastPage(db, ownerId, id, limit),
    getRunningRun(db, ownerId, id),
  ]);
  return {
    session: { ...toSessionSummary(row, new Set(running ? [id] : [])), ...(running ? { runId: running.id } : {}) },
    settings: sessionLoopSettings(row.settings),
    messages: await loadTranscriptForReattach(db, transcript.messages, running),
    branches: await branchesOf(ownerId, id, transcript.messages),
    history: transcript.history,
  };
}

/** The session with its whole transcript, or with its last `limit` messages. */
export async function getSessionDetail(request: Request, id: string, limit?: number): Promise<SessionDetail> {
  const view = await loadSessionView(request, id, limit);
  if (!view) throw new ApiError('not_found', 'Session not found.');
  return { ...view.session, settings: view.settings, messages: view.messages, branches: view.branches, history: view.history };
}

/** Shows another version of a message (and the latest line below it); answers the session as it now shows (its last page). */
export async function showBranchFor(request: Request, id: string, messageId: string): Promise<SessionDetail> {
  await switchBranchFor(request, id, messageId);
  return getSessionDetail(request, id, TRANSCRIPT_PAGE_SIZE);
}

/** The session page's data: the session, the last page of its transcript and the models to pick from. */
export async function loadSessionPage(requestHeaders: Headers, id: string): Promise<(SessionView & { models: ModelInfo[] }) | undefined> {
  // Signed out: nothing to show (the app layout sends the visitor to sign-in).
  if (!(await findViewer(requestHeaders))) return undefined;
  const [view, listing] = await Promise.all([loadSessionView(requestHeaders, id, TRANSCRIPT_PAGE_SIZE), modelListingForPage(requestHeaders)]);
  return view && { ...view, models: listing.models };
}

export async function sessionTitle(requestHeaders: Headers, id: string): Promise<string | undefined> {
  const viewer = await findViewer(requestHeaders);
  return viewer ? (await getSession(await getAppDb(), viewer.id, id))?.title : undefined;
}

/** Title, model, settings or permission mode; a model change is checked first. */
export async function updateSessionFor(request: Request, id: string, changes: SessionUpdate): Promise<SessionSummary> {
  const ownerId = await currentOwnerId(request);
  if (changes.modelKey) await resolveModelFor(ownerId, changes.modelKey);
  const row = await updateSession(await getAppDb(), ownerId, id, changes);
  if (!row) throw new ApiError('not_found', 'Session not found.');
  return toSessionSummary(row);
}

/** Stops the session's run, then deletes the session with everything in it. */
export async function deleteSessionFor(request: Request, id: string): Promise<void> {
  const db = await getAppDb();
  const ownerId = await currentOwnerId(request);
  await stopRun(db, ownerId, id);
  if (!(await deleteSession(db, ownerId, id))) throw new ApiError('not_found', 'Session not found.');
}
