import type { DynamicToolUIPart, ToolUIPart } from 'ai';

/** A tool call part of an assistant message (static or dynamic, e.g. MCP). */
export type ToolPart = ToolUIPart | DynamicToolUIPart;

/** `get_current_time` → "Get current time"; `mcp__github__list_issues` → "Github list issues". */
export function humanizeToolName(name: string): string {
  const words = name
    .replace(/^mcp__/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\-.\s]+|__/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  if (words.length === 0) return name;
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/**
 * The input to show: the parsed object when there is one; for calls whose
 * arguments could not be parsed, the raw text the model produced.
 */
export function displayInput(part: ToolPart): { value: unknown; raw: boolean } {
  const rawInput = 'rawInput' in part ? (part as { rawInput?: unknown }).rawInput : undefined;
  if (part.state === 'output-error' && (part.input === undefined || part.input === null) && rawInput !== undefined) {
    return { value: rawInput, raw: true };
  }
  if (part.state === 'output-error' && typeof part.input === 'string') return { value: part.input, raw: true };
  if (part.state === 'input-streaming' && part.input === undefined && typeof rawInput === 'string') return { value: rawInput, raw: true };
  return { value: part.input, raw: false };
}

/** `{"expression":"2+2"}` → `expression: "2+2"`, on one line, for the card header. */
export function inputPreview(input: unknown, max = 90): string {
  if (input === undefined || input === null) return '';
  let text: string;
  if (typeof input === 'string') text = input;
  else if (typeof input === 'object' && !Array.isArray(input)) {
    text = Object.entries(input as Record<string, unknown>)
      .map(([key, value]) => `${key}: ${typeof value === 'string' ? JSON.stringify(value) : safeJson(value)}`)
      .join(', ');
  } else text = safeJson(input);
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Reads a field from an object-shaped value without trusting its shape. */
export function field(value: unknown, ...keys: string[]): unknown {
  if (!value || typeof value !== 'object') return undefined;
  for (const key of keys) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined && item !== null) return item;
  }
  return undefined;
}
