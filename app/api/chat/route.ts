import { createUIMessageStreamResponse } from 'ai';
import { z } from 'zod';
import { expirePendingApprovals } from '@/db/queries/approvals';
import { messageExists, loadMessages, saveMessage } from '@/db/queries/messages';
import { setAutoTitle, updateSession } from '@/db/queries/sessions';
import type { SessionRow } from '@/db/schema';
import { resolveModel, UnknownModelError } from '@/lib/models';
import { approvalsRequestSchema, type ApprovalsRequest } from '@/lib/server/approval-request';
import { withoutRunEnd } from '@/lib/agent/approvals';
import { recordApprovalDecisions, validateApprovalDecisions } from '@/lib/server/approvals';
import { chatRequestSchema, MAX_CHAT_BODY_BYTES, MAX_MESSAGE_CHARS, messageChars, toUserMessage, type ChatRequest } from '@/lib/server/chat-request';
import { getAppDb } from '@/lib/server/db';
import { HttpError, readJsonBody, withErrors } from '@/lib/server/http';
import { releaseSession, reserveSession, startRun } from '@/lib/server/run-manager';
import { requireSession } from '@/lib/server/session-access';
import { titleFromMessage } from '@/lib/server/titles';
import { sessionLoopSettings } from '@/lib/settings/loop-settings';
import { sessionTools, type SessionToolSet } from '@/lib/tools/session-tools';

export const dynamic = 'force-dynamic';

/** Either a new user message, or the user's answers to approval requests (never both, never history). */
const chatBodySchema = z.union([chatRequestSchema, approvalsRequestSchema]);

/** Parse → load → run → stream. The client sends only its new message or its decisions; history comes from the database. */
export const POST = withErrors(async (request: Request) => {
  const body = await readJsonBody(request, chatBodySchema, MAX_CHAT_BODY_BYTES);
  const { ownerId, session } = await requireSession(request, body.sessionId);
  return 'approvals' in body ? continueAfterApprovals(ownerId, session, body) : startWithMessage(ownerId, session, body);
});

async function startWithMessage(ownerId: string, session: SessionRow, body: ChatRequest): Promise<Response> {
  if (messageChars(body) > MAX_MESSAGE_CHARS) {
    throw new HttpError(413, `Message too long: ${messageChars(body).toLocaleString('en')} characters (limit ${MAX_MESSAGE_CHARS.toLocaleString('en')}).`, 'too_large');
  }
  const db = await getAppDb();
  const modelKey = body.modelKey ?? session.modelKey;
  const model = await resolveSessionModel(modelKey);
  reserveOrConflict(session.id);
  try {
    if (await messageExists(db, body.message.id)) throw new HttpError(409, 'This message was already sent.', 'duplicate_message');
    const userMessage = toUserMessage(body);
    await saveMessage(db, ownerId, session.id, userMessage);
    // Approvals left unanswered can no longer be answered: the conversation moved on.
    await expirePendingApprovals(db, ownerId, session.id);
    if (modelKey !== session.modelKey) await updateSession(db, ownerId, session.id, { modelKey });
    if (session.titleSource === 'default') await setAutoTitle(db, ownerId, session.id, titleFromMessage(userMessage));

    const history = await loadMessages(db, ownerId, session.id);
    const run = await startRun({ db, ownerId, sessionId: session.id, history, model, settings: sessionLoopSettings(session.settings) });
    return createUIMessageStreamResponse({ stream: run.log.read() });
  } catch (error) {
    releaseSession(session.id);
    throw error;
  }
}

/** Checks the decisions against what the server asked (400 and nothing runs otherwise), records them, and continues the same message. */
async function continueAfterApprovals(ownerId: string, session: SessionRow, body: ApprovalsRequest): Promise<Response> {
  const db = await getAppDb();
  const model = await resolveSessionModel(session.modelKey);
  reserveOrConflict(session.id);
  let toolSet: SessionToolSet | undefined;
  try {
    const history = await loadMessages(db, ownerId, session.id);
    toolSet = await sessionTools({ db, ownerId, sessionId: session.id });
    const validated = await validateApprovalDecisions({ db, ownerId, sessionId: session.id, decisions: body.approvals, history, tools: toolSet.tools });
    await recordApprovalDecisions(db, ownerId, session.id, validated);
    const run = await startRun({
      db,
      ownerId,
      sessionId: session.id,
      history: [...history.slice(0, -1), withoutRunEnd(history.at(-1)!)],
      model,
      settings: sessionLoopSettings(session.settings),
      continuation: { messageId: validated.messageId, approvals: validated.answers },
      toolSet,
    });
    return createUIMessageStreamResponse({ stream: run.log.read() });
  } catch (error) {
    releaseSession(session.id);
    await toolSet?.close().catch(() => {});
    throw error;
  }
}

async function resolveSessionModel(modelKey: string) {
  return resolveModel(modelKey).catch((error) => {
    if (error instanceof UnknownModelError) throw new HttpError(400, error.message, 'unknown_model');
    throw error;
  });
}

function reserveOrConflict(sessionId: string): void {
  if (!reserveSession(sessionId)) {
    throw new HttpError(409, 'The agent is still working in this session. Wait for it to finish or press Stop, then send again.', 'run_active');
  }
}
