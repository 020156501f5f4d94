import { expirePendingApprovals } from '@/db/queries/approvals';
import { loadMessages, messageExists, saveMessage } from '@/db/queries/messages';
import { setAutoTitle, updateSession } from '@/db/queries/sessions';
import type { SessionRow } from '@/db/schema';
import { resolveModel, UnknownModelError } from '@/lib/models';
import { sessionLoopSettings } from '@/lib/settings/loop-settings';
import { MAX_MESSAGE_CHARS, messageChars, toUserMessage, type ChatRequest } from './chat-request';
import { getAppDb } from './db';
import { HttpError } from './http';
import { claimSession, releaseSession, startRun, type ActiveRun } from './run-manager';
import { titleFromMessage } from './titles';
import { withEditedInputs, withoutRunEnd } from '@/lib/agent/approvals';
import { sessionTools, type SessionToolSet } from '@/lib/tools/session-tools';
import type { ApprovalsRequest } from './approval-request';
import { recordApprovalDecisions, validateApprovalDecisions } from './approvals';

/**
 * One chat turn that starts with a new user message: the message is saved,
 * unanswered approvals expire, the model and title follow, and a run starts
 * on the stored history. POST /api/chat and the queue dispatcher both start
 * turns through here, so a queued message is sent exactly like a typed one.
 * Answers to approval requests continue the same message (continueTurnAfterApprovals).
 */
export async function startTurnWithMessage(input: { ownerId: string; session: SessionRow; request: ChatRequest }): Promise<ActiveRun> {
  const { ownerId, session, request } = input;
  if (messageChars(request) > MAX_MESSAGE_CHARS) {
    throw new HttpError(413, `Message too long: ${messageChars(request).toLocaleString('en')} characters (limit ${MAX_MESSAGE_CHARS.toLocaleString('en')}).`, 'too_large');
  }
  const db = await getAppDb();
  const modelKey = request.modelKey ?? session.modelKey;
  const model = await resolveSessionModel(modelKey);
  await claimSession(db, ownerId, session.id);
  try {
    if (await messageExists(db, request.message.id)) throw new HttpError(409, 'This message was already sent.', 'duplicate_message');
    const userMessage = toUserMessage(request);
    await saveMessage(db, ownerId, session.id, userMessage);
    // Approvals left unanswered can no longer be answered: the conversation moved on.
    await expirePendingApprovals(db, ownerId, session.id);
    if (modelKey !== session.modelKey) await updateSession(db, ownerId, session.id, { modelKey });
    if (session.titleSource === 'default') await setAutoTitle(db, ownerId, session.id, titleFromMessage(userMessage));

    const history = await loadMessages(db, ownerId, session.id);
    return await startRun({ db, ownerId, sessionId: session.id, history, model, settings: sessionLoopSettings(session.settings) });
  } catch (error) {
    releaseSession(session.id);
    throw error;
  }
}

/** Checks the decisions against what the server asked (400 and nothing runs otherwise), records them, and continues the same message. */
export async function continueTurnAfterApprovals(input: { ownerId: string; session: SessionRow; request: ApprovalsRequest }): Promise<ActiveRun> {
  const { ownerId, session, request } = input;
  const db = await getAppDb();
  const model = await resolveSessionModel(session.modelKey);
  await claimSession(db, ownerId, session.id);
  let toolSet: SessionToolSet | undefined;
  try {
    const history = await loadMessages(db, ownerId, session.id);
    toolSet = await sessionTools({ db, ownerId, sessionId: session.id });
    const validated = await validateApprovalDecisions({ db, ownerId, sessionId: session.id, decisions: request.approvals, history, tools: toolSet.tools });
    await recordApprovalDecisions(db, ownerId, session.id, validated);
    return await startRun({
      db,
      ownerId,
      sessionId: session.id,
      history: [...history.slice(0, -1), withEditedInputs(withoutRunEnd(history.at(-1)!), validated.answers)],
      model,
      settings: sessionLoopSettings(session.settings),
      continuation: { messageId: validated.messageId, approvals: validated.answers },
      toolSet,
    });
  } catch (error) {
    releaseSession(session.id);
    await toolSet?.close().catch(() => {});
    throw error;
  }
}

/** The model for a key, or 400 `unknown_model`. */
export async function resolveSessionModel(modelKey: string) {
  return resolveModel(modelKey).catch((error) => {
    if (error instanceof UnknownModelError) throw new HttpError(400, error.message, 'unknown_model');
    throw error;
  });
}

