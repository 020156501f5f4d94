import 'server-only';
import type { ModelMessage } from 'ai';
import type { Db } from '@/db/client';
import { insertCompaction, type StoredCompaction } from '@/db/queries/compactions';
import type { CompactFunction, StepTrace } from '@/lib/agent';
import type { AgentMetadata, AgentUIMessage, AgentUIMessageChunk, ContextSnapshot } from '@/lib/agent/messages';
import type { AgentTool, LoopSettings } from '@/lib/agent/types';
import { compactHistory, SummaryFailedError } from '@/lib/context/compaction/compact-history';
import type { Summarizer } from '@/lib/context/compaction/summarize-middle';
import { measureContext, type ContextMeasurement } from '@/lib/context/measure';
import { exceedsHardLimit, meterFigures, shouldCompact, type ContextThresholds } from '@/lib/context/thresholds';
import { applyCompaction } from '@/lib/context/view';
import { toolsOfFirstRequest } from '@/lib/agent/tool-search';
import { loadContextState, measureSessionView, toModelMessages, toolSchemas } from './session-context';

/**
 * The run's side of context management: the view the loop starts from, and
 * the budget seam it asks before every model call. The seam measures with the
 * same function as the meter, compacts at the threshold (or on `length`),
 * stores the compaction record, and ends the run when even that is not enough.
 */

export interface ContextSeamInput {
  db: Db;
  ownerId: string;
  sessionId: string;
  runId: string;
  modelKey: string;
  /** The stored history, ending with the new user message. */
  history: AgentUIMessage[];
  settings: Partial<LoopSettings> | undefined;
  tools: readonly AgentTool[];
  instructions: string;
  summarizer: Summarizer;
  write: (chunk: AgentUIMessageChunk) => void;
  generateId: () => string;
}

export interface ContextSeam {
  /** What the model sees of the history (the latest compaction applied). */
  view: AgentUIMessage[];
  compact: CompactFunction;
  /** The step's measured context, as the assistant message records it for the meter. */
  stepMetadata(trace: StepTrace): Pick<AgentMetadata, 'context'> | undefined;
}

export async function createContextSeam(input: ContextSeamInput): Promise<ContextSeam> {
  const state = await loadContextState(input.db, input.ownerId, { id: input.sessionId, modelKey: input.modelKey, settings: input.settings ?? {} }, input.history);
  const initial = await measureSessionView(state, input.tools, input.instructions);
  const schemas = await toolSchemas(toolsOfFirstRequest(input.tools, state.settings.maxToolsSent));
  let active: StoredCompaction | undefined = state.active;
  let view = initial.view;
  // Leading model messages that stand for the history; the rest was produced in this run.
  let historyMessageCount = initial.messages.length;
  let prior: ContextMeasurement | undefined = initial.prior;

  const compact: CompactFunction = async (request) => {
    const measured: ContextMeasurement | undefined =
      request.lastInputTokens !== undefined ? { inputTokens: request.lastInputTokens, coveredMessages: request.messagesAtLastMeasure } : prior;
    const measure = (messages: readonly ModelMessage[], measurement?: ContextMeasurement) =>
      measureContext({ modelId: state.modelId, instructions: request.instructions, tools: schemas, messages, measured: measurement });
    const before = await measure(request.messages, measured);
    input.write({ type: 'data-context', id: 'context', data: { ...before, ...meterFigures(before.tokens, state.thresholds) }, transient: true });

    if (request.reason === 'budget' && !shouldCompact(before.tokens, state.thresholds)) return null;
    const tail = request.messages.slice(historyMessageCount);
    const record = await compactHistory({
      history: state.history,
      pinned: state.pinned,
      previous: active?.record,
      target: state.thresholds.compactTarget,
      tokensBefore: before.tokens,
      keepRecentTurns: state.settings.compactKeepRecentTurns,
      measure: async (candidate) => (await measure([...(await toModelMessages(candidate, input.tools, state.settings)), ...tail])).tokens,
      summarize: input.summarizer,
      signal: request.signal,
    }).catch((error: unknown) => {
      if (error instanceof SummaryFailedError) return null;
      throw error;
    });
    if (!record) {
      if (!exceedsHardLimit(before.tokens, state.thresholds)) return null;
      return { messages: [...request.messages], contextLimitExceeded: contextLimitMessage(before.tokens, state.thresholds) };
    }

    active = await insertCompaction(input.db, {
      id: input.generateId(),
      ownerId: input.ownerId,
      sessionId: input.sessionId,
      runId: input.runId,
      trigger: request.reason === 'length' ? 'length' : 'auto',
      record,
    });
    view = applyCompaction(state.history, record, state.pinned);
    const historyMessages = await toModelMessages(view, input.tools, state.settings);
    historyMessageCount = historyMessages.length;
    // The view changed: the old measurement no longer describes it.
    prior = undefined;
    input.write({
      type: 'data-compaction',
      id: `compaction-${active.id}`,
      data: { id: active.id, tokensBefore: record.tokensBefore, tokensAfter: record.tokensAfter },
      transient: true,
    });
    const messages = [...historyMessages, ...tail];
    if (exceedsHardLimit(record.tokensAfter, state.thresholds)) {
      return { messages, contextLimitExceeded: contextLimitMessage(record.tokensAfter, state.thresholds) };
    }
    return { messages };
  };

  return {
    get view() {
      return view;
    },
    compact,
    stepMetadata(trace) {
      const snapshot = stepSnapshot(trace, active?.id ?? null);
      return snapshot ? { context: snapshot } : undefined;
    },
  };
}

/** The figure the next request builds on: this step's input, plus the output it adds to the history. */
function stepSnapshot(trace: Pick<StepTrace, 'usage'>, compactionId: string | null): ContextSnapshot | undefined {
  const usage = trace.usage;
  if (!usage || usage.inputTokens <= 0) return undefined;
  return {
    inputTokens: usage.inputTokens,
    outputTokens: Math.max(0, usage.outputTokens - usage.reasoningTokens),
    estimated: usage.estimated,
    compactionId,
  };
}

function contextLimitMessage(tokens: number, thresholds: ContextThresholds): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const percent = Math.round((thresholds.hardLimit / thresholds.window) * 100);
  return (
    `Context limit exceeded: the next request needs about ${n(tokens)} tokens, above the hard limit of ${n(thresholds.hardLimit)} ` +
    `(${percent}% of the ${n(thresholds.window)}-token window), even after compaction. ` +
    'Compact harder with /compact, or start a new session from a summary.'
  );
}
