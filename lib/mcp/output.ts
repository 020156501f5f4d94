import type { CallToolResult } from '@ai-sdk/mcp';

/**
 * MCP tool results → what the model and the card read. Text stays text;
 * binary content (images, audio, blobs) becomes a short placeholder, because
 * base64 in a tool result costs tokens and tells the model nothing.
 */

export class McpToolResultError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpToolResultError';
  }
}

type ContentItem = { type: string; [key: string]: unknown };

function sizeOfBase64(data: unknown): string {
  if (typeof data !== 'string') return '';
  const bytes = Math.floor((data.length * 3) / 4);
  return bytes >= 1024 ? `, ${(bytes / 1024).toFixed(1)} kB` : `, ${bytes} B`;
}

function contentItemToText(item: ContentItem): string {
  switch (item.type) {
    case 'text':
      return String(item.text ?? '');
    case 'image':
    case 'audio':
      return `[${item.type}: ${String(item.mimeType ?? 'unknown type')}${sizeOfBase64(item.data)}, not shown]`;
    case 'resource': {
      const resource = (item.resource ?? {}) as { uri?: string; mimeType?: string; text?: string; blob?: string };
      if (typeof resource.text === 'string') return `[resource ${resource.uri ?? ''}]\n${resource.text}`;
      return `[resource ${resource.uri ?? ''}: ${resource.mimeType ?? 'binary'}${sizeOfBase64(resource.blob)}, not shown]`;
    }
    case 'resource_link':
      return `[link: ${String(item.name ?? item.uri)} (${String(item.uri)})${item.description ? ` ${String(item.description)}` : ''}]`;
    default:
      return `[${item.type} content, not shown]`;
  }
}

/**
 * The tool's output: a string when the result is only content, or
 * `{ content, structuredContent }` when the server also sent structured data.
 * A result flagged `isError` throws, so the loop reports a tool error.
 */
export function mcpResultToOutput(result: CallToolResult): unknown {
  if ('toolResult' in result) return result.toolResult;
  const items = (Array.isArray(result.content) ? result.content : []) as ContentItem[];
  const text = items.map(contentItemToText).join('\n');
  if (result.isError) throw new McpToolResultError(text || 'The MCP server reported an error without details.');
  if (result.structuredContent !== undefined && result.structuredContent !== null) {
    return text ? { content: text, structuredContent: result.structuredContent } : result.structuredContent;
  }
  return text;
}
