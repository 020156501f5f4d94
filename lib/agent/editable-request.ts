import { modelMessageSchema, type AssistantContent, type ModelMessage, type ToolResultPart, type UserContent } from 'ai';
import { z } from 'zod';

/**
 * One model request in a form a person can edit: the inspector's "Edit and
 * re-run" and "Replay" and the paused-request card all show and change this.
 * It is rebuilt from a step's trace: the request body exactly as the provider
 * got it (Responses `input`, Chat Completions or Anthropic `messages`, or our
 * own reconstruction) turned back into the AI SDK's model messages.
 */

interface EditableToolSwitch {
  name: string;
  enabled: boolean;
}

/** The sampling settings a request may carry; absent: the model's default. */
export interface EditableSettings {
  temperature?: number;
  topP?: number;
  maxOutputTokens?: number;
}

export interface EditableRequest {
  instructions: string;
  messages: ModelMessage[];
  tools: EditableToolSwitch[];
  settings: EditableSettings;
}

/** Bounds of an edited request: the server checks every field (never trust the browser). */
const EDITABLE_REQUEST_LIMITS = { instructionsChars: 200_000, messages: 5_000, tools: 2_000 } as const;

/** The server's check of an edited request (the messages by the AI SDK's own model-message schema). */
export const editableRequestSchema = z
  .object({
    instructions: z.string().max(EDITABLE_REQUEST_LIMITS.instructionsChars),
    messages: z.array(modelMessageSchema).max(EDITABLE_REQUEST_LIMITS.messages),
    tools: z.array(z.object({ name: z.string().min(1).max(256), enabled: z.boolean() }).strict()).max(EDITABLE_REQUEST_LIMITS.tools),
    settings: z
      .object({
        temperature: z.number().min(0).max(2).optional(),
        topP: z.number().min(0).max(1).optional(),
        maxOutputTokens: z.number().int().min(1).max(1_000_000).optional(),
      })
      .strict(),
  })
  .strict();

/** A tool as the request declared it to the provider, for sending the same declaration again. */
export interface DeclaredTool {
  name: string;
  description?: string;
  /** JSON Schema of its input; absent when the body did not carry one (our reconstruction). */
  inputSchema?: Record<string, unknown>;
}

/** The parts of a step trace's request (StepTrace['request'], trace.ts) that make it editable; spelled out, as trace.ts records edits in this module's terms. */
interface TraceRequest {
  body: unknown;
  instructions: string;
  tools: string[];
  settings: Record<string, unknown>;
}

/** The step's request, editable: instructions, messages, every tool switched on, the settings it was sent with. */
export function editableRequestFromTrace(request: TraceRequest): EditableRequest {
  return {
    instructions: request.instructions,
    messages: modelMessagesFromBody(request.body, request.instructions),
    tools: request.tools.map((name) => ({ name, enabled: true })),
    settings: settingsOf(request),
  };
}

/** The settings the step was sent with: recorded ones first, else read from the body. */
function settingsOf(request: TraceRequest): EditableSettings {
  const recorded = isRecord(request.settings) ? request.settings : {};
  const body = isRecord(request.body) ? request.body : {};
  const settings: EditableSettings = {};
  const temperature = numberOf(recorded.temperature) ?? numberOf(body.temperature);
  const topP = numberOf(recorded.topP) ?? numberOf(body.top_p);
  const maxOutputTokens = numberOf(recorded.maxOutputTokens) ?? numberOf(body.max_output_tokens) ?? numberOf(body.max_completion_tokens) ?? numberOf(body.max_tokens);
  if (temperature !== undefined) settings.temperature = temperature;
  if (topP !== undefined) settings.topP = topP;
  if (maxOutputTokens !== undefined) settings.maxOutputTokens = maxOutputTokens;
  return settings;
}

/** The tools a request body declared, with their input schemas where the provider format carries them. */
export function declaredToolsFromBody(body: unknown): DeclaredTool[] {
  if (!isRecord(body) || !Array.isArray(body.tools)) return [];
  const tools: DeclaredTool[] = [];
  for (const item of body.tools) {
    if (!isRecord(item)) continue;
    // Chat Completions nests the function; Responses and our reconstruction do not; Anthropic calls the schema input_schema.
    const fn = isRecord(item.function) ? item.function : item;
    if (typeof fn.name !== 'string') continue;
    const schema = fn.parameters ?? fn.input_schema ?? fn.inputSchema;
    tools.push({
      name: fn.name,
      ...(typeof fn.description === 'string' ? { description: fn.description } : {}),
      ...(isRecord(schema) ? { inputSchema: schema } : {}),
    });
  }
  return tools;
}

/**
 * A request body's conversation as model messages. The instructions are not a
 * message here (the request has its own field): a system message carrying
 * exactly them is left out, any other system message stays.
 */
