'use client';

import type { ComposerCatalog } from '@/lib/client/mcp-catalog';
import { matchCommands, type SlashCommand } from '@/lib/client/slash-commands';
import { ComposerMenuList, type ComposerMenuItem } from './composer-menu';
import { catalogFooter } from './mention-picker';

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

export function SlashMenu({
  id,
  options,
  activeIndex,
  onChoose,
  onActivate,
  state,
  catalog,
  query,
  error,
}: {
  id: string;
  options: readonly SlashOption[];
  activeIndex: number;
  onChoose: (index: number) => void;
  onActivate: (index: number) => void;
  state: 'loading' | 'ready' | 'error';
  catalog?: ComposerCatalog;
  query: string;
  /** Why the catalog could not be listed. */
  error?: string;
}) {
  return (
    <ComposerMenuList
      id={id}
      label="Commands"
      items={options.map((option) => option.item)}
      activeIndex={activeIndex}
      onChoose={onChoose}
      onActivate={onActivate}
      testId="slash-menu"
      footer={catalogFooter({ state, catalog, empty: options.length === 0, what: 'commands', query, error })}
    />
  );
}
