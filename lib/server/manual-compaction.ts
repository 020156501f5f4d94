import { createIdGenerator } from 'ai';
import type { Db } from '@/db/client';
import { insertCompaction, undoCompaction } from '@/db/queries/compactions';
import type { SessionRow } from '@/db/schema';
import type { CompactionEntry, ContextReport } from '@/lib/api-types';
import { compactHistory, SummaryFailedError } from '@/lib/context/compaction/compact-history';
import { measureContext } from '@/lib/context/measure';
import { exceedsHardLimit, shouldCompact } from '@/lib/context/thresholds';
import { resolveModel } from '@/lib/models/registry';
import { sessionTools } from '@/lib/tools/session-tools';
import { agentInstructions } from './instructions';
import { contextReport, loadContextState, measureSessionView, toModelMessages, toolSchemas } from './session-context';
import { summarizerFor } from './summarizer';

/**
 * `/compact [focus]` and "Undo compaction": the user steering what the model
 * sees between runs. The caller holds the session (no run may start meanwhile).
 */

export interface ManualCompactionResult {
  compaction?: CompactionEntry;
  warning?: string;
}

const compactionId = createIdGenerator({ prefix: 'cmp', size: 16 });

export async function compactSessionNow(db: Db, ownerId: string, session: SessionRow, focus: string | undefined, signal: AbortSignal): Promise<ManualCompactionResult> {
  const state = await loadContextState(db, ownerId, session);
  const toolSet = await sessionTools({ db, ownerId, sessionId: session.id });
  try {
    const instructions = agentInstructions();
    const { measure } = await measureSessionView(state, toolSet.tools, instructions);
    const schemas = await toolSchemas(toolSet.tools);
    const model = await resolveModel(session.modelKey);
    const record = await compactHistory({
      history: state.history,
      pinned: state.pinned,
      previous: state.active?.record,
      target: state.thresholds.manualTarget,
      tokensBefore: measure.tokens,
      keepRecentTurns: state.settings.compactKeepRecentTurns,
      measure: async (view) =>
        (await measureContext({ modelId: state.modelId, instructions, tools: schemas, messages: await toModelMessages(view, toolSet.tools, state.settings) })).tokens,
      summarize: await summarizerFor(model, state.settings.summarizerModel),
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
export async function undoSessionCompaction(
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
