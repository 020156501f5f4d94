import {
  base64Bytes,
  formatBytes,
  isBase64,
  MAX_IMAGE_BYTES,
  MAX_RESOURCE_TEXT_CHARS,
  MAX_RESULT_IMAGE_BYTES,
  RENDERABLE_IMAGE_TYPES,
  RICH_OUTPUT_TYPE,
  richOutputText,
  type RichContentItem,
  type RichToolOutput,
} from '@/lib/agent/rich-output';

/**
 * MCP tool results → the call's output. Text-only results stay a string (what
 * the model and the card have always read). A result with images, resources,
 * links or structured content becomes a rich output (lib/agent/rich-output.ts):
 * the card draws each item, and the model reads the text with images as image
 * parts when it sees images. Only raster images within the size limits are
 * kept; audio and binary resources become a line saying what was left out,
 * because base64 in a tool result costs tokens and tells the model nothing.
 */

export class McpToolResultError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpToolResultError';
  }
}

/** The parts of a `tools/call` result this reads (the official SDK's `CallToolResult`, or the older `toolResult` form). */
export interface McpCallResult {
  content?: unknown;
  structuredContent?: unknown;
  isError?: boolean;
  toolResult?: unknown;
}

type RawItem = { type?: unknown; [key: string]: unknown };

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function toItem(raw: RawItem, budget: { imageBytes: number }): RichContentItem {
  switch (raw.type) {
    case 'text':
      return { type: 'text', text: String(raw.text ?? '') };
    case 'image': {
      const mimeType = str(raw.mimeType)?.toLowerCase() ?? 'unknown type';
      const data = str(raw.data) ?? '';
      const bytes = base64Bytes(data);
      const omitted = !RENDERABLE_IMAGE_TYPES.includes(mimeType)
        ? `${mimeType} is not an image type that is shown`
        : !isBase64(data)
          ? 'the data is not base64'
          : bytes > MAX_IMAGE_BYTES
            ? `${formatBytes(bytes)} is over the ${formatBytes(MAX_IMAGE_BYTES)} limit`
            : budget.imageBytes + bytes > MAX_RESULT_IMAGE_BYTES
              ? `the result's images are over ${formatBytes(MAX_RESULT_IMAGE_BYTES)}`
              : undefined;
      if (omitted) return { type: 'image', mimeType, bytes, omitted };
      budget.imageBytes += bytes;
      return { type: 'image', mimeType, bytes, data };
    }
    case 'audio':
      return { type: 'audio', mimeType: str(raw.mimeType) ?? 'unknown type', bytes: base64Bytes(str(raw.data) ?? '') };
    case 'resource_link':
      return {
        type: 'resource_link',
        uri: String(raw.uri ?? ''),
        ...(str(raw.name) ? { name: str(raw.name) } : {}),
        ...(str(raw.title) ? { title: str(raw.title) } : {}),
        ...(str(raw.description) ? { description: str(raw.description) } : {}),
        ...(str(raw.mimeType) ? { mimeType: str(raw.mimeType) } : {}),
      };
    case 'resource': {
      const resource = (raw.resource ?? {}) as RawItem;
      const uri = String(resource.uri ?? '');
      const mimeType = str(resource.mimeType);
      const text = str(resource.text);
      if (text !== undefined) {
        const cut = text.length > MAX_RESOURCE_TEXT_CHARS;
        return { type: 'resource', uri, ...(mimeType ? { mimeType } : {}), text: cut ? text.slice(0, MAX_RESOURCE_TEXT_CHARS) : text, ...(cut ? { truncatedFrom: text.length } : {}) };
      }
      return { type: 'resource', uri, ...(mimeType ? { mimeType } : {}), bytes: base64Bytes(str(resource.blob) ?? '') };
    }
    default:
      return { type: 'other', kind: String(raw.type ?? 'unknown') };
  }
}

/** An output schema is kept with the result only while it is small: it is stored with every call. */
const MAX_OUTPUT_SCHEMA_CHARS = 20_000;

/**
 * The tool's output: a string when the result is only text, else a rich
 * output (with `outputSchema`, the tool's, when it sent structured content).
 * A result flagged `isError` throws, so the loop reports a tool error.
 */
export function mcpResultToOutput(result: McpCallResult, options: { outputSchema?: unknown } = {}): unknown {
  if ('toolResult' in result && result.toolResult !== undefined) return result.toolResult;
  const budget = { imageBytes: 0 };
  const items = (Array.isArray(result.content) ? result.content : []).filter((item): item is RawItem => typeof item === 'object' && item !== null).map((item) => toItem(item, budget));
  const hasStructured = result.structuredContent !== undefined && result.structuredContent !== null;
  const rich: RichToolOutput = { type: RICH_OUTPUT_TYPE, content: items, ...(hasStructured ? { structuredContent: result.structuredContent } : {}) };
  if (result.isError) throw new McpToolResultError(richOutputText(rich) || 'The MCP server reported an error without details.');
  if (!hasStructured && items.every((item) => item.type === 'text')) return items.map((item) => (item as { text: string }).text).join('\n');
  if (hasStructured && options.outputSchema && JSON.stringify(options.outputSchema).length <= MAX_OUTPUT_SCHEMA_CHARS) rich.outputSchema = options.outputSchema;
  return rich;
}
