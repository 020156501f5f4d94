import { z } from 'zod';
import { expirePendingApprovals } from '@/db/queries/approvals';
import { loadMessages, messageExists, saveMessage } from '@/db/queries/messages';
import { setAutoTitle, updateSession } from '@/db/queries/sessions';
import type { SessionRow } from '@/db/schema';
import { resolveModel } from '@/lib/models';
import { sessionLoopSettings } from '@/lib/settings/loop-settings';
import { chatRequestSchema, MAX_MESSAGE_CHARS, messageChars, toUserMessage, type ChatRequest } from './chat-request';
import { getAppDb } from './db';
import { ApiError } from './http';
import { claimSession, releaseSession, startRun, type ActiveRun } from './run-manager';
import { titleFromMessage } from './titles';
import { withEditedInputs, withoutRunEnd } from '@/lib/agent/approvals';
import { sessionTools, type SessionToolSet } from '@/lib/tools/session-tools';
import { approvalsRequestSchema, type ApprovalsRequest } from './approval-request';
import { recordApprovalDecisions, validateApprovalDecisions } from './approvals';
import { runEventsResponse } from './run-log';
import { requireSession } from './session-access';

/** POST /api/chat: either a new user message, or the user's answers to approval requests (never both, never history). */
export const chatBodySchema = z.union([chatRequestSchema, approvalsRequestSchema]);
export type ChatBody = z.infer<typeof chatBodySchema>;

/**
 * The whole chat turn, in order: the owner's session, then a run that starts
 * with the new message or continues after the approvals, streamed from its
 * log. The client sends only its new message or its decisions; history comes
 * from the database.
 */
export async function chatTurn(request: Request, body: ChatBody): Promise<Response> {
  const { ownerId, session } = await requireSession(request, body.sessionId);
  const run = 'approvals' in body ? await continueTurnAfterApprovals({ ownerId, session, request: body }) : await startTurnWithMessage({ ownerId, session, request: body });
  return runEventsResponse(run.log.read());
}

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
    throw new ApiError('too_large', `Message too long: ${messageChars(request).toLocaleString('en')} characters (limit ${MAX_MESSAGE_CHARS.toLocaleString('en')}).`);
  }
  const db = await getAppDb();
  const modelKey = request.modelKey ?? session.modelKey;
  const model = await resolveModel(modelKey);
  await claimSession(db, ownerId, session.id);
  try {
    if (await messageExists(db, request.message.id)) throw new ApiError('duplicate_message', 'This message was already sent.');
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
  const model = await resolveModel(session.modelKey);
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

