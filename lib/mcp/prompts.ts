import { z } from 'zod';
import { listCatalogItems, MCP_CATALOG_CALL_TIMEOUT_MS, trimmed, withinTime, type McpClient } from './resources';

/**
 * MCP prompts as slash commands: what a server lists (with its arguments, for
 * the small form), and one prompt fetched with the person's arguments as the
 * text that goes into the composer. Answers are parsed, bounded in time and capped.
 */

const MAX_PROMPTS_PER_SERVER = 100;
const MAX_PROMPT_ARGUMENTS = 20;
/** Characters of a prompt's messages put into the composer (the composer's own limit is 100,000). */
const MAX_PROMPT_TEXT_CHARS = 100_000;

interface McpPromptArgument {
  name: string;
  description?: string;
  required: boolean;
}

export interface McpPromptInfo {
  server: string;
  name: string;
  title?: string;
  description?: string;
  arguments: McpPromptArgument[];
}

/** A prompt's messages as the composer takes them: one text, the person edits it before sending. */
export interface McpPromptText {
  server: string;
  name: string;
  text: string;
  /** Characters left out past MAX_PROMPT_TEXT_CHARS. */
  truncatedChars?: number;
  /** Messages of the prompt that were not the user's (assistant turns), kept in the text with a label. */
  assistantMessages: number;
}

const promptSchema = z.object({
  name: z.string().min(1).max(200),
  title: z.string().max(500).optional(),
  description: z.string().optional(),
  arguments: z
    .array(z.object({ name: z.string().min(1).max(200), description: z.string().optional(), required: z.boolean().optional() }))
    .optional(),
});

const promptContentSchema = z.union([
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('resource'), resource: z.object({ uri: z.string(), text: z.string().optional(), mimeType: z.string().optional() }) }),
  z.object({ type: z.literal('resource_link'), uri: z.string(), name: z.string().optional() }),
  z.object({ type: z.string() }),
]);
const promptResultSchema = z.object({
  messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: promptContentSchema })),
});

export async function listServerPrompts(client: McpClient, server: string, timeoutMs = MCP_CATALOG_CALL_TIMEOUT_MS): Promise<McpPromptInfo[]> {
  const prompts = await listCatalogItems(() => client.listPrompts(), {
    key: 'prompts',
    schema: promptSchema,
    max: MAX_PROMPTS_PER_SERVER,
    what: `MCP server "${server}" (prompts/list)`,
    timeoutMs,
  });
  return prompts.map((prompt) => ({
      server,
      name: prompt.name,
      title: trimmed(prompt.title, 200),
      description: trimmed(prompt.description, 300),
      arguments: (prompt.arguments ?? []).slice(0, MAX_PROMPT_ARGUMENTS).map((argument) => ({
        name: argument.name,
        description: trimmed(argument.description, 300),
        required: argument.required === true,
      })),
    }));
}

/** One message's content as text: text as is, an embedded text resource as its text, anything else as a short placeholder. */
function contentText(content: z.infer<typeof promptContentSchema>): string {
  if ('text' in content && content.type === 'text') return content.text;
  if ('resource' in content) return content.resource.text ?? `[${content.resource.mimeType ?? 'binary'} resource ${content.resource.uri}]`;
  if ('uri' in content) return `[${content.name ?? 'resource'}: ${content.uri}]`;
  return `[${content.type} content not shown]`;
}

/** prompts/get with the person's arguments, as one text for the composer (assistant turns are labelled). */
export async function getServerPrompt(
  client: McpClient,
  target: { server: string; name: string; arguments: Record<string, string> },
  timeoutMs = MCP_CATALOG_CALL_TIMEOUT_MS,
): Promise<McpPromptText> {
  const answer = await withinTime(client.getPrompt({ name: target.name, arguments: target.arguments }), timeoutMs, `MCP server "${target.server}" (prompts/get)`);
  const parsed = promptResultSchema.safeParse(answer);
  if (!parsed.success) throw new Error(`MCP server "${target.server}" answered prompts/get with something that is not a prompt.`);
  const assistantMessages = parsed.data.messages.filter((message) => message.role === 'assistant').length;
  const whole = parsed.data.messages
    .map((message) => (message.role === 'assistant' ? `Assistant: ${contentText(message.content)}` : contentText(message.content)))
    .join('\n\n')
    .trim();
  const base = { server: target.server, name: target.name, assistantMessages };
  return whole.length > MAX_PROMPT_TEXT_CHARS
    ? { ...base, text: whole.slice(0, MAX_PROMPT_TEXT_CHARS), truncatedChars: whole.length - MAX_PROMPT_TEXT_CHARS }
    : { ...base, text: whole };
}
