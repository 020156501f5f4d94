import type { AgentUIMessage } from '@/lib/agent/messages';
import type { ModelInfo } from '@/lib/models/types';
import type { ApprovalDecision } from '@/lib/server/approval-request';
import type { PermissionMode } from '@/lib/permissions/policy';

/** JSON shapes of the HTTP API, shared by route handlers and components. */

export interface SessionSummary {
  id: string;
  title: string;
  modelKey: string;
  createdAt: number;
  updatedAt: number;
  /** A run is active in this process right now. */
  running: boolean;
  /** plan | ask | accept-edits | auto, enforced by the server at every tool call. */
  permissionMode: PermissionMode;
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

/** Body of POST /api/chat that answers approval requests: decisions only. */
export interface ApprovalsRequestBody {
  sessionId: string;
  approvals: ApprovalDecision[];
}

/** A standing grant, as the grants panel lists it. */
export interface ToolGrant {
  id: string;
  toolName: string;
  scope: string;
  createdAt: number;
}
