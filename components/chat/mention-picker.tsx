'use client';

import type { McpResourceAttachment } from '@/lib/agent/resource-attachment';
import type { ComposerCatalog, McpResourceInfo } from '@/lib/client/mcp-catalog';
import type { ComposerMenuItem } from './composer-menu-item';

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