export function modelMessagesFromBody(body: unknown, instructions: string): ModelMessage[] {
  if (!isRecord(body)) return [];
  if (Array.isArray(body.input)) return fromResponsesInput(body.input, instructions);
  if (!Array.isArray(body.messages)) return [];
  // Our own reconstruction holds model messages already.
  if (!('model' in body) && 'toolChoice' in body) return body.messages.filter(isModelMessage).filter((m) => !isInstructions(m, instructions));
  return fromChatOrMessages(body.messages, instructions);
}

// ---------------------------------------------------------------- Responses

function fromResponsesInput(items: unknown[], instructions: string): ModelMessage[] {
  const out = new MessageBuilder();
  let instructionsSeen = false;
  for (const item of items) {
    if (!isRecord(item)) continue;
    const role = item.role;
    if (role === 'system' || role === 'developer') {
      const text = contentText(item.content);
      if (!instructionsSeen && text === instructions) instructionsSeen = true;
      else out.push({ role: 'system', content: text });
    } else if (role === 'user') {
      out.push({ role: 'user', content: userContent(item.content) });
    } else if (role === 'assistant') {
      const text = contentText(item.content);
      if (text) out.assistant({ type: 'text', text, ...openaiItem(item.id) });
    } else if (item.type === 'reasoning') {
      const summary = Array.isArray(item.summary) ? item.summary.map((s) => (isRecord(s) && typeof s.text === 'string' ? s.text : '')).join('\n\n') : '';
      const openai: Record<string, string> = {};
      if (typeof item.id === 'string') openai.itemId = item.id;
      if (typeof item.encrypted_content === 'string') openai.reasoningEncryptedContent = item.encrypted_content;
      out.assistant({ type: 'reasoning', text: summary, ...(Object.keys(openai).length ? { providerOptions: { openai } } : {}) });
    } else if (item.type === 'function_call') {
      out.assistant({ type: 'tool-call', toolCallId: String(item.call_id ?? ''), toolName: String(item.name ?? ''), input: parseJson(item.arguments), ...openaiItem(item.id) });
    } else if (item.type === 'function_call_output') {
      const callId = String(item.call_id ?? '');
      out.toolResult({ type: 'tool-result', toolCallId: callId, toolName: out.toolNameOf(callId), output: toolOutput(item.output) });
    }
  }
  return out.messages;
}

function openaiItem(id: unknown): { providerOptions?: { openai: { itemId: string } } } {
  return typeof id === 'string' ? { providerOptions: { openai: { itemId: id } } } : {};
}

// ------------------------------------------------- Chat Completions / Anthropic

function fromChatOrMessages(messages: unknown[], instructions: string): ModelMessage[] {
  const out = new MessageBuilder();
  let instructionsSeen = false;
  for (const message of messages) {
    if (!isRecord(message)) continue;
    const { role, content } = message;
    if (role === 'system' || role === 'developer') {
      const text = contentText(content);
      if (!instructionsSeen && text === instructions) instructionsSeen = true;
      else out.push({ role: 'system', content: text });
    } else if (role === 'tool') {
      const callId = String(message.tool_call_id ?? '');
      out.toolResult({ type: 'tool-result', toolCallId: callId, toolName: out.toolNameOf(callId), output: toolOutput(content) });
    } else if (role === 'assistant') {
      const reasoning = message.reasoning_content ?? message.reasoning;
      if (typeof reasoning === 'string' && reasoning) out.assistant({ type: 'reasoning', text: reasoning });
      if (typeof content === 'string') {
        if (content) out.assistant({ type: 'text', text: content });
      } else if (Array.isArray(content)) {
        for (const block of content) assistantBlock(out, block);
      }
      if (Array.isArray(message.tool_calls)) {
        for (const call of message.tool_calls) {
          if (!isRecord(call) || !isRecord(call.function)) continue;
          out.assistant({ type: 'tool-call', toolCallId: String(call.id ?? ''), toolName: String(call.function.name ?? ''), input: parseJson(call.function.arguments) });
        }
      }
      out.endAssistant();
    } else if (role === 'user') {
      // Anthropic sends tool results as user content blocks; everything else in the message is the user's.
      const blocks = Array.isArray(content) ? content : null;
      const results = blocks?.filter((b) => isRecord(b) && b.type === 'tool_result') ?? [];
      for (const result of results as Record<string, unknown>[]) {
        const callId = String(result.tool_use_id ?? '');
        const output = toolOutput(result.content);
        out.toolResult({ type: 'tool-result', toolCallId: callId, toolName: out.toolNameOf(callId), output: result.is_error === true ? { type: 'error-text', value: outputText(output) } : output });
      }
      const rest = blocks ? blocks.filter((b) => !(isRecord(b) && b.type === 'tool_result')) : null;
      if (!rest || rest.length) out.push({ role: 'user', content: userContent(rest ?? content) });
    }
  }
  return out.messages;
}

