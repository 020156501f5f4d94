import type { AssistantModelMessage, ModelMessage, ProviderMetadata, TextStreamPart, ToolSet } from 'ai';

/**
 * A model call's content, recorded from its stream parts, and the assistant message it adds to the history: what
 * `streamText` reports as a step's `response.messages`, for a call made without `streamText` (model-stream.ts). The
 * recording follows the AI SDK's (`DefaultStreamTextResult`: a text or reasoning part per id, its provider metadata
 * the latest one given) and the message its `toResponseMessages`, for tools that run outside the SDK, as ours do: the
 * message carries the calls, and only provider-executed tools' results. tests/unit/agent/response-messages.test.ts
 * holds the two to the SDK's own, part type by part type.
 */

type Part = TextStreamPart<ToolSet>;
type Recorded =
  | { type: 'text' | 'reasoning'; text: string; providerMetadata?: ProviderMetadata }
  | { type: 'file' | 'reasoning-file'; file: { base64: string; mediaType: string }; providerMetadata?: ProviderMetadata }
  | Extract<Part, { type: 'custom' | 'source' | 'tool-call' | 'tool-result' | 'tool-error' }>;
type AssistantPart = Exclude<AssistantModelMessage['content'], string>[number];

export class StepContent {
  private readonly content: Recorded[] = [];
  private readonly open = new Map<string, Extract<Recorded, { type: 'text' | 'reasoning' }>>();

  /** Records one stream part (parts that add nothing to the message are ignored). */
  add(part: Part): void {
    switch (part.type) {
      case 'custom':
      case 'source':
      case 'tool-call':
      case 'tool-error':
        this.content.push(part);
        return;
      case 'tool-result':
        if (!part.preliminary) this.content.push(part);
        return;
      case 'text-start':
      case 'reasoning-start': {
        const recorded = { type: part.type === 'text-start' ? ('text' as const) : ('reasoning' as const), text: '', providerMetadata: part.providerMetadata };
        this.open.set(`${recorded.type}:${part.id}`, recorded);
        this.content.push(recorded);
        return;
      }
      case 'text-delta':
      case 'reasoning-delta':
      case 'text-end':
      case 'reasoning-end': {
        const recorded = this.open.get(`${part.type.startsWith('text') ? 'text' : 'reasoning'}:${part.id}`);
        if (!recorded) return;
        if (part.type === 'text-delta' || part.type === 'reasoning-delta') recorded.text += part.text;
        recorded.providerMetadata = part.providerMetadata ?? recorded.providerMetadata;
        if (part.type === 'text-end' || part.type === 'reasoning-end') this.open.delete(`${recorded.type}:${part.id}`);
        return;
      }
      case 'file':
      case 'reasoning-file':
        this.content.push({ type: part.type, file: part.file, ...(part.providerMetadata != null ? { providerMetadata: part.providerMetadata } : {}) });
        return;
    }
  }

  /** The call's assistant message (none when it said nothing and called nothing). */
  async responseMessages(tools: ToolSet | undefined): Promise<ModelMessage[]> {
    const content: AssistantPart[] = [];
    for (const part of this.content) {
      const message = await assistantPart(part, tools);
      if (message) content.push(message);
    }
    return content.length > 0 ? [{ role: 'assistant', content }] : [];
  }
}

async function assistantPart(part: Recorded, tools: ToolSet | undefined): Promise<AssistantPart | undefined> {
  switch (part.type) {
    case 'source':
      return undefined;
    case 'text':
      if (part.text.length === 0 && part.providerMetadata == null) return undefined;
      return { type: 'text', text: part.text, providerOptions: part.providerMetadata };
    case 'reasoning':
      return { type: 'reasoning', text: part.text, providerOptions: part.providerMetadata };
    case 'custom':
      return { type: 'custom', kind: part.kind, providerOptions: part.providerMetadata } as AssistantPart;
    case 'file':
    case 'reasoning-file':
      return { type: part.type, data: part.file.base64, mediaType: part.file.mediaType, providerOptions: part.providerMetadata } as AssistantPart;
    case 'tool-call':
      return {
        type: 'tool-call',
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        input: 'invalid' in part && part.invalid && typeof part.input !== 'object' ? {} : part.input,
        providerExecuted: part.providerExecuted,
        providerOptions: part.providerMetadata,
      };
    case 'tool-result':
    case 'tool-error': {
      // Results of tools the SDK or the loop runs go to the next request as tool messages; a provider's own tool's go here.
      if (!part.providerExecuted) return undefined;
      const output = part.type === 'tool-error' ? { type: 'error-json' as const, value: jsonValue(part.error) } : await toolOutput(part, tools);
      return { type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, output, providerOptions: part.providerMetadata } as AssistantPart;
    }
  }
}

async function toolOutput(part: Extract<Part, { type: 'tool-result' }>, tools: ToolSet | undefined) {
  const tool = tools && Object.hasOwn(tools, part.toolName) ? tools[part.toolName] : undefined;
  if (tool?.toModelOutput) return tool.toModelOutput({ toolCallId: part.toolCallId, input: part.input, output: part.output });
  return typeof part.output === 'string' ? { type: 'text' as const, value: part.output } : { type: 'json' as const, value: jsonValue(part.output) };
}

/** A value as JSON would carry it (the SDK's normalisation of a tool output): undefined is null. */
function jsonValue(value: unknown) {
  const serialized = value === undefined ? undefined : JSON.stringify(value);
  return (serialized === undefined ? null : JSON.parse(serialized)) as never;
}
