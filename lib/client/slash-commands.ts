import type { McpPromptInfo } from '@/lib/mcp/prompts';
import { PERMISSION_MODES, type PermissionMode } from '@/lib/permissions/policy';

/**
 * Slash commands typed in the composer. They are handled by the client and
 * never reach the model: the built-in commands below and the MCP servers'
 * prompts as `/server:prompt`. The composer's menu lists them all from this
 * registry; anything else that looks like a command gets a helpful message
 * instead of a model call.
 */

/** Where the menu finds the values of a command's argument (after `/name `). */
export type ArgumentSource = 'modes' | 'models' | 'export-formats';

export interface BuiltInCommand {
  kind: 'built-in';
  name: BuiltInName;
  /** How it is typed, e.g. `/compact [focus]`. */
  usage: string;
  description: string;
  /** The argument's values are offered in the menu once the name is typed. */
  argument?: ArgumentSource;
}

/** A value the menu offers for a command's argument. */
export interface ArgumentOption {
  value: string;
  label: string;
  description?: string;
  /** Right-aligned, e.g. the provider. */
  meta?: string;
  /** The session's value now. */
  current?: boolean;
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

type BuiltInName = 'help' | 'new' | 'clear' | 'compact' | 'mode' | 'model' | 'fork' | 'share' | 'export' | 'inspect' | 'cost';

export const EXPORT_FORMATS = ['json', 'markdown'] as const;
type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** In the order the menu and /help list them: the conversation first, then the session's settings, then the panels. */
export const BUILT_IN_COMMANDS: readonly BuiltInCommand[] = [
  { kind: 'built-in', name: 'help', usage: '/help', description: 'List the commands' },
  { kind: 'built-in', name: 'new', usage: '/new', description: 'Start a new session' },
  { kind: 'built-in', name: 'clear', usage: '/clear', description: 'Start over: a new, empty session with this one’s model, mode and settings' },
  { kind: 'built-in', name: 'compact', usage: '/compact [focus]', description: 'Summarise the conversation to free context; text after it says what to keep' },
  { kind: 'built-in', name: 'mode', usage: `/mode ${PERMISSION_MODES.join('|')}`, description: 'Switch the permission mode', argument: 'modes' },
  { kind: 'built-in', name: 'model', usage: '/model <name>', description: 'Switch the model (a part of its name is enough)', argument: 'models' },
  { kind: 'built-in', name: 'fork', usage: '/fork', description: 'Fork the session at the last message and open the fork' },
  { kind: 'built-in', name: 'share', usage: '/share', description: 'Share a read-only link to this session' },
  { kind: 'built-in', name: 'export', usage: '/export [json|markdown]', description: 'Download the session (JSON, importable again) or its transcript (Markdown)', argument: 'export-formats' },
  { kind: 'built-in', name: 'inspect', usage: '/inspect', description: 'Open the inspector: every step’s request and response' },
  { kind: 'built-in', name: 'cost', usage: '/cost', description: 'Show the tokens and cost of this session so far, by model' },
];

/** Whether anything may follow the name (`/compact [focus]`, `/model <name>`, a prompt's arguments). */
export function commandTakesArgument(command: SlashCommand): boolean {
  return command.usage.includes(' ');
}

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
  const byPrefix = matchCommands(commands, name.slice(0, 3));
  const close = (byPrefix.length ? byPrefix : commands.filter((command) => editDistance(command.name, name.toLowerCase()) <= 2)).slice(0, 3);
  const hint = close.length ? ` Did you mean ${close.map((command) => `/${command.name}`).join(', ')}?` : '';
  return `Unknown command /${name}: nothing was sent.${hint} Type /help to see the commands.`;
}

/** What a typed built-in command asks for, its argument checked; `invalid` says why it cannot run (shown, never sent). */
export type BuiltInAction =
  | { kind: 'help' | 'new' | 'clear' | 'fork' | 'share' | 'inspect' | 'cost' }
  | { kind: 'compact'; focus?: string }
  | { kind: 'mode'; mode: PermissionMode }
  | { kind: 'model'; query: string }
  | { kind: 'export'; format: ExportFormat }
  | { kind: 'invalid'; message: string };

const NO_ARGUMENT = new Set<BuiltInName>(['help', 'new', 'clear', 'fork', 'share', 'inspect', 'cost']);

/** The action for `/name rest`, or undefined when `name` is not a built-in command. */
export function parseBuiltInCommand(name: string, rest: string): BuiltInAction | undefined {
  const command = BUILT_IN_COMMANDS.find((candidate) => candidate.name === name);
  if (!command) return undefined;
  const argument = rest.trim();
  const usage = `Usage: ${command.usage}.`;
  if (NO_ARGUMENT.has(command.name)) {
    return argument ? { kind: 'invalid', message: `/${name} takes no argument. ${usage}` } : ({ kind: command.name } as BuiltInAction);
  }
  switch (command.name) {
    case 'compact':
      return argument ? { kind: 'compact', focus: argument } : { kind: 'compact' };
    case 'mode': {
      const mode = PERMISSION_MODES.find((candidate) => candidate === argument.toLowerCase());
      if (mode) return { kind: 'mode', mode };
      return { kind: 'invalid', message: argument ? `There is no mode “${argument}”. ${usage}` : `Which mode? ${usage}` };
    }
    case 'model':
      return argument ? { kind: 'model', query: argument } : { kind: 'invalid', message: `Which model? ${usage} Type /model and a space to see them.` };
    case 'export': {
      const wanted = argument.toLowerCase() || 'json';
      const format = EXPORT_FORMATS.find((candidate) => candidate === wanted || (wanted === 'md' && candidate === 'markdown'));
      return format ? { kind: 'export', format } : { kind: 'invalid', message: `There is no export format “${argument}”. ${usage}` };
    }
    default:
      return undefined;
  }
}

/** Levenshtein distance: the close names an unknown command or model is offered. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
