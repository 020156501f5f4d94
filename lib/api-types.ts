import type { AgentUIMessage, UsageTotals } from '@/lib/agent/messages';
import type { StepTrace } from '@/lib/agent/trace';
import type { ContextLevel, ContextThresholds } from '@/lib/context/thresholds';
import type { CompactionRecord, CompactionTrigger, ContextBreakdown } from '@/lib/context/types';
import type { ModelInfo } from '@/lib/models/types';
import type { ApprovalDecision } from '@/lib/api/approval-request';
import type { PermissionMode } from '@/lib/permissions/policy';
import type { Todo } from '@/lib/todos/todos';
import type { McpServerStatus } from '@/lib/mcp/types';

/** JSON shapes of the HTTP API, shared by route handlers and components. */

export interface SessionSummary {
  id: string;
  title: string;
  modelKey: string;
  createdAt: number;
  updatedAt: number;
  /** A run is active right now, on any instance (a PATCH answer only knows this process's runs). */
  running: boolean;
  /**
   * The active run, where the answer read it with the transcript (a session's page and
   * GET /api/sessions/:id): a reattach names it (`/api/chat/:id/stream?run=`), so the run is
   * replayed onto that transcript even if it ended in between.
   */
  runId?: string;
  /** plan | ask | accept-edits | auto, enforced by the server at every tool call. */
  permissionMode: PermissionMode;
  /** A fork: the session and message it was copied from. */
  forkedFrom?: { sessionId: string; messageId: string };
  /** No title yet: the server names the session after the next message sent (lib/server/titles.ts). */
  untitled?: true;
}

export interface SessionDetail extends SessionSummary {
  settings: Record<string, unknown>;
  messages: AgentUIMessage[];
  /** For each shown message that has other versions: its place among them (see BranchInfo). */
  branches: BranchMap;
  /** What comes before `messages` on the shown branch, when they are its last page (`?limit=`); the server always sends it. */
  history?: TranscriptHistory;
}

/** What lies before a page of the shown branch, which the client has not loaded. */
export interface TranscriptHistory {
  /** The message just before the page's first (its parent), or null when the page starts the session. */
  earlierId: string | null;
  /** Usage of every assistant message before the page, so header totals hold with a partial transcript. */
  usageBefore: UsageTotals | null;
  /** The agent's newest todo list set before the page (todo_write), or null: the checklist holds when that call is not loaded. */
  todosBefore: Todo[] | null;
}

/** `GET /api/sessions/:id/history?before=…`: the page of the shown branch that ends just before `before`. */
export interface MessagePage extends TranscriptHistory {
  messages: AgentUIMessage[];
  branches: BranchMap;
}

/** `GET /api/sessions/:id/search?q=…`: messages of the shown branch whose text has every word of the query. */
export interface TranscriptSearchHit {
  messageId: string;
  role: string;
  /** A little of the text around the first match. */
  excerpt: string;
}

/** A message with siblings (regenerated answers, edited messages): "‹ 2 / 3 ›". */
interface BranchInfo {
  /** The versions, oldest first; this message is `siblings[index]`. */
  siblings: string[];
  index: number;
}

export type BranchMap = Record<string, BranchInfo>;

/** A message waiting in the session's queue: sent, in order, when the active run ends normally. */
export interface QueuedMessage {
  id: string;
  /** Empty for a message of images alone. */
  text: string;
  /** The images queued with it (names and types; the bytes stay on the server until it is sent). */
  images?: { mediaType: string; filename?: string }[];
  createdAt: number;
  updatedAt: number;
}

/** GET /api/sessions/[id]/queue, and the answer of every queue write. */
export interface QueueResponse {
  items: QueuedMessage[];
  /** Set when a queued message was sent just now: its id is the new user message's id. Follow the run with the stream endpoint. */
  dispatchedId?: string;
}

export interface ModelsResponse {
  models: ModelInfo[];
  configured: boolean;
  defaultKey: string;
}

/** Body of POST /api/chat. The client sends only the new message; the server rebuilds history. */
export interface ChatRequestBody {
  sessionId: string;
  message: AgentUIMessage;
  modelKey?: string;
  /** Editing a past message: the new one follows this message (null: it starts the conversation) as a new branch. */
  parentId?: string | null;
  /** MCP resources attached with `@`: the server reads them (lib/api/mcp-catalog-request.ts). */
  resources?: { server: string; uri: string; name?: string }[];
}

/** Body of POST /api/chat for a new answer to a user message already in the session. */
export interface RegenerateRequestBody {
  sessionId: string;
  regenerate: { userMessageId: string };
  modelKey?: string;
}

