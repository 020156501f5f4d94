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

/** The tool result in the SDK's `ToolResultOutput` shape, truncated when needed. */
export function modelToolOutput(output: unknown, toolName: string, maxChars: number): { type: 'text'; value: string } | { type: 'json'; value: never } {
  const result = truncateForModel(output, toolName, maxChars);
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
