'use client';

import type { ComposerCatalog } from '@/lib/client/mcp-catalog';
import { ComposerMenuList } from './composer-menu';
import type { ComposerMenuItem } from './composer-menu-item';

/** The composer's two catalog menus: the `@` picker of resources and the `/` menu of commands and prompts. */
const MENUS = {
  mention: { label: 'Attach a resource from an MCP server', testId: 'mention-picker', what: 'resources' },
  slash: { label: 'Commands', testId: 'slash-menu', what: 'commands' },
} as const;

export function CatalogMenu({
  kind,
  id,
  items,
  activeIndex,
  onChoose,
  onActivate,
  state,
  catalog,
  query,
  error,
}: {
  kind: keyof typeof MENUS;
  id: string;
  items: readonly ComposerMenuItem[];
  activeIndex: number;
  onChoose: (index: number) => void;
  onActivate: (index: number) => void;
  state: 'loading' | 'ready' | 'error';
  catalog?: ComposerCatalog;
  query: string;
  /** Why the catalog could not be listed. */
  error?: string;
}) {
  const menu = MENUS[kind];
  return (
    <ComposerMenuList
      id={id}
      label={menu.label}
      items={items}
      activeIndex={activeIndex}
      onChoose={onChoose}
      onActivate={onActivate}
      testId={menu.testId}
      footer={catalogFooter({ state, catalog, empty: items.length === 0, what: menu.what, query, error })}
    />
  );
}

/** Loading, nothing to show, or the servers that could not be listed ; null when all is well. */
function catalogFooter({
  state,
  catalog,
  empty,
  what,
  query,
  error,
}: {
  state: 'loading' | 'ready' | 'error';
  catalog?: ComposerCatalog;
  empty: boolean;
  what: 'resources' | 'commands';
  query: string;
  error?: string;
}): React.ReactNode {
  if (state === 'loading') return <span role="status">Loading {what === 'resources' ? 'resources' : 'MCP prompts'}…</span>;
  if (state === 'error') return <span role="alert">{error ?? `Could not list the MCP servers' ${what}.`}</span>;
  const failed = catalog?.servers.filter((server) => !server.ok) ?? [];
  const noServers = !catalog || catalog.servers.length === 0;
  const lines: string[] = [];
  if (empty) {
    if (query) lines.push(`Nothing matches “${query}”.`);
    else if (noServers) lines.push(`No MCP server is enabled: add one in Settings → MCP servers.`);
    else lines.push(`The enabled MCP servers offer no ${what === 'resources' ? 'resources' : 'prompts'}.`);
  }
  for (const server of failed) lines.push(server.error ?? `${server.name} could not be listed.`);
  if (lines.length === 0) return null;
  return (
    <span className="flex flex-col gap-0.5" data-testid="catalog-footer">
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </span>
  );
}
