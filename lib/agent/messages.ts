import type { FinishReason, UIMessage, UIMessageChunk } from 'ai';
import type { ContextBreakdown, ContextLevel } from '@/lib/context/types';
import type { McpResourceAttachment } from './resource-attachment';

/**
 * The one message type that flows end to end: the loop writes its chunks, the
 * database stores it (one row per message), and the components render it.
 */

/** Token usage in the shape the UI and the database keep (a figure the provider omits is 0, or estimated for input and output). */
export interface UsageTotals {
  /** Every input token: cached (read) and cache-written ones included. */
  inputTokens: number;
  cachedInputTokens: number;
  /** Input tokens written to the prompt cache (Anthropic prompt caching); absent where a provider reports none. */
  cacheWriteTokens?: number;
  outputTokens: number;
  reasoningTokens: number;
  /** True when any part of the figure was estimated rather than reported by the provider. */
  estimated: boolean;
}

/** Why a run ended. Each has a distinct final state in the UI. */
export type RunEndReason =
  | 'completed' // finish reason `stop`
  | 'done-tool' // task_complete was called in done-tool mode
  | 'length' // cut off at the length limit and not compacted (no seam, compaction failed, or maxCompactionAttempts used up)
  | 'context-limit' // the context is above the hard limit even after compaction
  | 'content-filter'
  | 'error' // provider error (after retries) or `error` finish reason
  | 'interrupted' // the provider stream ended without a completion signal
  | 'other'
  | 'max-iterations'
  | 'wall-clock'
  | 'consecutive-errors'
  | 'loop-detected'
  | 'cancelled'
  | 'awaiting-approval' // a tool call waits for the user's answer; the run continues when it comes
  | 'paused' // step mode: paused before a model call; the run continues when the user says so (step-gate.ts)
  | 'server-restart'; // the server process stopped (crash, restart, shutdown) before the run finished

export interface RunEnd {
  reason: RunEndReason;
  /** Human-readable explanation, shown in the final-state banner. */
  message: string;
  /** The provider's finish reason of the last step, when there was one. */
  finishReason?: FinishReason;
}

/** A retry in progress: "Rate limited, retrying in 4 s (2/3)". */
export interface RetryNotice {
  attempt: number;
  maxRetries: number;
  delayMs: number;
  /** e.g. 'rate-limited' | 'server-error' | 'network' | 'overloaded' | 'timeout' */
  cause: string;
  message: string;
  statusCode?: number;
}

/** A visible nudge the loop injected into the conversation. */
export interface NudgeNotice {
  kind: 'loop-guard' | 'done-tool' | 'unfinished-work';
  message: string;
  /** For loop-guard nudges: the repeated call, e.g. `calculator({"expression":"1+1"})`. */
  call?: string;
  count?: number;
}

export interface AgentMetadata {
  createdAt?: number;
  /** Model key from lib/models, e.g. `openai:gpt-4.1-mini` or `demo:demo-agent`. */
  model?: string;
  runId?: string;
  /** Accumulated usage of this assistant message (all its steps). */
  usage?: UsageTotals;
  /** Set when the run was stopped by the user; the partial text is kept. */
  stopped?: boolean;
  runEnd?: RunEnd;
  /** The context measured at this message's last step (what the meter builds on). */
  context?: ContextSnapshot;
}

/** The last step's provider-reported context: the next request is this plus what was added since. */
export interface ContextSnapshot {
  /** Input tokens of the last step's request. */
  inputTokens: number;
  /** Output tokens of the last step that the next request carries (reasoning excluded). */
  outputTokens: number;
  /** Either figure was estimated because the provider reported none. */
  estimated: boolean;
  /** The compaction in effect when measured (null: none); a different one makes the figure stale. */
  compactionId: string | null;
}

/**
 * Sent (transient) at every budget check: the context size the trigger just decided with, and what the meter draws
 * of it, so the page's meter follows a run without reading the whole report again at every step.
 */
export interface ContextNotice {
  tokens: number;
  estimated: boolean;
  reportedTokens?: number;
  breakdown: ContextBreakdown;
  window: number;
  level: ContextLevel;
  percent: number;
  untilCompaction: number;
}

