import { createUIMessageStreamResponse } from 'ai';
import { z } from 'zod';
import { loadMessages } from '@/db/queries/messages';
import type { SessionRow } from '@/db/schema';
import { approvalsRequestSchema, type ApprovalsRequest } from '@/lib/server/approval-request';
import { withEditedInputs, withoutRunEnd } from '@/lib/agent/approvals';
import { recordApprovalDecisions, validateApprovalDecisions } from '@/lib/server/approvals';
import { chatRequestSchema, MAX_CHAT_BODY_BYTES, type ChatRequest } from '@/lib/server/chat-request';
import { reserveOrConflict, resolveSessionModel, startTurnWithMessage } from '@/lib/server/chat-turn';
import { getAppDb } from '@/lib/server/db';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { releaseSession, startRun } from '@/lib/server/run-manager';
import { requireSession } from '@/lib/server/session-access';
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
  const run = await startTurnWithMessage({ ownerId, session, request: body });
  return createUIMessageStreamResponse({ stream: run.log.read() });
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
      history: [...history.slice(0, -1), withEditedInputs(withoutRunEnd(history.at(-1)!), validated.answers)],
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
