'use client';

import type { McpResourceAttachment } from '@/lib/agent/resource-attachment';
import type { ComposerCatalog, McpResourceInfo } from '@/lib/client/mcp-catalog';
import { ComposerMenuList, type ComposerMenuItem } from './composer-menu';

/** The `@` picker: resources of the enabled MCP servers, filtered by what follows the `@`. */

export interface MentionOption {
  item: ComposerMenuItem;
  /** Absent for a resource template (shown, not choosable). */
  resource?: McpResourceInfo;
}

/** Options shown at once; typing narrows them. */
const MAX_MENTION_OPTIONS = 50;

export function mentionOptions(catalog: ComposerCatalog | undefined, query: string, attached: readonly McpResourceAttachment[]): MentionOption[] {
  if (!catalog) return [];
  const wanted = query.toLowerCase();
  const matches = (...texts: (string | undefined)[]) => texts.some((text) => text?.toLowerCase().includes(wanted));
  const resources = catalog.resources
    .filter((resource) => !attached.some((chip) => chip.server === resource.server && chip.uri === resource.uri))
    .filter((resource) => matches(resource.name, resource.title, resource.uri, resource.server))
    .slice(0, MAX_MENTION_OPTIONS)
    .map((resource) => ({
      resource,
      item: {
        key: `${resource.server}\n${resource.uri}`,
        primary: resource.title ?? resource.name,
        secondary: resource.uri,
        meta: [resource.server, resource.mimeType].filter(Boolean).join(' · '),
      },
    }));
  const templates = catalog.templates
    .filter((template) => matches(template.name, template.uriTemplate, template.server))
    .slice(0, 10)
    .map((template) => ({
      item: {
        key: `template\n${template.server}\n${template.uriTemplate}`,
        primary: template.name,
        secondary: `${template.uriTemplate}: resource templates are not supported yet`,
        meta: template.server,
        disabled: true,
      },
    }));
  return [...resources, ...templates];
}

export function MentionPicker({
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
  options: readonly MentionOption[];
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
      label="Attach a resource from an MCP server"
      items={options.map((option) => option.item)}
      activeIndex={activeIndex}
      onChoose={onChoose}
      onActivate={onActivate}
      testId="mention-picker"
      footer={catalogFooter({ state, catalog, empty: options.length === 0, what: 'resources', query, error })}
    />
  );
}

/** Loading, nothing to show, or the servers that could not be listed (shared with the slash menu); null when all is well. */
export function catalogFooter({
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