/** Sent (transient) when a compaction changed the model's view mid-run, so the UI refreshes its meter and dividers. */
interface CompactionNotice {
  id: string;
  tokensBefore: number;
  tokensAfter: number;
}

/**
 * One failed attempt of a model call: "attempt 1 failed: connection dropped
 * after 212 tokens, retrying". Whatever the attempt had streamed was withdrawn
 * from the message (`reset-step`) and lives only here, so it is never shown as
 * the model's answer and never goes into the model's history.
 */
export interface StepErrorNotice {
  step: number;
  /** The user-facing sentence (never the provider's raw frame text: that is in the step trace). */
  message: string;
  cause: string;
  statusCode?: number;
  /** 1-based attempt number within the model call. Absent in parts stored before attempts were recorded. */
  attempt?: number;
  /** What failed, in a few words: "connection dropped after 212 tokens". */
  summary?: string;
  /** `retrying`: another attempt follows; `failed`: this was the last one (the run ends). */
  outcome?: 'retrying' | 'failed';
  /** Output tokens the attempt had streamed before it failed (estimated). */
  discardedTokens?: number;
  /** The withdrawn output, capped at DISCARDED_TEXT_LIMIT characters each. */
  discardedText?: string;
  discardedReasoning?: string;
  /** Names of the tool calls the attempt had started (never executed). */
  discardedToolCalls?: string[];
}

/** How much of a failed attempt's output its row keeps (the rest is in no message). */
export const DISCARDED_TEXT_LIMIT = 4_000;

/** Something about the run's tool set the user should know, e.g. an MCP server that could not be reached. */
export interface ToolNotice {
  /** Where it comes from, e.g. `MCP · github`. */
  source: string;
  message: string;
}

/** Why a tool call ran or did not, shown on its card ("mode auto", "approved by you", "plan mode is read-only"). */
export interface ToolDecisionNotice {
  toolCallId: string;
  outcome: 'allowed' | 'denied' | 'asked';
  reason: string;
}

/**
 * The user approved a call with edited arguments. The stored tool part holds
 * the arguments that ran (`input`); this part keeps what the model asked for.
 */
export interface ToolEditNotice {
  toolCallId: string;
  /** The arguments that ran. */
  input: unknown;
  /** The arguments the model asked for. */
  originalInput: unknown;
}

/**
 * Tools left out of the run's requests by the cap (lib/agent/tool-cap.ts): "128 of 312 tools sent; 184 left out".
 * One part per message (id `tools-left-out`), updated when the list changes; the model finds them with search_tools.
 */
export interface ToolsLeftOutNotice {
  /** The `maxToolsSent` setting in effect. */
  cap: number;
  /** Tools the run could have offered. */
  total: number;
  /** Tools the request carried (search_tools not counted). */
  sent: number;
  /** Why, in words: the limit and the setting that sets it. */
  reason: string;
  leftOut: { name: string; title?: string }[];
  /** Left-out tools the model enabled with search_tools so far. */
  enabled: string[];
}

/** One log line a tool's server sent while the call ran (MCP `notifications/message`). */
export interface ToolLogLine {
  level: 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';
  text: string;
  logger?: string;
}

/**
 * A running tool's progress and log lines (MCP progress and logging
 * notifications), one part per call (id `progress-<toolCallId>`), updated in
 * place and drawn on the call's card.
 */
export interface ToolProgress {
  toolCallId: string;
  progress?: number;
  /** Absent when the server does not know how much there is to do. */
  total?: number;
  message?: string;
  /** The newest lines, at most 50. */
  logs?: ToolLogLine[];
}

/**
 * Stands in for a stored message that failed validation on load (lib/server/stored-messages.ts):
 * the message keeps its id and role, and this is its only part. Never saved, never sent to the model.
 */
export interface UnreadableMessageNotice {
  /** What was wrong, in a few words (the validation error, shortened). */
  reason: string;
}

/**
 * A form an MCP server asked the user to fill in while one of its tools ran (MCP elicitation).
 * Written again with the same part id as it changes: pending, then answered or cancelled.
 */
