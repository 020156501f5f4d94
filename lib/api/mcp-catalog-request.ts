import { z } from 'zod';
import { MAX_RESOURCES_PER_MESSAGE } from '@/lib/agent/resource-attachment';
import { MCP_SERVER_NAME_PATTERN } from '@/lib/mcp/names';
import { hasControlCharacters } from './text-input';

/** Requests about the resources and prompts of the owner's MCP servers (framework-free: the browser builds the same shapes). */

const serverName = z.string().regex(MCP_SERVER_NAME_PATTERN, 'server must be the name of an MCP server');
const resourceUri = z
  .string()
  .min(1, 'uri is required')
  .max(2000)
  .refine((value) => !hasControlCharacters(value), 'uri cannot contain control characters');

/** GET /api/mcp/resources and /api/mcp/prompts: `?fresh=1` lists again instead of the 30-second cache. */
export const catalogQuerySchema = z.strictObject({ fresh: z.enum(['1']).optional() });

/** GET /api/mcp/resources/read?server=&uri= */
export const resourceReadQuerySchema = z.strictObject({ server: serverName, uri: resourceUri });

/** A resource named in a chat message: the server reads it when the message is sent. */
const resourceMentionSchema = z.strictObject({ server: serverName, uri: resourceUri, name: z.string().max(200).optional() });
export const resourceMentionsSchema = z.array(resourceMentionSchema).max(MAX_RESOURCES_PER_MESSAGE, `At most ${MAX_RESOURCES_PER_MESSAGE} resources per message`);

/** POST /api/mcp/prompts: prompts/get with the person's arguments (MCP prompt arguments are strings). */
export const promptGetSchema = z.strictObject({
  server: serverName,
  name: z.string().min(1).max(200),
  arguments: z.record(z.string().max(200), z.string().max(10_000)).default({}).refine((value) => Object.keys(value).length <= 20, 'At most 20 arguments'),
});

