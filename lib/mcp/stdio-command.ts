import type { McpServerRecord } from './types';

/**
 * A stdio server runs a command on this host, so it never runs unseen: the operator
 * confirms its exact command line from this machine first (POST …/confirm), and any
 * change to the command or its arguments asks again.
 */

type StdioCommand = Pick<McpServerRecord, 'command' | 'args'>;

/** What a confirmation is bound to: the command and every argument, exactly. */
export function commandFingerprint(server: StdioCommand): string {
  return JSON.stringify([server.command ?? '', ...(server.args ?? [])]);
}

export function isCommandConfirmed(server: StdioCommand & Pick<McpServerRecord, 'transport' | 'confirmedCommand'>): boolean {
  return server.transport !== 'stdio' || (server.confirmedCommand != null && server.confirmedCommand === commandFingerprint(server));
}

/** The command line as a POSIX shell would need it typed: what the operator reads before confirming. */
export function commandLine(server: StdioCommand): string {
  return [server.command ?? '', ...(server.args ?? [])].map(shellQuote).join(' ');
}

function shellQuote(word: string): string {
  if (word !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export const UNCONFIRMED_COMMAND_MESSAGE = 'This stdio server has not run yet: review its command in Settings → MCP servers and confirm it there first.';