export interface ElicitationNotice {
  /** Where the answer goes: POST /api/sessions/:id/elicitations/:elicitationId. */
  elicitationId: string;
  toolCallId?: string;
  server: string;
  /** The server's words; shown as plain text. */
  message: string;
  /** The server's requested schema (a flat object of primitive fields; lib/mcp/elicitation.ts). */
  requestedSchema: unknown;
  status: 'pending' | 'accepted' | 'declined' | 'cancelled';
  /** What the user sent back, when accepted. */
  content?: Record<string, string | number | boolean | string[]>;
  /** Why it ended as it did, e.g. "the run ended" or "the form has an unsupported field". */
  note?: string;
}

/**
 * An MCP server asked to call the model (MCP sampling): refused unless the server is allowed to,
 * then approved by the user, then the model's answer. Rewritten in place like ElicitationNotice.
 */
export interface SamplingNotice {
  /** Absent when refused outright (nothing to answer). */
  samplingId?: string;
  toolCallId?: string;
  server: string;
  status: 'refused' | 'pending' | 'running' | 'completed' | 'denied' | 'cancelled' | 'failed';
  request: { systemPrompt?: string; messages: { role: 'user' | 'assistant'; text: string }[]; maxTokens: number };
  response?: { text: string; model: string; inputTokens: number; outputTokens: number };
  note?: string;
}

/** Step mode's record of a pause (the `data-model-pause` part, ./step-gate.ts): small, so shares and exports carry no request. */
export interface ModelPauseNotice {
  /** The paused step's number in the run's traces. */
  stepNumber: number;
  /** 1-based: which model call of the run this is (its iteration). */
  modelCall: number;
  state: 'paused' | 'continued' | 'stopped';
  messageCount: number;
  toolCount: number;
  /** Continued with a request the person changed. */
  edited?: boolean;
}

// A type alias (not an interface) so it satisfies the SDK's Record<string, unknown> constraint.
// Each type has a zod schema in ./data-part-schemas.ts (stored messages are validated with them).
export type AgentDataTypes = {
  retry: RetryNotice;
  nudge: NudgeNotice;
  'run-end': RunEnd;
  'step-error': StepErrorNotice;
  'tool-notice': ToolNotice;
  'tool-decision': ToolDecisionNotice;
  'tool-edit': ToolEditNotice;
  compaction: CompactionNotice;
  context: ContextNotice;
  'unreadable-message': UnreadableMessageNotice;
  'tool-progress': ToolProgress;
  /** In a user message: an MCP resource attached with `@` (./resource-attachment.ts). */
  'mcp-resource': McpResourceAttachment;
  'tools-left-out': ToolsLeftOutNotice;
  elicitation: ElicitationNotice;
  sampling: SamplingNotice;
  /** Step mode: the run paused before a model call (./step-gate.ts); rewritten in place when it continues or stops. */
  'model-pause': ModelPauseNotice;
};

export type AgentUIMessage = UIMessage<AgentMetadata, AgentDataTypes>;
export type AgentUIMessageChunk = UIMessageChunk<AgentMetadata, AgentDataTypes>;
export type AgentUIMessagePart = AgentUIMessage['parts'][number];

/**
 * The plain text of a UI message: its text parts, one paragraph each. One
 * function for the copy button, retrying the last message and automatic
 * titles (client and server both import it; lib/agent is framework-free).
 * For a model message's text, see `modelMessageText` in ./usage.ts.
 */
export function messageText(message: Pick<AgentUIMessage, 'parts'>): string {
  return message.parts
    .map((part) => (part.type === 'text' ? part.text : ''))
    .filter(Boolean)
    .join('\n\n');
}

export function emptyUsage(): UsageTotals {
  return { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, reasoningTokens: 0, estimated: false };
}

export function addUsage(a: UsageTotals, b: UsageTotals): UsageTotals {
  const cacheWriteTokens = (a.cacheWriteTokens ?? 0) + (b.cacheWriteTokens ?? 0);
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    cachedInputTokens: a.cachedInputTokens + b.cachedInputTokens,
    // Only when some step wrote to the cache, so usage without cache writes keeps its shape.
    ...(cacheWriteTokens > 0 ? { cacheWriteTokens } : {}),
    outputTokens: a.outputTokens + b.outputTokens,
    reasoningTokens: a.reasoningTokens + b.reasoningTokens,
    estimated: a.estimated || b.estimated,
  };
}
