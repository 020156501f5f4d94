import { isRichToolOutput, richOutputImages, richOutputText } from './rich-output';

/**
 * Tool-output truncation for the model. The UI and the database always keep
 * the full output; only the copy sent to the model is cut, with a marker that
 * says how much was shown. The same function runs inside the run and, through
 * the tools' `toModelOutput`, when later turns are rebuilt from stored messages.
 */

export interface ToolResultText {
  /** What the model sees. */
  text: string;
  truncated: boolean;
  originalChars: number;
}

function serializeToolOutput(output: unknown): string {
  if (typeof output === 'string') return output;
  // Images and resources as lines of text (an image goes alongside, as itself: modelToolOutput).
  if (isRichToolOutput(output)) return richOutputText(output);
  if (output === undefined) return '';
  try {
    return JSON.stringify(output) ?? String(output);
  } catch {
    return String(output);
  }
}

export function truncationMarker(shown: number, total: number, toolName: string): string {
  return `[OUTPUT TRUNCATED: showing ${shown} of ${total} characters from ${toolName}]`;
}

export function truncateForModel(output: unknown, toolName: string, maxChars: number): ToolResultText {
  const full = serializeToolOutput(output);
  if (full.length <= maxChars) return { text: full, truncated: false, originalChars: full.length };
  return {
    text: `${full.slice(0, maxChars)}\n${truncationMarker(maxChars, full.length, toolName)}`,
    truncated: true,
    originalChars: full.length,
  };
}

/** A tool result's images, in the SDK's tool-result content form. */
type ImagePart = { type: 'file'; mediaType: string; data: { type: 'data'; data: string } };
type ModelToolOutput =
  | { type: 'text'; value: string }
  | { type: 'json'; value: never }
  | { type: 'content'; value: Array<{ type: 'text'; text: string } | ImagePart> };

/**
 * The tool result in the SDK's `ToolResultOutput` shape, truncated when needed.
 * A result with images is `content`: its text, then each image as an image part
 * (a model that does not see images gets the text alone: lib/models/tool-result-images.ts).
 */
export function modelToolOutput(output: unknown, toolName: string, maxChars: number): ModelToolOutput {
  const result = truncateForModel(output, toolName, maxChars);
  if (isRichToolOutput(output)) {
    const images = richOutputImages(output);
    if (images.length === 0) return { type: 'text', value: result.text };
    return {
      type: 'content',
      value: [
        ...(result.text ? [{ type: 'text' as const, text: result.text }] : []),
        ...images.map((image): ImagePart => ({ type: 'file', mediaType: image.mediaType, data: { type: 'data', data: image.data } })),
      ],
    };
  }
  if (!result.truncated && typeof output !== 'string' && output !== undefined && isJsonValue(output)) {
    return { type: 'json', value: output as never };
  }
  return { type: 'text', value: result.text };
}

export function modelErrorOutput(errorText: string, toolName: string, maxChars: number): { type: 'error-text'; value: string } {
  return { type: 'error-text', value: truncateForModel(errorText, toolName, maxChars).text };
}

function isJsonValue(value: unknown): boolean {
  try {
    JSON.stringify(value);
    return true;
  } catch {
    return false;
  }
}
