/**
 * MCP tool names as the model sees them: `server__tool`. Client-safe (the tool
 * card uses parseMcpToolName), so no server imports here.
 */

const MCP_TOOL_SEPARATOR = '__';

/** The strictest common limit: OpenAI's function names match ^[a-zA-Z0-9_-]{1,64}$. */
export const MAX_TOOL_NAME_LENGTH = 64;

/**
 * Server names namespace their tools, so they are short slugs without
 * underscores: the first `__` in a tool name always ends the server name.
 */
export const MCP_SERVER_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;

function sanitizeToolNamePart(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_') || 'tool';
}

/** A short, stable hash (FNV-1a) that keeps shortened or clashing names apart. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * `everything` + `get-sum` → `everything__get-sum`. Characters the providers
 * refuse become `_`; a name over the limit is cut and ends in a hash of the
 * original, so two long names never collide.
 */
export function mcpToolName(serverName: string, toolName: string): string {
  const name = `${serverName}${MCP_TOOL_SEPARATOR}${sanitizeToolNamePart(toolName)}`;
  if (name.length <= MAX_TOOL_NAME_LENGTH) return name;
  return withHashSuffix(name, toolName);
}

/** The name with a hash of `original` at its end, within the length limit. */
export function withHashSuffix(name: string, original: string): string {
  const suffix = `_${shortHash(original)}`;
  return `${name.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length)}${suffix}`;
}

/** `everything__get-sum` → { server: 'everything', tool: 'get-sum' }; built-in names → null. */
export function parseMcpToolName(name: string): { server: string; tool: string } | null {
  const at = name.indexOf(MCP_TOOL_SEPARATOR);
  if (at <= 0) return null;
  const server = name.slice(0, at);
  const tool = name.slice(at + MCP_TOOL_SEPARATOR.length);
  if (!tool || !MCP_SERVER_NAME_PATTERN.test(server)) return null;
  return { server, tool };
}
