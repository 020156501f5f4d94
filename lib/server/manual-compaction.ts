import 'server-only';
import { createIdGenerator } from 'ai';
import type { Db } from '@/db/client';
import { insertCompaction, setMessagePinned, undoCompaction } from '@/db/queries/compactions';
import type { SessionRow } from '@/db/schema';
import type { CompactionEntry, CompactionResponse, ContextReport } from '@/lib/api-types';
import { compactHistory, SummaryFailedError } from '@/lib/context/compaction/compact-history';
import { measureContext } from '@/lib/context/measure';
import { exceedsHardLimit, shouldCompact } from '@/lib/context/thresholds';
import { sessionToolsFor } from './session-tool-stores';
import { agentInstructions } from './instructions';
import { contextReport, loadContextState, measureSessionView, toModelMessages, toolSchemas } from './session-context';
import { summarizerFor } from './summarizer';
import { resolveModelFor } from './models';
import { ApiError } from './http';
import { claimSession, isSessionRunning, releaseSession } from './run-manager';
import { limitRequest } from './rate-limit';
import { requireSession } from './session-access';

/**
 * `/compact [focus]` and "Undo compaction": the user steering what the model
 * sees between runs. The caller holds the session (no run may start meanwhile).
 */

interface ManualCompactionResult {
  compaction?: CompactionEntry;
  warning?: string;
}

const compactionId = createIdGenerator({ prefix: 'cmp', size: 16 });

/** `POST /api/sessions/:id/compact`: holds the session (no run may start meanwhile), compacts, reports the new context. */
export async function compactSessionFor(request: Request, id: string, focus: string | undefined): Promise<CompactionResponse> {
  await limitRequest('tool', request);
  const { db, ownerId, session } = await requireSession(request, id);
  await resolveModelFor(ownerId, session.modelKey);
  await claimSession(db, ownerId, session.id);
  try {
    const result = await compactSessionNow(db, ownerId, session, focus || undefined, request.signal);
    return { ...result, context: await contextReport(db, ownerId, session) };
  } finally {
    releaseSession(session.id);
  }
}

/** "Undo compaction": refused while the agent works, 404 for a compaction that is not active. */
export async function undoCompactionFor(request: Request, id: string, compactionId: string): Promise<CompactionResponse> {
  const { db, ownerId, session } = await requireSession(request, id);
  if (isSessionRunning(session.id)) {
    throw new ApiError('run_active', 'The agent is working in this session. Wait for it to finish or press Stop, then undo.');
  }
  const { undone, context, warning } = await undoSessionCompaction(db, ownerId, session, compactionId);
  if (!undone) throw new ApiError('not_found', 'No compaction to undo with this id (it may already be undone).');
  return { context, ...(warning ? { warning } : {}) };
}

/** Pin: the message is kept verbatim through every compaction. */
export async function pinMessageFor(request: Request, id: string, messageId: string, pinned: boolean): Promise<void> {
  const { db, ownerId, session } = await requireSession(request, id);
  if (!(await setMessagePinned(db, ownerId, session.id, messageId, pinned))) throw new ApiError('not_found', 'Message not found in this session.');
}

async function compactSessionNow(db: Db, ownerId: string, session: SessionRow, focus: string | undefined, signal: AbortSignal): Promise<ManualCompactionResult> {
  const state = await loadContextState(db, ownerId, session);
  const toolSet = await sessionToolsFor({ db, ownerId, sessionId: session.id });
  try {
    const instructions = agentInstructions(new Date(), state.settings.systemPrompt);
    const { measure } = await measureSessionView(state, toolSet.tools, instructions);
    const schemas = await toolSchemas(toolSet.tools);
    const model = await resolveModelFor(ownerId, session.modelKey);
    const record = await compactHistory({
      history: state.history,
      pinned: state.pinned,
      previous: state.active?.record,
      target: state.thresholds.manualTarget,
      tokensBefore: measure.tokens,
      keepRecentTurns: state.settings.compactKeepRecentTurns,
      measure: async (view) =>
        (await measureContext({ modelId: state.modelId, instructions, tools: schemas, messages: await toModelMessages(view, toolSet.tools, state.settings) })).tokens,
      summarize: await summarizerFor(model, state.settings.summarizerModel, ownerId),
      alwaysSummarize: true,
      focus,
      signal,
    }).catch((error: unknown) => {
      if (error instanceof SummaryFailedError) return error;
      throw error;
    });
    if (record instanceof SummaryFailedError) return { warning: `${record.message}. Nothing was compacted.` };
    if (!record) {
      return { warning: `Nothing to compact yet: the last ${state.settings.compactKeepRecentTurns} turns are always kept as they are.` };
    }
    const stored = await insertCompaction(db, { id: compactionId(), ownerId, sessionId: session.id, trigger: 'manual', record });
    const warning =
      record.summaryError !== undefined
        ? `The summary could not be written (${record.summaryError}); older messages were pruned or dropped instead.`
        : record.tokensAfter > state.thresholds.manualTarget
          ? 'Compacted as far as possible, but the context is still above the /compact target: the recent turns and pinned messages are kept as they are.'
          : undefined;
    return { compaction: { ...stored, active: true }, ...(warning ? { warning } : {}) };
  } finally {
    await toolSet.close().catch(() => {});
  }
}

/** Undoes a compaction; the report says what the restored context costs and warns when it no longer fits. */
async function undoSessionCompaction(
  db: Db,
  ownerId: string,
  session: SessionRow,
  id: string,
): Promise<{ undone: boolean; context: ContextReport; warning?: string }> {
  const undone = await undoCompaction(db, ownerId, session.id, id);
  const context = await contextReport(db, ownerId, session);
  return { undone, context, ...(undone ? undoWarning(context) : {}) };
}

function undoWarning(context: ContextReport): { warning?: string } {
  const n = (value: number) => value.toLocaleString('en-US');
  if (exceedsHardLimit(context.tokens, context.thresholds)) {
    return { warning: `The restored context (~${n(context.tokens)} tokens) is above the hard limit of ${n(context.thresholds.hardLimit)}: the next request will compact again, or fail if it cannot.` };
  }
  if (shouldCompact(context.tokens, context.thresholds)) {
    return { warning: `The restored context (~${n(context.tokens)} tokens) is above the auto-compaction threshold (${n(context.thresholds.compactAt)}): the next request will compact again.` };
  }
  return {};
}
