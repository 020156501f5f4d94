import { createUIMessageStreamResponse } from 'ai';
import { messageExists, loadMessages, saveMessage } from '@/db/queries/messages';
import { getSession, setAutoTitle, updateSession } from '@/db/queries/sessions';
import { resolveModel, UnknownModelError } from '@/lib/models';
import { chatRequestSchema, MAX_CHAT_BODY_BYTES, MAX_MESSAGE_CHARS, messageChars, toUserMessage } from '@/lib/server/chat-request';
import { getAppDb } from '@/lib/server/db';
import { HttpError, readJsonBody, withErrors } from '@/lib/server/http';
import { currentOwnerId } from '@/lib/server/owner';
import { releaseSession, reserveSession, startRun } from '@/lib/server/run-manager';
import { titleFromMessage } from '@/lib/server/titles';
import { sessionLoopSettings } from '@/lib/settings/loop-settings';

export const dynamic = 'force-dynamic';

/** Parse → load → run → stream. The client sends only its new message; history comes from the database. */
export const POST = withErrors(async (request: Request) => {
  const body = await readJsonBody(request, chatRequestSchema, MAX_CHAT_BODY_BYTES);
  if (messageChars(body) > MAX_MESSAGE_CHARS) {
    throw new HttpError(413, `Message too long: ${messageChars(body).toLocaleString('en')} characters (limit ${MAX_MESSAGE_CHARS.toLocaleString('en')}).`, 'too_large');
  }
  const ownerId = currentOwnerId(request);
  const db = await getAppDb();
  const session = await getSession(db, ownerId, body.sessionId);
  if (!session) throw new HttpError(404, 'Session not found.', 'not_found');

  const modelKey = body.modelKey ?? session.modelKey;
  const model = await resolveModel(modelKey).catch((error) => {
    if (error instanceof UnknownModelError) throw new HttpError(400, error.message, 'unknown_model');
    throw error;
  });

  if (!reserveSession(session.id)) {
    throw new HttpError(409, 'The agent is still working in this session. Wait for it to finish or press Stop, then send again.', 'run_active');
  }
  try {
    if (await messageExists(db, body.message.id)) throw new HttpError(409, 'This message was already sent.', 'duplicate_message');
    const userMessage = toUserMessage(body);
    await saveMessage(db, ownerId, session.id, userMessage);
    if (modelKey !== session.modelKey) await updateSession(db, ownerId, session.id, { modelKey });
    if (session.titleSource === 'default') await setAutoTitle(db, ownerId, session.id, titleFromMessage(userMessage));

    const history = await loadMessages(db, ownerId, session.id);
    const run = await startRun({ db, ownerId, sessionId: session.id, history, model, settings: sessionLoopSettings(session.settings) });
    return createUIMessageStreamResponse({ stream: run.log.read() });
  } catch (error) {
    releaseSession(session.id);
    throw error;
  }
});
