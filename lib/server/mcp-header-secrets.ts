import 'server-only';
import type { McpServerRow } from '@/db/schema';
import type { McpServerConfig } from '@/lib/mcp/connect';
import { isSealed, openSecret, SecretDecryptError, sealSecret } from './secret-box';

/**
 * MCP header values at rest: sealed on the way into the database, opened only on
 * the way to the MCP server (a run's tools, "Test connection") and to the scrubber.
 * A value stored before encryption existed is plaintext until the startup upgrade
 * seals it (lib/server/stored-secrets.ts); it still reads meanwhile.
 */

export function sealHeaderValues(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, sealSecret(value)]));
}

/** One stored value as plaintext (a value from before encryption reads as it is); SecretDecryptError when it no longer opens. */
export function openStoredHeaderValue(value: string): string {
  return isSealed(value) ? openSecret(value) : value;
}

/** The plaintext headers; throws SecretDecryptError when a value no longer opens. */
function openHeaderValues(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, openStoredHeaderValue(value)]));
}

/** A row as lib/mcp connects to it: headers opened, or the reason they cannot be (the server is then left out with that notice). */
export function withOpenHeaders<T extends Pick<McpServerRow, 'headers'>>(row: T): T & Pick<McpServerConfig, 'headersUnreadable'> {
  try {
    return { ...row, headers: openHeaderValues(row.headers ?? {}) };
  } catch (error) {
    if (!(error instanceof SecretDecryptError)) throw error;
    return { ...row, headers: {}, headersUnreadable: `${error.message} Edit the server and enter its header values again.` };
  }
}
