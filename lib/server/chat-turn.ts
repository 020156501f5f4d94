import 'server-only';
import { expirePendingApprovals } from '@/db/queries/approvals';
import { getMessageRow, messageExists, saveMessage, setActiveLeaf } from '@/db/queries/messages';
import { setAutoTitle, updateSession } from '@/db/queries/sessions';
import type { SessionRow } from '@/db/schema';
import type { ResolvedModel } from '@/lib/models/types';
import type { Db } from '@/db/client';
import { sessionLoopSettings } from '@/lib/settings/loop-settings';
import { isEmptyMessage, MAX_MESSAGE_CHARS, messageChars, messageImageParts, toUserMessage, type ChatRequest, type RegenerateRequest } from '@/lib/api/chat-request';
import { checkImageParts, imagesNotSupportedMessage, type ImageFilePart } from '@/lib/api/attachments';
import { modelCapabilities } from '@/lib/models/catalog';
import { getAppDb } from './db';
import { resolveModelFor } from './models';
import { ApiError } from './http';
import { claimSession, releaseSession, startRun, type ActiveRun, type StartRunInput } from './run-manager';
import { overridesToContinue, runSettings } from './run-overrides';
import { titleFromMessage } from '@/lib/agent/titles';
import { withEditedInputs, withoutRunEnd } from '@/lib/agent/approvals';
import type { SessionToolSet } from '@/lib/tools/session-tools';
import { sessionToolsFor } from './session-tool-stores';
import type { ApprovalsRequest } from '@/lib/api/approval-request';
import { recordApprovalDecisions, validateApprovalDecisions } from './approvals';
import { loadSessionMessages } from './stored-messages';
import { readMentionedResources } from './mcp-catalog';

export interface TurnInput<R> {
  ownerId: string;
  session: SessionRow;
  request: R;
  /** After the run ended: lib/server/chat.ts passes the queue's dispatcher, so the next queued message follows. */
  afterRun?: StartRunInput['afterRun'];
  /** Where the turn's request came to: a run that goes on in a chained invocation asks for it there. */
  origin?: string;
}

/**
 * One chat turn that starts with a new user message: the message is saved,
 * unanswered approvals expire, the model and title follow, and a run starts
 * on the stored history. POST /api/chat and the queue dispatcher both start
 * turns through here, so a queued message is sent exactly like a typed one.
 * Answers to approval requests continue the same message (continueTurnAfterApprovals).
 */
export async function startTurnWithMessage(input: TurnInput<ChatRequest>): Promise<ActiveRun> {
  const { ownerId, session, request } = input;
  if (isEmptyMessage(request)) throw new ApiError('bad_request', 'The message is empty: write something or attach an image.');
  if (messageChars(request) > MAX_MESSAGE_CHARS) {
    throw new ApiError('too_large', `Message too long: ${messageChars(request).toLocaleString('en')} characters (limit ${MAX_MESSAGE_CHARS.toLocaleString('en')}).`);
  }
  const db = await getAppDb();
  const model = await resolveModelFor(ownerId, request.modelKey ?? session.modelKey);
  const images = attachedImages(request, model);
  // Attached MCP resources are read now, from the owner's own servers; one that cannot be read fails the turn before anything is saved.
  const resources = request.resources?.length ? await readMentionedResources(ownerId, request.resources) : [];
  return claimed(db, ownerId, session.id, async () => {
    if (await messageExists(db, request.message.id)) throw new ApiError('duplicate_message', 'This message was already sent.');
    // An edit: the new message goes beside the edited one, after the same parent.
    if (request.parentId !== undefined && !(await setActiveLeaf(db, ownerId, session.id, request.parentId))) {
      throw new ApiError('not_found', 'The message to follow is not in this session.');
    }
    const userMessage = toUserMessage(request, Date.now(), resources, images);
    await saveMessage(db, ownerId, session.id, userMessage);
    if (session.titleSource === 'default') await setAutoTitle(db, ownerId, session.id, titleFromMessage(userMessage));
    return runOnBranch(db, input, model);
  });
}

