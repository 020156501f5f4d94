import 'server-only';
import type { ModelMessage } from 'ai';
import type { Db } from '@/db/client';
import { activeCompaction, listCompactions, loadPinnedIds, type StoredCompaction } from '@/db/queries/compactions';
import type { SessionRow } from '@/db/schema';
import { historyToModelMessages } from '@/lib/agent/loop';
import { sdkSchemaOf } from '@/lib/agent/tool-set';
import { addUsage, emptyUsage, type AgentUIMessage, type UsageTotals } from '@/lib/agent/messages';
import { resolveSettings } from '@/lib/agent/settings';
import type { AgentTool, LoopSettings } from '@/lib/agent/types';
import { measureContext, type ContextMeasurement, type ToolSchema } from '@/lib/context/measure';
import { contextThresholds, meterFigures, type ContextThresholds } from '@/lib/context/thresholds';
import type { ContextMeasure } from '@/lib/context/types';
import { applyCompaction } from '@/lib/context/view';
import { modelLimits, normalizeModelId, usageCost, type ModelLimits } from '@/lib/models/catalog';
import type { ContextReport } from '@/lib/api-types';
import { sessionLoopSettings } from '@/lib/settings/loop-settings';
import { selectTools } from '@/lib/agent/tool-cap';
import { toolsOfFirstRequest } from '@/lib/agent/tool-search';
import { sessionToolsFor } from './session-tool-stores';
import { agentInstructions } from './instructions';
import { loadSessionMessages } from './stored-messages';

/**
 * A session's context as the next request would carry it. The meter (GET
 * /api/sessions/:id/context) and the run's compaction trigger (context-seam.ts)
 * both build on `measureSessionView`, which calls `measureContext`.
 */

export interface ContextState {
  history: AgentUIMessage[];
  pinned: Set<string>;
  active?: StoredCompaction;
  settings: LoopSettings;
  limits: ModelLimits;
  thresholds: ContextThresholds;
  /** The model id the tokenizer is chosen for. */
  modelId: string;
}

function contextLimitsFor(modelKey: string, settings: LoopSettings): { limits: ModelLimits; thresholds: ContextThresholds } {
  const limits = modelLimits(modelKey, settings.contextWindowOverride);
  return { limits, thresholds: contextThresholds(limits.contextWindow, settings) };
}

export async function loadContextState(
  db: Db,
  ownerId: string,
  session: Pick<SessionRow, 'id' | 'modelKey' | 'settings'>,
  history?: AgentUIMessage[],
): Promise<ContextState> {
  const settings = resolveSettings(sessionLoopSettings(session.settings));
  const shown = history ?? (await loadSessionMessages(db, ownerId, session.id));
  return {
    history: shown,
    pinned: await loadPinnedIds(db, ownerId, session.id),
    active: await activeCompactionOn(db, ownerId, session.id, shown),
    settings,
    ...contextLimitsFor(session.modelKey, settings),
    modelId: normalizeModelId(session.modelKey),
  };
}

/**
 * The compaction in effect for this branch: the newest one not undone whose
 * cut lies on the branch. One made on another branch does not change what
 * the model sees here.
 */
async function activeCompactionOn(db: Db, ownerId: string, sessionId: string, history: readonly AgentUIMessage[]): Promise<StoredCompaction | undefined> {
  const latest = await activeCompaction(db, ownerId, sessionId);
  const onBranch = (entry: StoredCompaction) => {
    const cut = entry.record.afterMessageId ?? entry.record.cutoffMessageId;
    return cut === undefined || history.some((message) => message.id === cut);
  };
  if (!latest || onBranch(latest)) return latest;
  return (await listCompactions(db, ownerId, sessionId)).findLast((entry) => entry.undoneAt === null && onBranch(entry));
}

export async function toolSchemas(tools: readonly AgentTool[]): Promise<ToolSchema[]> {
  return Promise.all(tools.map(async (t) => ({ name: t.name, description: t.description, parameters: await sdkSchemaOf(t.inputSchema).jsonSchema })));
}

function modelView(state: Pick<ContextState, 'history' | 'active' | 'pinned'>): AgentUIMessage[] {
  return applyCompaction(state.history, state.active?.record, state.pinned);
}

