import { z } from 'zod';
import type { McpResourceAttachment } from '@/lib/agent/resource-attachment';
import type { connectMcpServer } from './connect';

/**
 * MCP resources for @-mentions: what a server lists, and one resource read
 * into what a user message carries. Every answer is parsed here (a server's
 * JSON is not trusted), every call is bounded in time, and lists and texts are
 * capped, so a large or slow server cannot stall or flood a turn.
 */

export type McpClient = Awaited<ReturnType<typeof connectMcpServer>>;

/** Each list or read waits at most this long (the connection has its own bound). */
export const MCP_CATALOG_CALL_TIMEOUT_MS = 5_000;
/** Resources kept per server: a picker is for choosing, not for browsing thousands. */
export const MAX_RESOURCES_PER_SERVER = 200;
const MAX_TEMPLATES_PER_SERVER = 50;
/** Characters of a resource's text the model reads (about 100 kB); the rest is left out and the attachment says how much. */
export const MAX_RESOURCE_TEXT_CHARS = 100_000;

export interface McpResourceInfo {
  server: string;
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

/** A resource template (`issues://{number}`): listed so the picker can say it is not supported yet. */
export interface McpResourceTemplateInfo {
  server: string;
  uriTemplate: string;
  name: string;
  description?: string;
}

const short = (max: number) => z.string().max(max);

const resourceSchema = z.object({
  uri: short(2000),
  name: short(500),
  title: short(500).optional(),
  description: z.string().optional(),
  mimeType: short(200).optional(),
  size: z.number().optional(),
});
const templateSchema = z.object({ uriTemplate: short(2000), name: short(500), description: z.string().optional() });
const contentSchema = z.object({
  uri: z.string(),
  mimeType: z.string().optional(),
  text: z.string().optional(),
  blob: z.string().optional(),
});

/** Rejects after `ms` with a readable message; the call itself is abandoned (its connection is closed by the caller). */
export function withinTime<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s.`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** A server without the capability answers "method not found": it simply has none. */
function isMethodNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === -32601 || /method not found|does not support/i.test(error instanceof Error ? error.message : '');
}

/** One line of at most `max` characters, or undefined when there is no text. */
export function trimmed(text: string | undefined, max = 300): string | undefined {
  if (!text) return undefined;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat || undefined;
}

/**
 * One page of a server's list (resources, templates, prompts), bounded in time: the items under `key` that pass
 * `schema`, at most `max`; [] when the server has no such capability or answers something else.
 */
export async function listCatalogItems<T>(
  call: () => Promise<unknown>,
  options: { key: string; schema: z.ZodType<T>; max: number; what: string; timeoutMs: number },
): Promise<T[]> {
  let answer: unknown;
  try {
    answer = await withinTime(call(), options.timeoutMs, options.what);
  } catch (error) {
    if (isMethodNotFound(error)) return [];
    throw error;
  }
  const listed = z.object({ [options.key]: z.array(z.unknown()) }).safeParse(answer);
  if (!listed.success) return [];
  return (listed.data[options.key] as unknown[])
    .flatMap((item) => {
      const parsed = options.schema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    })
    .slice(0, options.max);
}

/** The server's resources (first page, capped), or [] when it offers none. */
export async function listServerResources(client: McpClient, server: string, timeoutMs = MCP_CATALOG_CALL_TIMEOUT_MS): Promise<McpResourceInfo[]> {
  const resources = await listCatalogItems(() => client.listResources(), {
    key: 'resources',
    schema: resourceSchema,
    max: MAX_RESOURCES_PER_SERVER,
    what: `MCP server "${server}" (resources/list)`,
    timeoutMs,
  });
  return resources.map((resource) => ({
      server,
      uri: resource.uri,
      name: trimmed(resource.name, 200) ?? resource.uri,
      title: trimmed(resource.title, 200),
      description: trimmed(resource.description),
      mimeType: resource.mimeType,
      size: resource.size,
    }));
}

export async function listServerResourceTemplates(client: McpClient, server: string, timeoutMs = MCP_CATALOG_CALL_TIMEOUT_MS): Promise<McpResourceTemplateInfo[]> {
  const templates = await listCatalogItems(() => client.listResourceTemplates(), {
    key: 'resourceTemplates',
    schema: templateSchema,
    max: MAX_TEMPLATES_PER_SERVER,
    what: `MCP server "${server}" (resources/templates/list)`,
    timeoutMs,
  });
  return templates.map((template) => ({ server, uriTemplate: template.uriTemplate, name: trimmed(template.name, 200) ?? template.uriTemplate, description: trimmed(template.description) }));
}

/**
 * Reads one resource into the attachment a user message carries: its text
 * (all text contents joined, capped at maxChars), or, for binary content, what
 * it was (the model gets a placeholder: we do not know whether it takes images).
 */
export async function readServerResource(
  client: McpClient,
  target: { server: string; uri: string; name?: string },
  options: { timeoutMs?: number; maxChars?: number } = {},
): Promise<McpResourceAttachment> {
  const maxChars = options.maxChars ?? MAX_RESOURCE_TEXT_CHARS;
  const answer = await withinTime(client.readResource({ uri: target.uri }), options.timeoutMs ?? MCP_CATALOG_CALL_TIMEOUT_MS, `MCP server "${target.server}" (resources/read)`);
  const parsed = z.object({ contents: z.array(contentSchema) }).safeParse(answer);
  if (!parsed.success) throw new Error(`MCP server "${target.server}" answered resources/read with something that is not a resource.`);
  const { contents } = parsed.data;
  if (contents.length === 0) throw new Error(`MCP server "${target.server}" has no content at ${target.uri}.`);
  const texts = contents.filter((content) => typeof content.text === 'string');
  const base = { server: target.server, uri: target.uri, name: trimmed(target.name, 200) ?? target.uri, mimeType: contents[0]?.mimeType };
  if (texts.length > 0) {
    const whole = texts.map((content) => content.text).join('\n\n');
    return whole.length > maxChars ? { ...base, text: whole.slice(0, maxChars), truncatedChars: whole.length - maxChars } : { ...base, text: whole };
  }
  const blob = contents.find((content) => typeof content.blob === 'string');
  return { ...base, binary: { mimeType: blob?.mimeType ?? 'application/octet-stream', bytes: Math.floor(((blob?.blob ?? '').replace(/=+$/, '').length * 3) / 4) } };
}
