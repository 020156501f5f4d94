import { z } from 'zod';
import { approvalsRequestSchema } from '@/lib/server/approval-request';
import { chatRequestSchema, MAX_CHAT_BODY_BYTES } from '@/lib/server/chat-request';
import { continueTurnAfterApprovals, startTurnWithMessage } from '@/lib/server/chat-turn';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { runEventsResponse } from '@/lib/server/run-log';
import { requireSession } from '@/lib/server/session-access';

export const dynamic = 'force-dynamic';

/** Either a new user message, or the user's answers to approval requests (never both, never history). */
const chatBodySchema = z.union([chatRequestSchema, approvalsRequestSchema]);

/** Parse → load → run → stream. The client sends only its new message or its decisions; history comes from the database. */
export const POST = withErrors(async (request: Request) => {
  const body = await readJsonBody(request, chatBodySchema, MAX_CHAT_BODY_BYTES);
  const { ownerId, session } = await requireSession(request, body.sessionId);
  const run = 'approvals' in body ? await continueTurnAfterApprovals({ ownerId, session, request: body }) : await startTurnWithMessage({ ownerId, session, request: body });
  return runEventsResponse(run.log.read());
});