export function toModelMessages(view: AgentUIMessage[], tools: readonly AgentTool[], settings: LoopSettings): Promise<ModelMessage[]> {
  return historyToModelMessages(view, tools, settings.maxToolResultChars);
}

/**
 * The newest provider-reported measurement still valid for this view: the
 * last assistant message's last step (input + output), taken under the
 * compaction now in effect. A compaction or an undo since makes it stale.
 */
async function priorMeasurement(
  view: AgentUIMessage[],
  activeId: string | null,
  tools: readonly AgentTool[],
  settings: LoopSettings,
): Promise<ContextMeasurement | undefined> {
  const index = view.findLastIndex((m) => m.role === 'assistant' && m.metadata?.context);
  if (index < 0) return undefined;
  const snapshot = view[index].metadata!.context!;
  if (snapshot.compactionId !== activeId) return undefined;
  const covered = await toModelMessages(view.slice(0, index + 1), tools, settings);
  return { inputTokens: snapshot.inputTokens + snapshot.outputTokens, coveredMessages: covered.length };
}

export interface ViewMeasure {
  view: AgentUIMessage[];
  messages: ModelMessage[];
  measure: ContextMeasure;
  /** The measurement it built on, for the seam to reuse. */
  prior?: ContextMeasurement;
}

/** What the next request would cost in context: the one figure for the meter and the trigger. */
export async function measureSessionView(state: ContextState, tools: readonly AgentTool[], instructions: string): Promise<ViewMeasure> {
  const view = modelView(state);
  const messages = await toModelMessages(view, tools, state.settings);
  const prior = await priorMeasurement(view, state.active?.id ?? null, tools, state.settings);
  // Tool definitions as the request carries them: under the tool cap, with search_tools when tools are left out.
  const measure = await measureContext({ modelId: state.modelId, instructions, tools: await toolSchemas(toolsOfFirstRequest(tools, state.settings.maxToolsSent)), messages, measured: prior });
  return { view, messages, measure, prior };
}

/** Session totals and cost at list prices (cost only where the catalog knows the model's price). */
function sessionSpend(history: AgentUIMessage[], compactions: StoredCompaction[]): { usage: UsageTotals; cost?: number; compactionCost?: number } {
  let usage = emptyUsage();
  let cost: number | undefined;
  for (const message of history) {
    const used = message.role === 'assistant' ? message.metadata?.usage : undefined;
    if (!used) continue;
    usage = addUsage(usage, used);
    const price = usageCost(used, modelLimits(message.metadata?.model ?? '').pricing);
    if (price !== undefined) cost = (cost ?? 0) + price;
  }
  let compactionCost: number | undefined;
  for (const c of compactions) if (c.record.cost !== undefined) compactionCost = (compactionCost ?? 0) + c.record.cost;
  if (compactionCost !== undefined) cost = (cost ?? 0) + compactionCost;
  return { usage, cost, compactionCost };
}

/** How many of the session's tools a request carries under the cap. */
function toolCountOf(tools: readonly AgentTool[], cap: number): { sent: number; total: number } {
  const selection = selectTools(tools, cap, []);
  return { sent: selection.sent.length, total: selection.total };
}

/** GET /api/sessions/:id/context. */
export async function contextReport(db: Db, ownerId: string, session: SessionRow): Promise<ContextReport> {
  const state = await loadContextState(db, ownerId, session);
  const toolSet = await sessionToolsFor({ db, ownerId, sessionId: session.id });
  try {
    const { measure } = await measureSessionView(state, toolSet.tools, agentInstructions(new Date(), state.settings.systemPrompt));
    const compactions = await listCompactions(db, ownerId, session.id);
    const { thresholds, limits } = state;
    return {
      ...measure,
      ...meterFigures(measure.tokens, thresholds),
      windowSource: limits.source,
      ...(limits.matched ? { catalogMatch: limits.matched } : {}),
      thresholds,
      ...sessionSpend(state.history, compactions),
      compactions: compactions.map((c) => ({ ...c, active: c.id === state.active?.id })),
      pinned: [...state.pinned],
      toolCount: toolCountOf(toolSet.tools, state.settings.maxToolsSent),
    };
  } finally {
    await toolSet.close().catch(() => {});
  }
}
