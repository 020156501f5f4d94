import type { ModelMessage, ToolResultPart } from 'ai';
import type { AgentUIMessage, AgentUIMessagePart } from './messages';

/**
 * Model messages (an edited request) → UI messages to store as a session's
 * history, so that converting them back (historyToModelMessages) gives the
 * same request: text, images, reasoning with its provider metadata (Anthropic
 * signature, OpenAI item id and encrypted content), tool calls with their
 * results. As the loop stores a run, one assistant message holds every step
 * up to the next user message, each step opened by a `step-start` part, and a
 * tool's result sits on its call's part.
 */
export function modelToUIMessages(messages: readonly ModelMessage[], newId: () => string, now = Date.now()): AgentUIMessage[] {
  const out: AgentUIMessage[] = [];
  let assistant: AgentUIMessage | null = null;
  const calls = new Map<string, Record<string, unknown>>();

  const openAssistant = (): AgentUIMessage => {
    if (!assistant) {
      assistant = { id: newId(), role: 'assistant', parts: [], metadata: { createdAt: now } };
      out.push(assistant);
    }
    return assistant;
  };

  for (const message of messages) {
    if (message.role === 'system') {
      assistant = null;
      out.push({ id: newId(), role: 'system', parts: [{ type: 'text', text: message.content }], metadata: { createdAt: now } });
    } else if (message.role === 'user') {
      assistant = null;
      const content = typeof message.content === 'string' ? [{ type: 'text' as const, text: message.content }] : message.content;
      const parts: AgentUIMessagePart[] = [];
      for (const part of content) {
        if (part.type === 'text') parts.push({ type: 'text', text: part.text });
        else if (part.type === 'image') parts.push(filePart(part.image, part.mediaType ?? 'image/png'));
        else if (part.type === 'file') parts.push(filePart(part.data, part.mediaType, part.filename));
      }
      out.push({ id: newId(), role: 'user', parts, metadata: { createdAt: now } });
    } else if (message.role === 'assistant') {
      const target = openAssistant();
      target.parts.push({ type: 'step-start' });
      const content = typeof message.content === 'string' ? [{ type: 'text' as const, text: message.content }] : message.content;
      for (const part of content) {
        const providerOptions = 'providerOptions' in part ? part.providerOptions : undefined;
        const metadata = providerOptions ? { providerMetadata: providerOptions } : {};
        if (part.type === 'text') target.parts.push({ type: 'text', text: part.text, state: 'done', ...metadata } as AgentUIMessagePart);
        else if (part.type === 'reasoning') target.parts.push({ type: 'reasoning', text: part.text, state: 'done', ...metadata } as AgentUIMessagePart);
        else if (part.type === 'tool-call') {
          const toolPart: Record<string, unknown> = {
            type: `tool-${part.toolName}`,
            toolCallId: part.toolCallId,
            state: 'input-available',
            input: part.input,
            ...(part.providerOptions ? { callProviderMetadata: part.providerOptions } : {}),
          };
          calls.set(part.toolCallId, toolPart);
          target.parts.push(toolPart as AgentUIMessagePart);
        }
      }
    } else if (message.role === 'tool') {
      for (const part of message.content) {
        if (part.type !== 'tool-result') continue;
        const call = calls.get(part.toolCallId);
        if (call) Object.assign(call, resultFields(part));
      }
    }
  }
  return out;
}

/** The UI tool part's state and result for a model tool result. */
function resultFields(part: ToolResultPart): Record<string, unknown> {
  const { output } = part;
  switch (output.type) {
    case 'json':
    case 'text':
      return { state: 'output-available', output: output.value };
    case 'content':
      return { state: 'output-available', output: output.value.map((item) => (item.type === 'text' ? item.text : `[${item.type}]`)).join('\n') };
    case 'error-text':
      return { state: 'output-error', errorText: output.value };
    case 'error-json':
      return { state: 'output-error', errorText: JSON.stringify(output.value) };
    case 'execution-denied':
      return { state: 'output-denied', approval: { id: `denied-${part.toolCallId}`, approved: false, ...(output.reason ? { reason: output.reason } : {}) } };
  }
}

function filePart(data: unknown, mediaType: string, filename?: string): AgentUIMessagePart {
  return { type: 'file', mediaType, url: dataUrl(data, mediaType), ...(filename ? { filename } : {}) };
}

/** A URL for file data: URLs and data URLs as they are, bytes and bare base64 as a data URL. */
function dataUrl(data: unknown, mediaType: string): string {
  if (data instanceof URL) return data.toString();
  if (typeof data === 'string') return /^(data:|https?:)/.test(data) ? data : `data:${mediaType};base64,${data}`;
  if (data instanceof Uint8Array) return `data:${mediaType};base64,${Buffer.from(data).toString('base64')}`;
  if (typeof data === 'object' && data !== null && 'type' in data) {
    const typed = data as { type: string; data?: unknown; url?: unknown };
    if (typed.type === 'url') return String(typed.url);
    if (typed.type === 'data') return dataUrl(typed.data, mediaType);
  }
  return `data:${mediaType};base64,`;
}
