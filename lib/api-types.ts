import type { AgentUIMessage } from '@/lib/agent/messages';
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

/** GET /api/sessions/:id/files: the workspace's files, sorted by path. */
export interface WorkspaceListing {
  files: Array<{ path: string; size: number; updatedAt: number }>;
  totalBytes: number;
}

/** GET /api/sessions/:id/files/content?path=…: one file; binary files come without content. */
export type WorkspaceFileContent = { path: string; size: number; updatedAt: number } & ({ binary: false; content: string } | { binary: true });
