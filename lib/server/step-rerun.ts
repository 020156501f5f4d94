import 'server-only';
import { createIdGenerator } from 'ai';
import { getMessageRow, loadMessageRows, saveMessage, setActiveLeaf } from '@/db/queries/messages';
import { listRuns, listRunSteps } from '@/db/queries/runs';
import { loadSnapshotFiles, replaceWorkspace, saveWorkspaceSnapshot } from '@/db/queries/workspace-snapshots';
import { editableRequestFromTrace, type EditableRequest } from '@/lib/agent/editable-request';
import { modelToUIMessages } from '@/lib/agent/model-to-ui-messages';
import { rerunBranchPoint, type TurnStart } from '@/lib/agent/rerun-branch-point';
import { MAX_SYSTEM_PROMPT_CHARS } from '@/lib/agent/settings';
import type { RerunRequest, RerunResponse } from '@/lib/api/step-debugger';
import { sessionLoopSettings } from '@/lib/settings/loop-settings';
import { callsBeforeStep, replayWorkspaceCalls } from '@/lib/tools/workspace/replay';
import type { Db } from '@/db/client';
import { ApiError } from './http';
import { agentInstructions } from './instructions';
import { keepRunning } from './invocation';
import { resolveModelFor } from './models';
import { limitRequest } from './rate-limit';
import { claimSession, releaseSession, startRun } from './run-manager';
import { runSettings, type RunOverrides } from './run-overrides';
import { requireSession } from './session-access';
import { sessionToolsFor } from './session-tool-stores';
import { requireModelStep, type ModelStep } from './step-request';
import { loadSessionMessages, readStoredMessageRow } from './stored-messages';

const newMessageId = createIdGenerator({ prefix: 'msg', size: 16 });

/**
 * "Edit and re-run": a new branch of the same session whose history is the
 * edited request, and a run on it. The branch shares the stored messages the
 * edited request still begins with, up to the latest turn's user message, and
 * forks there (the switcher shows both versions); when even the first message
 * changed, it is a new first-message line beside the original's. The loop goes
 * on there with the session's tools, permission mode and MCP switches, and the
 * workspace as it was when that step sent its request (the files before the
 * run, with the run's earlier file changes done again: workspace replay).
 * The edited sampling settings, instructions and tool switches apply to that
 * run only; the session's settings stay as they are. The original branch
 * (messages, runs, traces) is untouched, and its files are saved under its
 * leaf first, so switching back brings them back.
 */
export async function rerunStepFor(request: Request, runId: string, stepNumber: number, body: RerunRequest): Promise<RerunResponse> {
  await limitRequest('chat', request);
  if (body.request.messages.length === 0) throw new ApiError('bad_request', 'The request has no messages: add at least one before running it.');
  const step = await requireModelStep(request, runId, stepNumber);
  const { db, ownerId, session } = await requireSession(request, step.run.sessionId);
  const model = await resolveModelFor(ownerId, body.modelKey ?? step.run.modelKey);
  const point = await branchPoint(db, ownerId, session.id, step, body.request.messages);
  const messages = modelToUIMessages(point ? body.request.messages.slice(point.shared) : body.request.messages, newMessageId);
  if (messages.length === 0) throw new ApiError('bad_request', 'The request has no user, assistant or system message to start the branch from.');
  const overrides = rerunOverrides(step.request, body.request, new Date(step.trace.startedAt));
  const settings = runSettings(session, overrides);

  // Refused while a run works on the session, like a branch switch; held until the run has started.
  await claimSession(db, ownerId, session.id);
  try {
    const files = await workspaceAtStep(db, ownerId, session.id, step, stepNumber);
    // What the user had is kept under the branch they leave; the new branch starts from the step's files.
    if (session.activeLeafId) await saveWorkspaceSnapshot(db, ownerId, session.id, session.activeLeafId);
    await replaceWorkspace(db, ownerId, session.id, files);
    await setActiveLeaf(db, ownerId, session.id, point?.parentId ?? null);
    for (const message of messages) await saveMessage(db, ownerId, session.id, message);
    // The branch's own starting point: switching back to it before its run saved anything brings these files back.
    await saveWorkspaceSnapshot(db, ownerId, session.id, messages.at(-1)!.id);

    const history = await loadSessionMessages(db, ownerId, session.id);
    const toolSet = await sessionToolsFor({ db, ownerId, sessionId: session.id, forRun: true, switchedOff: overrides.switchedOff });
    // The overrides go on the run's row too: a continuation after an approval or a pause applies them again.
    const run = await startRun({ db, ownerId, sessionId: session.id, history, model, settings, overrides, toolSet, origin: new URL(request.url).origin }).catch(async (error: unknown) => {
      await toolSet.close().catch(() => {});
      throw error;
    });
    keepRunning(run.done);
    return { session: { id: session.id, title: session.title }, runId: run.runId };
  } catch (error) {
    releaseSession(session.id);
    throw error;
  }
}

