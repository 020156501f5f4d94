/**
 * An MCP server as this layer knows it. lib/server hands database rows
 * (db/schema.ts `McpServerRow`) where this is expected, so the compiler keeps
 * the two in step while lib/mcp never imports the database.
 */
export interface McpServerRecord {
  id: string;
  name: string;
  transport: 'http' | 'sse' | 'stdio';
  url: string | null;
  /** Header values are secrets: never sent to a browser. */
  headers: Record<string, string>;
  command: string | null;
  args: string[];
  /** stdio only: the command line the operator confirmed (see stdio-command.ts). */
  confirmedCommand: string | null;
  /** null: the session's tool timeout. */
  toolTimeoutMs: number | null;
  enabled: boolean;
  /** The server may ask for model completions (MCP sampling), each approved by the user; off by default. */
  allowSampling?: boolean;
  /** The server's own names of the tools switched off (tool-switches.ts). */
  disabledTools: string[];
  /** How the last run (or test) found the server; null until one tried. */
  status: McpServerStatus | null;
  createdAt: number;
  updatedAt: number;
}

/** A server's last known connection state, kept on its row so every instance (and the settings page) sees it. */
export interface McpServerStatus {
  state: 'connected' | 'reconnecting' | 'failed';
  /** Why, for reconnecting and failed: one readable line. */
  message?: string;
  /** When it changed (ms since the epoch). */
  at: number;
}
