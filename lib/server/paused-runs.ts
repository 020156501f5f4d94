import 'server-only';
import type { Db } from '@/db/client';
import { saveMessage } from '@/db/queries/messages';
import { latestSessionRun, takePausedCall } from '@/db/queries/paused-runs';
import type { RunRow, SessionRow } from '@/db/schema';
import { withoutRunEnd } from '@/lib/agent/approvals';
import type { LoopCheckpoint } from '@/lib/agent/checkpoint';
import type { EditableRequest } from '@/lib/agent/editable-request';
import { runEnd } from '@/lib/agent/finish';
import { addUsage, emptyUsage, type AgentUIMessage } from '@/lib/agent/messages';
import type { PendingModelCall, ReleasedModelCall } from '@/lib/agent/step-gate';
import { canonicalJson } from '@/lib/agent/canonical-json';
import type { ContinuePausedBody, PausedRequestView } from '@/lib/api/paused-request';
import { callOptionsFor } from '@/lib/models/call-options';
import { getAppDb } from './db';
import { ApiError } from './http';
import { queueAfterRun } from './message-queue';
import { resolveModelFor } from './models';
import { claimSession, releaseSession, startRun, type ActiveRun } from './run-manager';
import { runOverridesOf, runSettings } from './run-overrides';
import { landRunWrite } from './run-log';
import { loadSessionMessages } from './stored-messages';

/**
 * Step mode on the server ("pause before each model call", lib/agent/step-gate.ts). A paused
 * run ends its stream like a run waiting for an approval: its message is saved with a `paused`
 * run end and its row keeps the checkpoint and the exact request (the continuation column), so
 * a reload, another tab or another instance finds it. Continue takes it once and starts a run
 * on the same message from the checkpoint, whose first call sends the request as released
 * (edited or not; the edit checked here, never trusted). Stop takes it once and ends the
 * message as stopped. A new message moves the conversation on and the pause is no longer current.
 */

type Continuation = NonNullable<RunRow['continuation']>;

interface CurrentPause {
  run: RunRow;
  continuation: Continuation & { beforeModelCall: PendingModelCall };
  history: AgentUIMessage[];
}

const nothingPaused = (detail = 'Nothing in this session waits before a model call.') => new ApiError('not_found', detail);

/** The session's paused call, when its run is the latest and its message still the last of the conversation. */
async function currentPause(db: Db, ownerId: string, sessionId: string): Promise<CurrentPause | undefined> {
  const run = await latestSessionRun(db, ownerId, sessionId);
  const continuation = run?.continuation;
  if (!run || run.status !== 'awaiting_approval' || run.endReason !== 'paused' || !continuation?.beforeModelCall) return undefined;
  const history = await loadSessionMessages(db, ownerId, sessionId);
  if (history.at(-1)?.id !== run.messageId) return undefined;
  return { run, continuation: { ...continuation, beforeModelCall: continuation.beforeModelCall }, history };
}

/** GET: what the paused-request card shows and edits. */
export async function readPausedRequest(db: Db, ownerId: string, sessionId: string): Promise<PausedRequestView> {
  const pause = await currentPause(db, ownerId, sessionId);
  if (!pause) throw nothingPaused();
  const { run, continuation } = pause;
  const { stepNumber, modelCall, request } = continuation.beforeModelCall;
  return { runId: run.id, stepNumber, modelCall, modelKey: run.modelKey, pausedAt: continuation.handedOffAt, request };
}