/** An MCP server as the browser sees it: header values never leave the server. */
export interface McpServerView {
  id: string;
  name: string;
  transport: 'http' | 'sse' | 'stdio';
  url: string | null;
  /** Header names only; `masked` stands in for the stored secret. */
  headers: { name: string; masked: string }[];
  command: string | null;
  args: string[];
  /** stdio: the exact command line, quoted as a shell would need it. */
  commandLine: string | null;
  /** stdio: whether the operator confirmed this exact command from this machine (always true for http/sse). */
  commandConfirmed: boolean;
  /** How long one tool call may take, in ms; null: the session's tool timeout. */
  toolTimeoutMs: number | null;
  /** The server may ask for model completions (MCP sampling), each approved by the user. */
  allowSampling: boolean;
  /** The server's own names of the tools switched off: never offered to the model. */
  disabledTools: string[];
  /** How the last run (or test) found it: connected, reconnecting or failed (why, when); null until one tried. */
  status: McpServerStatus | null;
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface McpToolSummary {
  /** The name the model sees, e.g. `everything__echo`. */
  name: string;
  /** The server's own tool name, e.g. `echo`. */
  toolName: string;
  title?: string;
  description?: string;
  permission: 'read' | 'external';
}

/** GET and PUT /api/sessions/:id/mcp-tools: the owner's servers (with their own switches) and the session's switches over them. */
export interface SessionMcpSwitches {
  servers: { id: string; name: string; enabled: boolean; disabledTools: string[] }[];
  overrides: { servers?: Record<string, boolean>; tools?: Record<string, Record<string, boolean>> };
}

/** POST /api/mcp-servers/:id/test: a failed connection is an answer, not an HTTP error. */
export type McpTestResult = { ok: true; tools: McpToolSummary[] } | { ok: false; error: string };
/** Body of POST /api/chat that answers approval requests: decisions only. */
export interface ApprovalsRequestBody {
  sessionId: string;
  approvals: ApprovalDecision[];
}

/** GET /api/sessions/:id/runs: newest first. */
export interface RunSummary {
  id: string;
  messageId: string;
  modelKey: string;
  status: 'running' | 'completed' | 'awaiting_approval' | 'failed' | 'cancelled' | 'interrupted';
  endReason: string | null;
  usage: UsageTotals | null;
  startedAt: number;
  endedAt: number | null;
}

/** GET /api/runs/:runId/steps: the inspector's data, keys redacted before the trace was stored. */
export interface RunStep {
  stepNumber: number;
  trace: StepTrace;
  /** "Copy as curl" for model calls (an approvals step has no request). */
  curl?: string;
}

/** A standing grant, as the grants panel lists it. */
export interface ToolGrant {
  id: string;
  toolName: string;
  scope: string;
  createdAt: number;
}

/** GET /api/sessions/:id/files: the workspace's files, sorted by path. */
export interface WorkspaceListing {
  files: Array<{ path: string; size: number; updatedAt: number }>;
  totalBytes: number;
}

/** GET /api/sessions/:id/files/content?path=…: one file; binary files come without content. */
export type WorkspaceFileContent = { path: string; size: number; updatedAt: number } & ({ binary: false; content: string } | { binary: true });

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
  /** Tools the next request carries (search_tools not counted) of the session's tools: the tool cap leaves the rest out. */
  toolCount?: { sent: number; total: number };
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

/* ---------- Share links ---------- */

/** What the owner chooses to leave out of a share. Keys, header values and secrets are left out whatever is chosen. */
export interface ShareOptions {
  /** The agent's system prompt (instructions); hidden unless the owner shows it. */
  hideSystemPrompt: boolean;
  /** Tool call arguments and results: the cards show only which tool ran and how it ended. */
  hideToolIO: boolean;
  /** The workspace files. */
  hideWorkspace: boolean;
}

/** A string in the session that looks like a secret, found before publishing. */
export interface SecretFinding {
  /** Stable id of the text (a hash), to ask for its redaction. */
  id: string;
  kind: 'provider-key' | 'bearer-token' | 'private-key' | 'aws-key' | 'github-token' | 'slack-token' | 'jwt' | 'password-assignment';
  /** Enough to recognise it, never the whole value: "sk-p…f3". */
  masked: string;
  /** Where it was found, in words: "message 3 (tool output)", "workspace: notes/keys.md". */
  where: string[];
  /** Already redacted by the owner's choice. */
  redacted: boolean;
}

/** The shared session as viewers see it: a copy made when shared (or updated), never the live session. */
export interface ShareSnapshot {
  title: string;
  modelKey: string;
  sharedAt: number;
  messages: AgentUIMessage[];
  compactions: CompactionEntry[];
  usage: UsageTotals;
  /** Present unless hidden. */
  systemPrompt: string | null;
  /** Present unless hidden: text files with their content, others by size only. */
  workspace: Array<{ path: string; size: number; text: string | null }> | null;
}

/** POST /api/sessions/:id/shares/preview: exactly what a share with these options would show, and what the scan found. */
export interface SharePreview {
  snapshot: ShareSnapshot;
  findings: SecretFinding[];
}

/** A share link as its owner sees it (GET /api/sessions/:id/shares). */
export interface ShareView {
  id: string;
  sessionId: string;
  /** Path of the public page: /share/<token>. */
  url: string;
  mode: 'snapshot' | 'live';
  options: ShareOptions;
  createdAt: number;
  /** When the snapshot was last taken. */
  updatedAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
  viewCount: number;
  lastViewedAt: number | null;
  /** Other sites may show the page in a frame. */
  allowEmbed: boolean;
}

/** What new sessions start from (GET/PUT /api/defaults); null: the app's own default. */
export interface UserDefaults {
  modelKey: string | null;
  permissionMode: PermissionMode | null;
  /** Setting overrides, as a session's `settings`. */
  settings: Record<string, unknown>;
}

/** A saved system prompt (GET/POST /api/presets). */
export interface SystemPromptPreset {
  id: string;
  name: string;
  prompt: string;
  updatedAt: number;
}
