/**
 * Slash commands typed in the composer and handled by the client (they never
 * reach the model): `/compact [what to focus on]`.
 */

export interface CompactCommand {
  kind: 'compact';
  /** What the summary should keep in detail; undefined for a plain `/compact`. */
  focus?: string;
}

export function parseSlashCommand(text: string): CompactCommand | undefined {
  const match = /^\/compact(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return undefined;
  const focus = match[1]?.trim();
  return focus ? { kind: 'compact', focus } : { kind: 'compact' };
}
