import 'server-only';
import { listEnabledMcpServers } from '@/db/queries/mcp-servers';
import { MAX_RESOURCES_PER_MESSAGE, type McpResourceAttachment } from '@/lib/agent/resource-attachment';
import { connectMcpServer, describeMcpError, McpConnectionError, type McpServerConfig } from '@/lib/mcp/connect';
import { getServerPrompt, listServerPrompts, type McpPromptInfo, type McpPromptText } from '@/lib/mcp/prompts';
import {
  listServerResources,
  listServerResourceTemplates,
  MAX_RESOURCE_TEXT_CHARS,
  readServerResource,
  type McpClient,
  type McpResourceInfo,
  type McpResourceTemplateInfo,
} from '@/lib/mcp/resources';
import type { z } from 'zod';
import { getAppDb } from './db';
import { ApiError } from './http';
import { withOpenHeaders } from './mcp-header-secrets';
import { withOAuthProviders } from './mcp-oauth';
import { currentOwnerId } from './owner';
import { limitRequest } from './rate-limit';

/**
 * What the owner's enabled MCP servers offer the composer: resources to
 * mention with `@` and prompts to run as slash commands. One connection per
 * server lists both; the answer is kept 30 s per owner (the picker opens
 * often, servers change rarely), and a changed server list is read again at once.
 */

interface McpCatalogServer {
  name: string;
  ok: boolean;
  /** Why the server's entries are missing, in one line. */
  error?: string;
}

export interface McpCatalog {
  servers: McpCatalogServer[];
  resources: McpResourceInfo[];
  templates: McpResourceTemplateInfo[];
  prompts: McpPromptInfo[];
}

/** How long a listing is reused. */
const MCP_CATALOG_TTL_MS = 30_000;
/** Text of all resources of one message together: five full resources would flood the context. */
export const MAX_RESOURCE_TEXT_CHARS_PER_MESSAGE = 200_000;
/** Owners whose listing is kept at once (oldest dropped first). */
const MAX_CACHED_OWNERS = 200;

const cache = new Map<string, { key: string; at: number; catalog: Promise<McpCatalog> }>();

type ServerRow = Awaited<ReturnType<typeof listEnabledMcpServers>>[number];

async function enabledServers(ownerId: string): Promise<ServerRow[]> {
  return listEnabledMcpServers(await getAppDb(), ownerId);
}

/** How to reach these servers: header secrets opened, the owner's OAuth tokens attached (as a run reaches them). */
async function configsOf(ownerId: string, rows: ServerRow[]): Promise<McpServerConfig[]> {
  return withOAuthProviders(await getAppDb(), ownerId, rows.map(withOpenHeaders));
}

/** Connects, runs `work`, and always closes the connection. */
async function withClient<T>(config: McpServerConfig, work: (client: McpClient) => Promise<T>): Promise<T> {
  const client = await connectMcpServer(config);
  try {
    return await work(client);
  } finally {
    void client.close().catch(() => {});
  }
}

async function listServer(config: McpServerConfig): Promise<{ server: McpCatalogServer; resources: McpResourceInfo[]; templates: McpResourceTemplateInfo[]; prompts: McpPromptInfo[] }> {
  const { name } = config;
  try {
    return await withClient(config, async (client) => {
      const [resources, templates, prompts] = await Promise.all([
        listServerResources(client, name),
        listServerResourceTemplates(client, name),
        listServerPrompts(client, name),
      ]);
      return { server: { name, ok: true }, resources, templates, prompts };
    });
  } catch (error) {
    const message = error instanceof McpConnectionError ? error.message : describeMcpError(error, name);
    return { server: { name, ok: false, error: message }, resources: [], templates: [], prompts: [] };
  }
}

async function buildCatalog(ownerId: string, rows: ServerRow[]): Promise<McpCatalog> {
  const listed = await Promise.all((await configsOf(ownerId, rows)).map(listServer));
  return {
    servers: listed.map((entry) => entry.server),
    resources: listed.flatMap((entry) => entry.resources),
    templates: listed.flatMap((entry) => entry.templates),
    prompts: listed.flatMap((entry) => entry.prompts),
  };
}

