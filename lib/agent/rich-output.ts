/**
 * A tool output with more than text: images, resource links, embedded
 * resources, structured content with its schema (MCP results). It is stored
 * with the message as the call's output; the card draws each item, and the
 * model reads its text with images as image parts (truncate.ts). Client-safe:
 * no imports.
 *
 * Images are the only binary kept, and only the raster types a browser draws
 * safely from a data URL (never SVG or HTML), each at most 2 MiB and 4 MiB per
 * result, so a stored message stays bounded. Anything else becomes a line
 * saying what was left out.
 */

export const RICH_OUTPUT_TYPE = 'tool-content';

/** Raster types only: an SVG or HTML "image" can carry script. */
export const RENDERABLE_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** Bytes of one image kept with the result (and drawn in the card). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Bytes of all images of one result. */
export const MAX_RESULT_IMAGE_BYTES = 4 * 1024 * 1024;
/** Characters of an embedded text resource kept with the result. */
export const MAX_RESOURCE_TEXT_CHARS = 200_000;

export type RichContentItem =
  | { type: 'text'; text: string }
  /** `data` (base64) only when the image is kept; else `omitted` says why. */
  | { type: 'image'; mimeType: string; bytes: number; data?: string; omitted?: string }
  | { type: 'audio'; mimeType: string; bytes: number }
  | { type: 'resource_link'; uri: string; name?: string; title?: string; description?: string; mimeType?: string }
  /** An embedded resource: its text (maybe cut), or the size of a binary one (never kept). */
  | { type: 'resource'; uri: string; mimeType?: string; text?: string; truncatedFrom?: number; bytes?: number }
  | { type: 'other'; kind: string };

export interface RichToolOutput {
  type: typeof RICH_OUTPUT_TYPE;
  content: RichContentItem[];
  structuredContent?: unknown;
  /** The tool's output schema, shown with the structured content. */
  outputSchema?: unknown;
}

export function isRichToolOutput(value: unknown): value is RichToolOutput {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === RICH_OUTPUT_TYPE &&
    Array.isArray((value as { content?: unknown }).content)
  );
}

/** Decoded size of base64 text. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
export function isBase64(data: string): boolean {
  return data.length % 4 === 0 && BASE64.test(data);
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${bytes} B`;
}

/** An image that may be drawn: a raster type, valid base64, within the size limit. */
export function renderableImage(item: RichContentItem): item is Extract<RichContentItem, { type: 'image' }> & { data: string } {
  return (
    item.type === 'image' &&
    typeof item.data === 'string' &&
    RENDERABLE_IMAGE_TYPES.includes(item.mimeType) &&
    base64Bytes(item.data) <= MAX_IMAGE_BYTES &&
    isBase64(item.data)
  );
}

function itemText(item: RichContentItem): string {
  switch (item.type) {
    case 'text':
      return item.text;
    case 'image':
      return item.data && !item.omitted ? `[image: ${item.mimeType}, ${formatBytes(item.bytes)}]` : `[image: ${item.mimeType}, ${formatBytes(item.bytes)}, not shown${item.omitted ? `: ${item.omitted}` : ''}]`;
    case 'audio':
      return `[audio: ${item.mimeType}, ${formatBytes(item.bytes)}, not shown]`;
    case 'resource_link':
      return `[link: ${item.name ?? item.uri} (${item.uri})${item.description ? ` ${item.description}` : ''}]`;
    case 'resource':
      if (typeof item.text === 'string') return `[resource ${item.uri}]\n${item.text}${item.truncatedFrom ? `\n[resource cut at ${item.text.length} of ${item.truncatedFrom} characters]` : ''}`;
      return `[resource ${item.uri}: ${item.mimeType ?? 'binary'}, ${formatBytes(item.bytes ?? 0)}, not shown]`;
    default:
      return `[${item.kind} content, not shown]`;
  }
}

function stableJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * What the model reads of a rich output, as text: each item's text or a line
 * for it (images say their type and size: the image itself goes alongside, to
 * models that see images), then the structured content as JSON unless the
 * text already carries it.
 */
export function richOutputText(output: RichToolOutput): string {
  const text = output.content.map(itemText).join('\n');
  if (output.structuredContent === undefined || output.structuredContent === null) return text;
  const json = stableJson(output.structuredContent);
  if (!text) return json;
  if (text.includes(json) || sameJson(text, output.structuredContent)) return text;
  return `${text}\nStructured content: ${json}`;
}

function sameJson(text: string, value: unknown): boolean {
  try {
    return stableJson(JSON.parse(text)) === stableJson(value);
  } catch {
    return false;
  }
}

/** The images of a rich output that go to a model that sees images. */
export function richOutputImages(output: RichToolOutput): Array<{ mediaType: string; data: string }> {
  return output.content.filter(renderableImage).map((item) => ({ mediaType: item.mimeType, data: item.data }));
}

/** The output without image data, for the raw JSON view (base64 says nothing to a person). */
export function withoutImageData(output: RichToolOutput): RichToolOutput {
  return {
    ...output,
    content: output.content.map((item) => (item.type === 'image' && item.data ? { ...item, data: `(base64, ${formatBytes(item.bytes)})` } : item)),
  };
}