function assistantBlock(out: MessageBuilder, block: unknown): void {
  if (typeof block === 'string') return out.assistant({ type: 'text', text: block });
  if (!isRecord(block)) return;
  if ((block.type === 'text' || block.type === 'output_text') && typeof block.text === 'string') return out.assistant({ type: 'text', text: block.text });
  if (block.type === 'thinking') {
    const signature = typeof block.signature === 'string' ? { providerOptions: { anthropic: { signature: block.signature } } } : {};
    return out.assistant({ type: 'reasoning', text: String(block.thinking ?? ''), ...signature });
  }
  if (block.type === 'redacted_thinking') {
    return out.assistant({ type: 'reasoning', text: '', providerOptions: { anthropic: { redactedData: String(block.data ?? '') } } });
  }
  if (block.type === 'tool_use') out.assistant({ type: 'tool-call', toolCallId: String(block.id ?? ''), toolName: String(block.name ?? ''), input: block.input ?? {} });
}

// ------------------------------------------------------------------ shared

/** Collects messages, merging consecutive assistant parts into one message and consecutive tool results into one. */
class MessageBuilder {
  readonly messages: ModelMessage[] = [];
  private openAssistant: Exclude<AssistantContent, string> | null = null;
  private openTool: ToolResultPart[] | null = null;
  private readonly toolNames = new Map<string, string>();

  push(message: ModelMessage): void {
    this.openAssistant = null;
    this.openTool = null;
    this.messages.push(message);
  }

  assistant(part: Exclude<AssistantContent, string>[number]): void {
    if (part.type === 'tool-call') this.toolNames.set(part.toolCallId, part.toolName);
    this.openTool = null;
    if (!this.openAssistant) {
      this.openAssistant = [];
      this.messages.push({ role: 'assistant', content: this.openAssistant });
    }
    this.openAssistant.push(part);
  }

  /** The next assistant part starts a new message (a Chat Completions message ended). */
  endAssistant(): void {
    this.openAssistant = null;
  }

  toolResult(part: ToolResultPart): void {
    this.openAssistant = null;
    if (!this.openTool) {
      this.openTool = [];
      this.messages.push({ role: 'tool', content: this.openTool });
    }
    this.openTool.push(part);
  }

  toolNameOf(callId: string): string {
    return this.toolNames.get(callId) ?? 'unknown';
  }
}

function userContent(content: unknown): UserContent {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: Exclude<UserContent, string> = [];
  for (const block of content) {
    if (typeof block === 'string') parts.push({ type: 'text', text: block });
    if (!isRecord(block)) continue;
    if (typeof block.text === 'string') parts.push({ type: 'text', text: block.text });
    else if (block.type === 'input_image' && typeof block.image_url === 'string') parts.push(imagePart(block.image_url));
    else if (block.type === 'image_url' && isRecord(block.image_url) && typeof block.image_url.url === 'string') parts.push(imagePart(block.image_url.url));
    else if (block.type === 'image' && isRecord(block.source) && typeof block.source.data === 'string') {
      const mediaType = typeof block.source.media_type === 'string' ? block.source.media_type : 'image/png';
      parts.push({ type: 'image', image: `data:${mediaType};base64,${block.source.data}`, mediaType });
    }
  }
  return parts.length === 1 && parts[0].type === 'text' ? parts[0].text : parts;
}

function imagePart(url: string): { type: 'image'; image: string; mediaType?: string } {
  const mediaType = /^data:([^;,]+)/.exec(url)?.[1];
  return { type: 'image', image: url, ...(mediaType ? { mediaType } : {}) };
}

/** A tool result as the body carried it: JSON text becomes the value it encodes, other text stays text. */
function toolOutput(content: unknown): ToolResultPart['output'] {
  if (typeof content === 'string') {
    const parsed = tryParseJson(content);
    return parsed.ok ? { type: 'json', value: parsed.value as never } : { type: 'text', value: content };
  }
  if (Array.isArray(content)) {
    const value = content.flatMap((block) => {
      if (!isRecord(block)) return [];
      if (typeof block.text === 'string') return [{ type: 'text' as const, text: block.text }];
      const url = typeof block.image_url === 'string' ? block.image_url : undefined;
      if (url) return [{ type: 'text' as const, text: url.startsWith('data:') ? '[image]' : url }];
      return [];
    });
    return { type: 'content', value };
  }
  return { type: 'json', value: (content ?? null) as never };
}

function outputText(output: ToolResultPart['output']): string {
  if (output.type === 'text' || output.type === 'error-text') return output.value;
  if (output.type === 'content') return output.value.map((v) => (v.type === 'text' ? v.text : '')).join('\n');
  if (output.type === 'execution-denied') return output.reason ?? 'denied';
  return JSON.stringify(output.value);
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((block) => (typeof block === 'string' ? block : isRecord(block) && typeof block.text === 'string' ? block.text : '')).join('');
}

function isInstructions(message: ModelMessage, instructions: string): boolean {
  return message.role === 'system' && message.content === instructions;
}

function isModelMessage(value: unknown): value is ModelMessage {
  return isRecord(value) && typeof value.role === 'string' && ['system', 'user', 'assistant', 'tool'].includes(value.role) && 'content' in value;
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return text ?? {};
  const parsed = tryParseJson(text);
  return parsed.ok ? parsed.value : text;
}

function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
