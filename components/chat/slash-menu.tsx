'use client';

import { matchCommands, type SlashCommand } from '@/lib/client/slash-commands';
import type { ComposerMenuItem } from './composer-menu-item';

/** The `/` menu: built-in commands and the MCP servers' prompts, filtered by what follows the `/`. */

export interface SlashOption {
  item: ComposerMenuItem;
  command: SlashCommand;
}

export function slashOptions(commands: readonly SlashCommand[], query: string): SlashOption[] {
  return matchCommands(commands, query).map((command) => ({
    command,
    item: {
      key: command.name,
      primary: command.usage,
      secondary: command.description,
      meta: command.kind === 'prompt' ? `MCP · ${command.prompt.server}` : undefined,
    },
  }));
}