/** POST: continues the paused call (as edited, if it was) in a new run on the same message. */
export async function continuePausedRun(input: { ownerId: string; session: SessionRow; body: ContinuePausedBody; origin?: string }): Promise<ActiveRun> {
  const { ownerId, session, body, origin } = input;
  const db = await getAppDb();
  // The session's model: a model picked while paused sends this very request (changes apply from the next request).
  const model = await resolveModelFor(ownerId, session.modelKey);
  await claimSession(db, ownerId, session.id);
  try {
    const pause = await currentPause(db, ownerId, session.id);
    const call = pause?.continuation.beforeModelCall;
    if (!pause || !call || pause.run.id !== body.runId || call.stepNumber !== body.stepNumber) {
      throw nothingPaused('This paused call is no longer waiting: it was continued or stopped, or the conversation moved on.');
    }
    // A re-run's own settings and switched-off tools (run-overrides.ts) hold after the pause too, and for the run that continues it.
    const overrides = runOverridesOf(pause.run);
    const settings = runSettings(session, overrides);
    const release = releaseOf(call, body.request, (edited) => callOptionsFor(model.info, { reasoningEffort: settings.reasoningEffort, ...edited }).callSettings);
    if (!(await takePausedCall(db, pause.run.id, pause.continuation.nonce))) throw nothingPaused('This paused call was continued or stopped already.');
    const last = pause.history.at(-1)!;
    return await startRun({
      db,
      ownerId,
      sessionId: session.id,
      history: [...pause.history.slice(0, -1), withoutRunEnd(last)],
      model,
      settings,
      overrides,
      continuation: { messageId: last.id, approvals: [] },
      afterPause: { checkpoint: resumedCheckpoint(pause.continuation), release },
      afterRun: queueAfterRun(ownerId, session.id, origin),
      origin,
    });
  } catch (error) {
    releaseSession(session.id);
    throw error;
  }
}

/**
 * The request the continued call sends. An edit keeps to the paused request's tools (it may
 * switch them off, not add one) and to the sampling settings the model takes (`supported`
 * drops the rest, as for the session's own); the rest was checked by the body's schema (the
 * AI SDK's own model-message schema for the messages). Unchanged, it is not an edit.
 */
function releaseOf(call: PendingModelCall, edited: EditableRequest | undefined, supported: (settings: EditableRequest['settings']) => EditableRequest['settings']): ReleasedModelCall {
  const base = { stepNumber: call.stepNumber, modelCall: call.modelCall };
  if (!edited) return { ...base, request: call.request, edited: false };
  const known = new Set(call.request.tools.map((tool) => tool.name));
  const unknown = edited.tools.filter((tool) => !known.has(tool.name)).map((tool) => tool.name);
  if (unknown.length) throw new ApiError('bad_request', `The paused request has no tool ${unknown.map((name) => `"${name}"`).join(', ')}: a tool can be switched off, not added.`);
  if (edited.messages.length === 0) throw new ApiError('bad_request', 'The request needs at least one message.');
  const request = { ...edited, settings: supported(edited.settings) };
  const changed = canonicalJson(request) !== canonicalJson(call.request);
  return { ...base, request, edited: changed, ...(changed ? { original: call.request } : {}) };
}

/**
 * The checkpoint the continuing run starts from. It is a new run on the same message: its own
 * usage starts at zero (the paused run's row has its share; the message shows the sum), and
 * the time spent paused does not count against the run's time limit.
 */
function resumedCheckpoint(continuation: Continuation): LoopCheckpoint {
  const { checkpoint } = continuation;
  return {
    ...checkpoint,
    usage: emptyUsage(),
    messageUsageBase: addUsage(checkpoint.messageUsageBase, checkpoint.usage),
    startedAt: checkpoint.startedAt + Math.max(0, Date.now() - continuation.handedOffAt),
  };
}

/**
 * Stop while paused: nothing runs, so the pause is taken (once, like Continue) and the message
 * ends as stopped, its pause record saying so. Answers false when nothing was paused.
 */
export async function stopPausedRun(db: Db, ownerId: string, sessionId: string): Promise<boolean> {
  const pause = await currentPause(db, ownerId, sessionId);
  if (!pause || !(await takePausedCall(db, pause.run.id, pause.continuation.nonce, { stopped: true }))) return false;
  await landRunWrite(() => saveMessage(db, ownerId, sessionId, stoppedMessage(pause.history.at(-1)!)));
  return true;
}

function stoppedMessage(message: AgentUIMessage): AgentUIMessage {
  const end = runEnd('cancelled');
  const parts = message.parts.map((part) => {
    if (part.type === 'data-run-end') return { ...part, data: end };
    if (part.type === 'data-model-pause' && part.data.state === 'paused') return { ...part, data: { ...part.data, state: 'stopped' as const } };
    return part;
  });
  return { ...message, metadata: { ...message.metadata, runEnd: end, stopped: true }, parts };
}
