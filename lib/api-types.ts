import type { AgentUIMessage, UsageTotals } from '@/lib/agent/messages';
import type { ContextLevel, ContextThresholds } from '@/lib/context/thresholds';
import type { CompactionRecord, CompactionTrigger, ContextBreakdown } from '@/lib/context/types';
import type { ModelInfo } from '@/lib/models/types';

/** JSON shapes of the HTTP API, shared by route handlers and components. */

export interface SessionSummary {
  id: string;
  title: string;
  modelKey: string;
  createdAt: number;
  updatedAt: number;
  /** A run is active in this process right now. */
  running: boolean;
}

export interface SessionDetail extends SessionSummary {
  settings: Record<string, unknown>;
  messages: AgentUIMessage[];
}

export interface ModelsResponse {
  models: ModelInfo[];
  configured: boolean;
  defaultKey: string;
}

/** Every 4xx/5xx answer of the API. */
export interface ApiError {
  error: string;
  code?: string;
}

/** Body of POST /api/chat. The client sends only the new message; the server rebuilds history. */
export interface ChatRequestBody {
  sessionId: string;
  message: AgentUIMessage;
  modelKey?: string;
}

/** GET /api/sessions/:id/context: the meter's numbers, from the same function the compaction trigger uses. */
export interface ContextReport {
  tokens: number;
  estimated: boolean;
  reportedTokens?: number;
  breakdown: ContextBreakdown;
  window: number;
  windowSource: 'override' | 'catalog' | 'fallback';
  catalogMatch?: string;
  thresholds: ContextThresholds;
  level: ContextLevel;
  percent: number;
  untilCompaction: number;
  usage: UsageTotals;
  /** USD at list prices, where the catalog knows the price (compaction calls included). */
  cost?: number;
  compactionCost?: number;
  /** Oldest first; `active` marks the one the model's view is built from. */
  compactions: CompactionEntry[];
  pinned: string[];
}

export interface CompactionEntry {
  id: string;
  runId: string | null;
  trigger: CompactionTrigger;
  record: CompactionRecord;
  createdAt: number;
  undoneAt: number | null;
  active: boolean;
}

/** POST /api/sessions/:id/compact and POST …/compactions/:id/undo. */
export interface CompactionResponse {
  compaction?: CompactionEntry;
  context: ContextReport;
  /** Set when the restored context no longer fits (undo) or compaction could not get under the target. */
  warning?: string;
}
