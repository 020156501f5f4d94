import type { ModelMessage, UserContent } from 'ai';
import type { CreateMessageRequest, CreateMessageResult } from '@modelcontextprotocol/sdk/types.js';
import type { SamplingNotice } from '@/lib/agent/messages';

/**
 * MCP sampling (`sampling/createMessage`): a server asks the client's model for a
 * completion. Off unless the owner allows the server (Settings → MCP servers), and each
 * request is approved by the user (lib/server/mcp-elicitations.ts). This turns the
 * request into what the card shows and what the model is sent.
 */

type SamplingParams = CreateMessageRequest['params'];
type SamplingBlock = Extract<SamplingParams['messages'][number]['content'], { type: string }>;

/** A server may ask for a long completion; it gets at most this many tokens (its request's limit, if lower). */
export const SAMPLING_MAX_TOKENS_LIMIT = 8_192;
/** The card shows each message up to this many characters (the model gets it whole). */
const MAX_SHOWN_CHARS = 4_000;
/** The card shows the last this many messages of a request (the model gets them all). */
const MAX_SHOWN_MESSAGES = 20;

/** The clear error a server gets (and the card shows) when it may not sample. */
export function samplingRefusal(server: string): string {
  return `sampling is not enabled for MCP server "${server}"; enable it in Settings → MCP servers.`;
}

function blocksOf(message: SamplingParams['messages'][number]): SamplingBlock[] {
  return (Array.isArray(message.content) ? message.content : [message.content]) as SamplingBlock[];
}

function shown(text: string): string {
  return text.length > MAX_SHOWN_CHARS ? `${text.slice(0, MAX_SHOWN_CHARS - 1)}…` : text;
}

/** One message as the card shows it: its text, images and audio named. */
function shownMessage(message: SamplingParams['messages'][number]): SamplingNotice['request']['messages'][number] {
  const text = blocksOf(message)
    .map((block) => (block.type === 'text' ? block.text : `[${block.type}${'mimeType' in block && block.mimeType ? ` ${block.mimeType}` : ''}]`))
    .join('\n');
  return { role: message.role, text: shown(text) };
}

/** What the card shows: the system prompt, the last messages as text (images named, not drawn), the token limit. */
export function samplingRequestView(params: SamplingParams): SamplingNotice['request'] {
  const hidden = params.messages.length - MAX_SHOWN_MESSAGES;
  return {
    ...(params.systemPrompt ? { systemPrompt: shown(params.systemPrompt) } : {}),
    messages: [...(hidden > 0 ? [{ role: 'user' as const, text: `[${hidden} earlier messages not shown]` }] : []), ...params.messages.slice(-MAX_SHOWN_MESSAGES).map(shownMessage)],
    maxTokens: params.maxTokens,
  };
}

/** The request as model messages, or why it cannot be sent (audio, tool use, images from the assistant). */
export function samplingMessagesForModel(params: SamplingParams): { messages: ModelMessage[]; problem?: undefined } | { messages: never[]; problem: string } {
  if (params.tools?.length || params.toolChoice) return { messages: [], problem: 'sampling with tools is not supported by this client.' };
  const messages: ModelMessage[] = [];
  for (const message of params.messages) {
    const blocks = blocksOf(message);
    const other = blocks.find((block) => block.type !== 'text' && !(block.type === 'image' && message.role === 'user'));
    if (other) return { messages: [], problem: `sampling messages with ${other.type} content (from the ${message.role}) are not supported by this client.` };
    if (message.role === 'assistant') {
      messages.push({ role: 'assistant', content: blocks.map((block) => (block.type === 'text' ? block.text : '')).join('\n') });
      continue;
    }
    const content: UserContent = blocks.map((block) =>
      block.type === 'image' ? { type: 'image' as const, image: block.data, mediaType: block.mimeType } : { type: 'text' as const, text: block.type === 'text' ? block.text : '' },
    );
    messages.push({ role: 'user', content });
  }
  if (messages.length === 0) return { messages: [], problem: 'the sampling request has no messages.' };
  return { messages };
}

/** The AI SDK's finish reason in MCP's words. */
export function samplingStopReason(finishReason: string): CreateMessageResult['stopReason'] {
  if (finishReason === 'length') return 'maxTokens';
  if (finishReason === 'stop') return 'endTurn';
  return finishReason;
}