/** How many turns back a re-run looks for the point where its edited history leaves the stored one. */
const MAX_TURNS_CHECKED = 20;

/**
 * Where the edited history joins the stored branch (lib/agent/rerun-branch-point.ts): the
 * latest earlier turn (a run's first request, which holds the branch up to its user message)
 * that both the step's request and the edited one begin with. Null: a new first-message line.
 */
async function branchPoint(db: Db, ownerId: string, sessionId: string, step: ModelStep, edited: EditableRequest['messages']): Promise<{ parentId: string; shared: number } | null> {
  const path = await loadMessageRows(db, ownerId, sessionId, step.run.messageId);
  const index = new Map(path.map((row, i) => [row.id, i]));
  // The first run on each message of the branch (later ones continue it after an approval or a pause).
  const firstRuns = new Map<string, string>();
  for (const run of [...(await listRuns(db, ownerId, sessionId))].sort((a, b) => a.startedAt - b.startedAt)) {
    if (index.has(run.messageId) && !firstRuns.has(run.messageId)) firstRuns.set(run.messageId, run.id);
  }
  const candidates = [...firstRuns].sort(([a], [b]) => index.get(b)! - index.get(a)!).slice(0, MAX_TURNS_CHECKED);
  const turns: TurnStart[] = [];
  for (const [messageId, runId] of candidates) {
    const parent = path[index.get(messageId)! - 1];
    if (!parent || parent.role !== 'user') continue;
    const first = (await listRunSteps(db, ownerId, runId)).find((row) => row.trace.kind === 'model' && row.trace.request.body !== null);
    if (first) turns.push({ userMessageId: parent.id, messages: editableRequestFromTrace(first.trace.request).messages });
  }
  return rerunBranchPoint(step.request.messages, edited, turns);
}

/**
 * The files when step `stepNumber` of the run sent its request: the snapshot
 * before the run (the latest on the branch up to the run's message, that
 * message left out: its own snapshot is the workspace after the run), then the
 * run's file-changing calls of earlier steps that succeeded, done again.
 */
async function workspaceAtStep(db: Db, ownerId: string, sessionId: string, step: ModelStep, stepNumber: number): Promise<Array<{ path: string; content: Uint8Array }>> {
  const messageId = step.run.messageId;
  const rows = await loadMessageRows(db, ownerId, sessionId, messageId);
  const before = await loadSnapshotFiles(db, ownerId, rows.filter((row) => row.id !== messageId).map((row) => row.id));
  const steps = (await listRunSteps(db, ownerId, step.run.id)).map((row) => ({ stepNumber: row.stepNumber, tools: row.trace.tools ?? [] }));
  const row = await getMessageRow(db, ownerId, messageId);
  const parts = row ? (await readStoredMessageRow(sessionId, row)).message.parts : [];
  const calls = callsBeforeStep(steps, stepNumber, parts);
  return calls.length ? replayWorkspaceCalls(before, calls) : before;
}

/**
 * The re-run's own settings (for its run only, run-overrides.ts): the edited sampling
 * settings (a field cleared in the editor is the model's default again), the tools
 * switched off in the editor, and edited instructions as the session's system prompt:
 * the part after the app's own instructions, or (when those were rewritten) the whole
 * text, which then follows the app's instructions instead of replacing them.
 */
function rerunOverrides(original: EditableRequest, edited: EditableRequest, stepDate: Date): RunOverrides {
  const set: Record<string, unknown> = {};
  const cleared: RunOverrides['cleared'] = [];
  if (edited.instructions !== original.instructions) {
    const base = agentInstructions(Number.isNaN(stepDate.getTime()) ? new Date() : stepDate);
    const own = edited.instructions.startsWith(base) ? edited.instructions.slice(base.length) : edited.instructions;
    set.systemPrompt = own.trim().slice(0, MAX_SYSTEM_PROMPT_CHARS);
  }
  for (const key of ['temperature', 'topP', 'maxOutputTokens'] as const) {
    if (edited.settings[key] === original.settings[key]) continue;
    if (edited.settings[key] === undefined) cleared.push(key);
    else set[key] = edited.settings[key];
  }
  const switchedOff = [...new Set(edited.tools.filter((tool) => !tool.enabled).map((tool) => tool.name))];
  return { settings: sessionLoopSettings(set), cleared, switchedOff };
}
