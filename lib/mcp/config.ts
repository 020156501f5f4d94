import { z } from 'zod';
import { hasControlCharacters, hasTextControlCharacters } from '@/lib/api/text-input';
import { MCP_SERVER_NAME_PATTERN } from './names';

/**
 * What a user may configure for an MCP server, validated on the server.
 *
 * URLs: only http and https. Loopback and private addresses are allowed on
 * purpose: this is a self-hosted app, and an MCP server on the operator's own
 * machine or network is the common case. The only user is the operator; a
 * multi-user deployment needs per-user isolation before it exposes this.
 * Redirects are never followed (the MCP transports reject them), so a server
 * cannot bounce requests, or its headers, elsewhere.
 */

/** Operators opt in to stdio servers: they run a local command on the host. */
export const STDIO_ENV_FLAG = 'MCP_ALLOW_STDIO';

export function isStdioAllowed(env: Record<string, string | undefined> = process.env): boolean {
  const value = env[STDIO_ENV_FLAG]?.trim().toLowerCase();
  return value === '1' || value === 'true' || value === 'yes';
}

const MAX_HEADERS = 20;

/** Headers the transport manages itself; letting a user set them would break or spoof the protocol. */
const RESERVED_HEADERS = new Set(['accept', 'content-type', 'content-length', 'host', 'connection', 'transfer-encoding', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id']);

const serverNameSchema = z
  .string()
  .trim()
  .regex(MCP_SERVER_NAME_PATTERN, 'Name: 1–32 lowercase letters, digits or dashes (it prefixes the tool names, e.g. name__tool)');

const serverUrlSchema = z
  .string()
  .trim()
  .max(2000)
  // The URL parser drops tabs and line breaks silently: refused, so the stored address is the one used.
  .refine((value) => !hasControlCharacters(value), 'URL cannot contain control characters')
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  }, 'URL must be an http:// or https:// address')
  .refine((value) => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password), 'Put credentials in a header, not in the URL');

const headerNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'Header names are letters, digits and - (e.g. Authorization)')
  .refine((name) => !RESERVED_HEADERS.has(name.toLowerCase()), 'This header is set by the MCP transport');

const headerValueSchema = z
  .string()
  .max(8000)
  // HTTP allows tabs in a field value, and no other control character.
  .refine((value) => !/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value), 'Header values cannot contain line breaks or control characters');

const transportSchema = z.enum(['http', 'sse', 'stdio']);
const commandSchema = z
  .string()
  .trim()
  .min(1)
  .max(1000)
  .refine((value) => !hasControlCharacters(value), 'The command cannot contain control characters');
/** Per-server tool timeout: 1 s to 10 min; null goes back to the session's setting. */
const toolTimeoutSchema = z.number().int().min(1000).max(600_000).nullable();
/** The server's own names of the tools switched off (Settings → MCP servers); the whole list, replacing the stored one. */
const disabledToolsSchema = z.array(z.string().min(1).max(200)).max(1_000);
const argsSchema = z.array(z.string().max(2000).refine((value) => !hasTextControlCharacters(value), 'Arguments cannot contain control characters')).max(50);

function uniqueHeaderNames(headers: { name: string }[] | undefined, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  for (const [index, header] of (headers ?? []).entries()) {
    const key = header.name.toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['headers', index, 'name'], message: `Header ${header.name} is listed twice` });
    seen.add(key);
  }
}

export const createMcpServerSchema = z
  .strictObject({
    name: serverNameSchema,
    transport: transportSchema.default('http'),
    url: serverUrlSchema.optional(),
    headers: z.array(z.strictObject({ name: headerNameSchema, value: headerValueSchema })).max(MAX_HEADERS).optional(),
    command: commandSchema.optional(),
    args: argsSchema.optional(),
    toolTimeoutMs: toolTimeoutSchema.optional(),
    enabled: z.boolean().optional(),
    disabledTools: disabledToolsSchema.optional(),
  })
  .superRefine((body, ctx) => {
    uniqueHeaderNames(body.headers, ctx);
    if (body.transport !== 'stdio' && !body.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'URL is required' });
    if (body.transport === 'stdio' && !body.command) ctx.addIssue({ code: 'custom', path: ['command'], message: 'Command is required for stdio' });
  });

/**
 * A PATCH. `headers` replaces the whole list; a header sent without `value`
 * keeps its stored secret, so the browser never needs to know it.
 */
export const patchMcpServerSchema = z
  .strictObject({
    name: serverNameSchema.optional(),
    transport: transportSchema.optional(),
    url: serverUrlSchema.optional(),
    headers: z.array(z.strictObject({ name: headerNameSchema, value: headerValueSchema.optional() })).max(MAX_HEADERS).optional(),
    command: commandSchema.optional(),
    args: argsSchema.optional(),
    toolTimeoutMs: toolTimeoutSchema.optional(),
    enabled: z.boolean().optional(),
    disabledTools: disabledToolsSchema.optional(),
    allowSampling: z.boolean().optional(),
  })
  .superRefine((body, ctx) => uniqueHeaderNames(body.headers, ctx))
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to update');

/** Confirming a stdio server repeats the command line the operator was shown; a stale page cannot confirm a changed one. */
export const confirmStdioCommandSchema = z.strictObject({ command: commandSchema, args: argsSchema });

export type ConfirmStdioCommandInput = z.infer<typeof confirmStdioCommandSchema>;
export type CreateMcpServerInput = z.infer<typeof createMcpServerSchema>;
export type PatchMcpServerInput = z.infer<typeof patchMcpServerSchema>;

export class McpConfigError extends Error {}

/**
 * The header map after a PATCH. Kept secrets stay only while the server's
 * origin is unchanged: a secret meant for one host is never sent to another
 * unless the user types it again.
 */
export function mergeHeaders(
  stored: Record<string, string>,
  patch: { name: string; value?: string }[],
  originChanged: boolean,
): Record<string, string> {
  const storedByName = new Map(Object.entries(stored).map(([name, value]) => [name.toLowerCase(), value]));
  const merged: Record<string, string> = {};
  for (const header of patch) {
    if (header.value !== undefined) {
      merged[header.name] = header.value;
      continue;
    }
    const kept = storedByName.get(header.name.toLowerCase());
    if (kept === undefined) throw new McpConfigError(`Header ${header.name} needs a value.`);
    if (originChanged) throw new McpConfigError(`The server's address changed: enter the value of ${header.name} again.`);
    merged[header.name] = kept;
  }
  return merged;
}

export function originOf(url: string | null | undefined): string | null {
  return url && URL.canParse(url) ? new URL(url).origin : null;
}
