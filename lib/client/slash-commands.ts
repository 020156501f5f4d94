import type { McpPromptInfo } from '@/lib/mcp/prompts';

/**
 * Slash commands typed in the composer. They are handled by the client and
 * never reach the model: built-in commands (`/compact [focus]`; issue 16 adds
 * /help, /new, /model … here) and the MCP servers' prompts as
 * `/server:prompt`. The composer's menu lists them all from this registry;
 * anything else that looks like a command gets a helpful message instead of a
 * model call.
 */

export interface BuiltInCommand {
  kind: 'built-in';
  name: string;
  /** How it is typed, e.g. `/compact [focus]`. */
  usage: string;
  description: string;
}

export interface PromptCommand {
  kind: 'prompt';
  /** `server:prompt`. */
  name: string;
  usage: string;
  description: string;
  prompt: McpPromptInfo;
}

export type SlashCommand = BuiltInCommand | PromptCommand;

export const BUILT_IN_COMMANDS: readonly BuiltInCommand[] = [
  { kind: 'built-in', name: 'compact', usage: '/compact [focus]', description: 'Summarise the conversation to free context; text after it says what to keep' },
];

export function promptCommands(prompts: readonly McpPromptInfo[]): PromptCommand[] {
  return prompts.map((prompt) => {
    const name = `${prompt.server}:${prompt.name}`;
    const args = prompt.arguments.map((argument) => (argument.required ? `<${argument.name}>` : `[${argument.name}]`)).join(' ');
    return {
      kind: 'prompt',
      name,
      usage: `/${name}${args ? ` ${args}` : ''}`,
      description: prompt.description ?? prompt.title ?? `Prompt of the MCP server ${prompt.server}`,
      prompt,
    };
  });
}

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

/**
 * Text that reads as a command: `/name` at the very start, followed by a space
 * or the end. A path such as `/etc/hosts is…` is a message, not a command.
 */
export function parseSlashInput(text: string): { name: string; rest: string } | undefined {
  const match = /^\/([^\s/]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return undefined;
  return { name: match[1]!, rest: match[2]?.trim() ?? '' };
}

export function findCommand(commands: readonly SlashCommand[], name: string): SlashCommand | undefined {
  return commands.find((command) => command.name === name);
}

/** Commands for what was typed after `/`: names that start with it first, then names that contain it. */
export function matchCommands(commands: readonly SlashCommand[], query: string): SlashCommand[] {
  const wanted = query.toLowerCase();
  const starts = commands.filter((command) => command.name.toLowerCase().startsWith(wanted) || command.name.toLowerCase().split(':')[1]?.startsWith(wanted));
  const contains = commands.filter((command) => !starts.includes(command) && command.name.toLowerCase().includes(wanted));
  return [...starts, ...contains];
}

/** What the composer says for `/name` that is no command: close matches when there are some, and how to see them all. */
export function unknownCommandMessage(name: string, commands: readonly SlashCommand[]): string {
  const close = matchCommands(commands, name.slice(0, 3)).slice(0, 3);
  const hint = close.length ? ` Did you mean ${close.map((command) => `/${command.name}`).join(', ')}?` : '';
  return `Unknown command /${name}: nothing was sent.${hint} Type / to see the commands.`;
}
