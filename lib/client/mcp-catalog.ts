import type { McpResourceAttachment } from '@/lib/agent/resource-attachment';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { McpPromptInfo, McpPromptText } from '@/lib/mcp/prompts';
import type { McpResourceInfo, McpResourceTemplateInfo } from '@/lib/mcp/resources';
import { request } from './api';

/**
 * What the composer offers from the MCP servers: resources for `@`, prompts
 * for `/`. Both lists come from one server-side listing (kept 30 s there);
 * the tab keeps its copy as long, so opening a menu again costs nothing.
 */

export type { McpResourceInfo };

export interface ComposerCatalog {
  servers: { name: string; ok: boolean; error?: string }[];
  resources: McpResourceInfo[];
  templates: McpResourceTemplateInfo[];
  prompts: McpPromptInfo[];
}

const CLIENT_CATALOG_TTL_MS = 30_000;
let cached: { at: number; catalog: Promise<ComposerCatalog> } | undefined;

export function fetchComposerCatalog({ fresh = false } = {}): Promise<ComposerCatalog> {
  if (!fresh && cached && Date.now() - cached.at < CLIENT_CATALOG_TTL_MS) return cached.catalog;
  const query = fresh ? '?fresh=1' : '';
  const catalog = Promise.all([
    request<Pick<ComposerCatalog, 'servers' | 'resources' | 'templates'>>(`/api/mcp/resources${query}`),
    request<Pick<ComposerCatalog, 'servers' | 'prompts'>>(`/api/mcp/prompts${query}`),
  ]).then(([resources, prompts]) => ({ ...resources, prompts: prompts.prompts }));
  cached = { at: Date.now(), catalog };
  // A failed listing is not kept: the next menu asks again.
  catalog.catch(() => {
    if (cached?.catalog === catalog) cached = undefined;
  });
  return catalog;
}

export async function runMcpPrompt(input: { server: string; name: string; arguments: Record<string, string> }): Promise<McpPromptText> {
  return (await request<{ prompt: McpPromptText }>('/api/mcp/prompts', { method: 'POST', json: input })).prompt;
}

/** The chip a resource makes before it is sent: no content (the server reads it when the message goes out). */
export function pendingAttachment(resource: Pick<McpResourceInfo, 'server' | 'uri' | 'name' | 'mimeType'>): McpResourceAttachment {
  return { server: resource.server, uri: resource.uri, name: resource.name, ...(resource.mimeType ? { mimeType: resource.mimeType } : {}) };
}

/** The attachments of a message (its `data-mcp-resource` parts). */
export function messageAttachments(message: Pick<AgentUIMessage, 'parts'>): McpResourceAttachment[] {
  return message.parts.flatMap((part) => (part.type === 'data-mcp-resource' ? [part.data] : []));
}

/**
 * What POST /api/chat gets for a new message: its text and image parts, and the attached
 * resources by server and URI only (the server reads their content itself).
 */
export function outgoingMessage(message: AgentUIMessage): { message: AgentUIMessage; resources?: { server: string; uri: string; name: string }[] } {
  const attachments = messageAttachments(message);
  if (attachments.length === 0) return { message };
  return {
    message: { ...message, parts: message.parts.filter((part) => part.type === 'text' || part.type === 'file') },
    resources: attachments.map(({ server, uri, name }) => ({ server, uri, name })),
  };
}