/**
 * The message's images as they will be stored: refused (422, naming the model) when the model takes no images,
 * and checked by their bytes, size and count (413 / 415) before anything is saved.
 */
function attachedImages(request: ChatRequest, model: ResolvedModel): ImageFilePart[] {
  const sent = messageImageParts(request);
  if (sent.length === 0) return [];
  if (!modelCapabilities(model.info.key).images) throw new ApiError('images_not_supported', imagesNotSupportedMessage(model.info.label));
  const verdict = checkImageParts(sent);
  if (!verdict.ok) throw new ApiError(verdict.code, verdict.message);
  return verdict.parts;
}

/** A new answer to a user message of the session: the branch goes back to it, and the run adds a sibling of the old answer. */
export async function regenerateTurn(input: TurnInput<RegenerateRequest>): Promise<ActiveRun> {
  const { ownerId, session, request } = input;
  const db = await getAppDb();
  const model = await resolveModelFor(ownerId, request.modelKey ?? session.modelKey);
  return claimed(db, ownerId, session.id, async () => {
    const target = await getMessageRow(db, ownerId, request.regenerate.userMessageId);
    if (!target || target.role !== 'user' || !(await setActiveLeaf(db, ownerId, session.id, target.id))) {
      throw new ApiError('not_found', 'The message to answer again is not a user message of this session.');
    }
    return runOnBranch(db, input, model);
  });
}

/** Claims the session for a run; releases it again when the run never starts. */
async function claimed<T>(db: Db, ownerId: string, sessionId: string, start: () => Promise<T>): Promise<T> {
  await claimSession(db, ownerId, sessionId);
  try {
    return await start();
  } catch (error) {
    releaseSession(sessionId);
    throw error;
  }
}

/** The turn's message is in place: unanswered approvals expire (the conversation moved on), the model follows, and a run starts on the shown branch. */
async function runOnBranch(db: Db, input: TurnInput<{ modelKey?: string }>, model: ResolvedModel): Promise<ActiveRun> {
  const { ownerId, session, afterRun, origin } = input;
  await expirePendingApprovals(db, ownerId, session.id);
  if (model.info.key !== session.modelKey) await updateSession(db, ownerId, session.id, { modelKey: model.info.key });
  const history = await loadSessionMessages(db, ownerId, session.id);
  return startRun({ db, ownerId, sessionId: session.id, history, model, settings: sessionLoopSettings(session.settings), afterRun, origin });
}

/** Checks the decisions against what the server asked (400 and nothing runs otherwise), records them, and continues the same message. */
export async function continueTurnAfterApprovals(input: TurnInput<ApprovalsRequest>): Promise<ActiveRun> {
  const { ownerId, session, request, afterRun, origin } = input;
  const db = await getAppDb();
  const model = await resolveModelFor(ownerId, session.modelKey);
  await claimSession(db, ownerId, session.id);
  let toolSet: SessionToolSet | undefined;
  try {
    const history = await loadSessionMessages(db, ownerId, session.id);
    // An Edit and re-run's own settings and switched-off tools (run-overrides.ts) hold after its approvals too.
    const overrides = await overridesToContinue(db, ownerId, session.id, history.at(-1)?.id);
    toolSet = await sessionToolsFor({ db, ownerId, sessionId: session.id, forRun: true, switchedOff: overrides?.switchedOff });
    const validated = await validateApprovalDecisions({ db, ownerId, sessionId: session.id, decisions: request.approvals, history, tools: toolSet.tools });
    await recordApprovalDecisions(db, ownerId, session.id, validated);
    return await startRun({
      db,
      ownerId,
      sessionId: session.id,
      history: [...history.slice(0, -1), withEditedInputs(withoutRunEnd(history.at(-1)!), validated.answers)],
      model,
      settings: runSettings(session, overrides),
      overrides,
      continuation: { messageId: validated.messageId, approvals: validated.answers },
      toolSet,
      afterRun,
      origin,
    });
  } catch (error) {
    releaseSession(session.id);
    await toolSet?.close().catch(() => {});
    throw error;
  }
}

