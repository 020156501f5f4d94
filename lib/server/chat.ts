import 'server-only';
import { z } from 'zod';
import { approvalsRequestSchema } from '@/lib/api/approval-request';
import { chatRequestSchema, regenerateRequestSchema } from '@/lib/api/chat-request';
import { continueTurnAfterApprovals, regenerateTurn, startTurnWithMessage } from './chat-turn';
import { keepRunning } from './invocation';
import { queueAfterRun } from './message-queue';
import { limitRequest } from './rate-limit';
import { requireSession } from './session-access';

/** POST /api/chat: a new user message, a new answer to one already there, or the user's answers to approval requests (never history). */
export const chatBodySchema = z.union([regenerateRequestSchema, chatRequestSchema, approvalsRequestSchema]);
export type ChatBody = z.infer<typeof chatBodySchema>;

/**
 * The whole chat turn, in order: the owner's session, then a run that starts
 * with the new message or continues after the approvals (and sends the next
 * queued message when it ends normally), streamed from its log. The client
 * sends only its new message or its decisions; history comes from the database.
 * The run is kept alive past the response (after(): on Vercel the invocation lives
 * until the run ends or hands itself on to a chained one).
 */
export async function chatTurn(request: Request, body: ChatBody): Promise<Response> {
  await limitRequest('chat', request);
  const { ownerId, session } = await requireSession(request, body.sessionId);
  const origin = new URL(request.url).origin;
  const turn = { ownerId, session, origin, afterRun: queueAfterRun(ownerId, session.id, origin) };
  const run =
    'approvals' in body
      ? await continueTurnAfterApprovals({ ...turn, request: body })
      : 'regenerate' in body
        ? await regenerateTurn({ ...turn, request: body })
        : await startTurnWithMessage({ ...turn, request: body });
  keepRunning(run.done);
  return run.log.response();
}