/** The owner's catalog, from the cache when it is fresh and the servers are unchanged; `fresh` lists again. */
export async function mcpCatalog(ownerId: string, { fresh = false, now = Date.now() } = {}): Promise<McpCatalog> {
  const rows = await enabledServers(ownerId);
  if (rows.length === 0) return { servers: [], resources: [], templates: [], prompts: [] };
  const key = rows.map((row) => `${row.id}:${row.updatedAt}`).join(',');
  const cached = cache.get(ownerId);
  if (!fresh && cached && cached.key === key && now - cached.at < MCP_CATALOG_TTL_MS) return cached.catalog;
  const catalog = buildCatalog(ownerId, rows);
  cache.delete(ownerId);
  cache.set(ownerId, { key, at: now, catalog });
  for (const [owner, entry] of cache) {
    if (cache.size <= MAX_CACHED_OWNERS && now - entry.at < MCP_CATALOG_TTL_MS) break;
    cache.delete(owner);
  }
  return catalog;
}

async function requireServer(ownerId: string, name: string): Promise<McpServerConfig> {
  const row = (await enabledServers(ownerId)).find((candidate) => candidate.name === name);
  if (!row) throw new ApiError('not_found', `No enabled MCP server is named "${name}".`);
  const [config] = await configsOf(ownerId, [row]);
  return config!;
}

/** A failure talking to the server as an API error: the server's own complaint about the arguments is a 400, anything else a 502. */
function unavailable(error: unknown, server: string): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown } | undefined)?.code;
  const message = error instanceof McpConnectionError ? error.message : describeMcpError(error, server);
  return new ApiError(code === -32602 ? 'bad_request' : 'mcp_unavailable', message);
}

/** Reads resources for a user message at send time (the browser names them; their content comes from the server only). */
export async function readMentionedResources(ownerId: string, mentions: readonly { server: string; uri: string; name?: string }[]): Promise<McpResourceAttachment[]> {
  const unique = mentions.filter((mention, index) => mentions.findIndex((other) => other.server === mention.server && other.uri === mention.uri) === index);
  if (unique.length > MAX_RESOURCES_PER_MESSAGE) throw new ApiError('bad_request', `At most ${MAX_RESOURCES_PER_MESSAGE} resources per message.`);
  const byServer = new Map<string, typeof unique>();
  for (const mention of unique) byServer.set(mention.server, [...(byServer.get(mention.server) ?? []), mention]);
  const read = new Map<string, McpResourceAttachment>();
  await Promise.all(
    [...byServer].map(async ([server, wanted]) => {
      const config = await requireServer(ownerId, server);
      try {
        await withClient(config, async (client) => {
          for (const mention of wanted) read.set(`${server}\n${mention.uri}`, await readServerResource(client, mention));
        });
      } catch (error) {
        throw unavailable(error, server);
      }
    }),
  );
  // In the order they were attached; the text budget is shared, first come first served.
  let budget = MAX_RESOURCE_TEXT_CHARS_PER_MESSAGE;
  return unique.map((mention) => {
    const resource = read.get(`${mention.server}\n${mention.uri}`)!;
    if (resource.text === undefined) return resource;
    const allowed = Math.max(0, Math.min(budget, MAX_RESOURCE_TEXT_CHARS));
    budget -= Math.min(resource.text.length, allowed);
    if (resource.text.length <= allowed) return resource;
    return { ...resource, text: resource.text.slice(0, allowed), truncatedChars: (resource.truncatedChars ?? 0) + resource.text.length - allowed };
  });
}

/** One resource, for a look before attaching it. */
async function readOneResource(ownerId: string, target: { server: string; uri: string }): Promise<McpResourceAttachment> {
  const [resource] = await readMentionedResources(ownerId, [target]);
  return resource!;
}

/** prompts/get with the person's arguments, as text for the composer. */
async function runPrompt(ownerId: string, target: { server: string; name: string; arguments: Record<string, string> }): Promise<McpPromptText> {
  const config = await requireServer(ownerId, target.server);
  try {
    return await withClient(config, (client) => getServerPrompt(client, target));
  } catch (error) {
    throw unavailable(error, target.server);
  }
}

/** A GET's query, validated: 400 with the first problem. */
export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError('bad_request', `Invalid request${issue?.path.length ? ` at ${issue.path.join('.')}` : ''}: ${issue?.message ?? 'bad query'}`);
  }
  return parsed.data;
}

/** The routes' side: the viewer's own servers only. */
export async function catalogFor(request: Request, query: { fresh?: '1' }): Promise<McpCatalog> {
  return mcpCatalog(await currentOwnerId(request), { fresh: query.fresh === '1' });
}

export async function resourceFor(request: Request, target: { server: string; uri: string }): Promise<McpResourceAttachment> {
  return readOneResource(await currentOwnerId(request), target);
}

/** Counted like other tool-like requests: it makes the server do work. */
export async function promptFor(request: Request, target: { server: string; name: string; arguments: Record<string, string> }): Promise<McpPromptText> {
  await limitRequest('tool', request);
  return runPrompt(await currentOwnerId(request), target);
}
