import 'server-only';
import { z } from 'zod';
import { approvalsRequestSchema } from '@/lib/api/approval-request';
import { chatRequestSchema } from '@/lib/api/chat-request';
import { continueTurnAfterApprovals, startTurnWithMessage } from './chat-turn';
import { queueAfterRun } from './message-queue';
import { runEventsResponse } from './run-log';
import { requireSession } from './session-access';

/** POST /api/chat: either a new user message, or the user's answers to approval requests (never both, never history). */
export const chatBodySchema = z.union([chatRequestSchema, approvalsRequestSchema]);
export type ChatBody = z.infer<typeof chatBodySchema>;

/**
 * The whole chat turn, in order: the owner's session, then a run that starts
 * with the new message or continues after the approvals (and sends the next
 * queued message when it ends normally), streamed from its log. The client
 * sends only its new message or its decisions; history comes from the database.
 */
export async function chatTurn(request: Request, body: ChatBody): Promise<Response> {
  const { ownerId, session } = await requireSession(request, body.sessionId);
  const turn = { ownerId, session, afterRun: queueAfterRun(ownerId, session.id) };
  const run = 'approvals' in body ? await continueTurnAfterApprovals({ ...turn, request: body }) : await startTurnWithMessage({ ...turn, request: body });
  return runEventsResponse(run.log.read());
}
