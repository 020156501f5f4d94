import { getStaticToolName, isStaticToolUIPart, isToolUIPart, parsePartialJson } from 'ai';
import { mergeObjects } from 'ai/internal';
import type { AgentMetadata, AgentUIMessage, AgentUIMessageChunk, AgentUIMessagePart } from './messages';

/**
 * A run's message as its chunks build it, one chunk at a time, in the caller's turn: the AI SDK's
 * `processUIMessageStream` (what `createUIMessageStream` runs each chunk through for its `onStepEnd` and `onEnd`
 * messages, and what `useChat` builds the live message with) without the stream around it. Through
 * `createUIMessageStream` every chunk of a run took four stream hops on its way to the run log (the stream, its id
 * transform, the message job, the step callback's transform): at 100 concurrent runs ~8 % of the server's busy time
 * in a CPU profile, besides the promises and garbage each hop makes. The port follows the SDK's code case by case,
 * with its `parsePartialJson` and `mergeObjects`; tests/unit/agent/ui-message-state.test.ts holds it to the SDK's own
 * messages for every chunk type, and for seeded random runs of them.
 *
 * A streamed tool input's partial parse is the SDK's, which is asynchronous: a chunk that comes while one is under
 * way waits for it, so chunks still apply in order, and `snapshot` resolves after every chunk given before it.
 */

/** A part as this state edits it: the SDK's own code treats them loosely too. */
type Part = Record<string, unknown> & { type: string };
type ToolPart = Part & { toolCallId: string; state: string; input?: unknown; rawInput?: unknown; title?: string; toolMetadata?: unknown; toolName?: string; approval?: Record<string, unknown> };
type TextPart = Part & { text: string; providerMetadata?: unknown; state?: string };
interface PartialToolCall {
  text: string;
  inputEncoding?: string;
  index: number;
  toolName: string;
  dynamic?: boolean;
  title?: string;
  toolMetadata?: unknown;
}
/** What a tool part becomes (the SDK's `updateToolPart` and `updateDynamicToolPart` options). */
interface ToolUpdate {
  toolCallId: string;
  toolName: string;
  state: string;
  input?: unknown;
  inputEncoding?: string;
  output?: unknown;
  errorText?: string;
  rawInput?: unknown;
  preliminary?: boolean;
  providerExecuted?: boolean;
  providerMetadata?: unknown;
  title?: string;
  toolMetadata?: unknown;
}

/** A chunk the message cannot take (a delta for a part never started, a result for an unknown call): the SDK's UIMessageStreamError. */
export class UIMessageChunkError extends Error {
  constructor(
    readonly chunkType: string,
    readonly chunkId: string,
    message: string,
  ) {
    super(message);
    this.name = 'UIMessageChunkError';
  }
}

const idMap = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;
const isResultState = (state: string) => state === 'output-available' || state === 'output-error';

export class UIMessageState {
  readonly message: AgentUIMessage;
  private activeTextParts = idMap<TextPart>();
  private activeReasoningParts = idMap<TextPart>();
  private partialToolCalls = idMap<PartialToolCall>();
  /** While a partial tool input is parsed: its end, and what came meanwhile (chunks, and snapshots asked for between them). */
  private pending: Promise<void> | undefined;
  private readonly queue: Array<AgentUIMessageChunk | (() => void)> = [];
  /**
   * `lastMessage` (an assistant message the chunks continue) is edited in place: pass a copy. A chunk the message
   * cannot take is left out of it and reported to `onError`; the chunks after it still apply.
   */
  constructor(
    { lastMessage, messageId }: { lastMessage?: AgentUIMessage; messageId: string },
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.message = lastMessage?.role === 'assistant' ? lastMessage : { id: messageId, metadata: undefined, role: 'assistant', parts: [] };
    const parts = this.parts();
    const lastStepStart = parts.findLastIndex((part) => part.type === 'step-start');
    let staticToolIndex = 0;
    for (const part of parts.slice(lastStepStart + 1)) {
      if (!isToolUIPart(part as never)) continue;
      const index = staticToolIndex;
      if (isStaticToolUIPart(part as never)) staticToolIndex++;
      const tool = part as ToolPart;
      if (tool.state !== 'input-streaming') continue;
      this.partialToolCalls[tool.toolCallId] = {
        text: (tool.rawInput as string | undefined) ?? '',
        inputEncoding: tool.inputEncoding as string | undefined,
        index,
        toolName: tool.type === 'dynamic-tool' ? (tool.toolName as string) : String(getStaticToolName(part as never)),
        dynamic: tool.type === 'dynamic-tool',
        title: tool.title,
        toolMetadata: tool.toolMetadata,
      };
    }
  }

  /** Applies one chunk, after every chunk given before it. */
  apply(chunk: AgentUIMessageChunk): void {
    if (this.pending) this.queue.push(chunk);
    else this.applyNow(chunk);
  }

  /** A copy of the message as the chunks given so far make it (later ones not applied). */
  snapshot(): Promise<AgentUIMessage> {
    if (!this.pending) return Promise.resolve(structuredClone(this.message));
    return new Promise((resolve) => this.queue.push(() => resolve(structuredClone(this.message))));
  }

  /** The message itself once every chunk given so far has applied (for the run's end: nothing edits it after). */
  async settled(): Promise<AgentUIMessage> {
    while (this.pending) await this.pending;
    return this.message;
  }

  private parts(): Part[] {
    return this.message.parts as Part[];
  }

  /** Applies the chunk now; one whose partial tool input is parsed holds the chunks after it until it is done. */
  private applyNow(chunk: AgentUIMessageChunk): void {
    try {
      const waiting = this.reduce(chunk);
      if (waiting) this.pending = waiting.catch(this.onError).then(() => this.drain());
    } catch (error) {
      this.onError(error);
    }
  }

  private drain(): void {
    this.pending = undefined;
    while (!this.pending && this.queue.length > 0) {
      const next = this.queue.shift()!;
      if (typeof next === 'function') next();
      else this.applyNow(next);
    }
  }

  private currentStepParts(): Part[] {
    const parts = this.parts();
    let start = parts.length - 1;
    while (start >= 0 && parts[start].type !== 'step-start') start--;
    return parts.slice(start + 1);
  }

  private toolInvocation(toolCallId: string): ToolPart {
    let found = this.currentStepParts().find((part) => isToolUIPart(part as never) && (part as ToolPart).toolCallId === toolCallId) as ToolPart | undefined;
    if (found == null) {
      const parts = this.parts();
      for (let i = parts.length - 1; i >= 0; i--) {
        if (isToolUIPart(parts[i] as never) && (parts[i] as ToolPart).toolCallId === toolCallId) {
          found = parts[i] as ToolPart;
          break;
        }
      }
    }
    if (found == null) throw new UIMessageChunkError('tool-invocation', toolCallId, `No tool invocation found for tool call ID "${toolCallId}".`);
    return found;
  }

  private toolInvocationByApprovalId(approvalId: string): ToolPart {
    const found = this.parts().find((part) => isToolUIPart(part as never) && (part as ToolPart).approval?.id === approvalId) as ToolPart | undefined;
    if (found == null) throw new UIMessageChunkError('tool-approval-response', approvalId, `No tool invocation found for approval ID "${approvalId}".`);
    return found;
  }

  /** The SDK's updateToolPart (static) and updateDynamicToolPart (dynamic), one function: they differ in the part's name fields. */
  private updateToolPart(dynamic: boolean, options: ToolUpdate, existingPart?: ToolPart): void {
    const part =
      existingPart ??
      (this.currentStepParts().find((p) => (dynamic ? p.type === 'dynamic-tool' : isStaticToolUIPart(p as never)) && (p as ToolPart).toolCallId === options.toolCallId) as ToolPart | undefined);
    const result = isResultState(options.state);
    if (part != null) {
      part.state = options.state;
      if (dynamic) part.toolName = options.toolName;
      else part.type = `tool-${options.toolName}`;
      part.input = options.input;
      part.output = options.output;
      part.errorText = options.errorText;
      part.rawInput = options.rawInput;
      if (options.inputEncoding != null) part.inputEncoding = options.inputEncoding;
      else delete part.inputEncoding;
      part.preliminary = options.preliminary;
      if (options.title !== undefined) part.title = options.title;
      if (options.toolMetadata !== undefined) part.toolMetadata = options.toolMetadata;
      part.providerExecuted = options.providerExecuted ?? part.providerExecuted;
      if (options.providerMetadata != null) {
        if (result) part.resultProviderMetadata = options.providerMetadata;
        else part.callProviderMetadata = options.providerMetadata;
      }
      return;
    }
    const metadata = {
      ...(options.providerMetadata != null && result ? { resultProviderMetadata: options.providerMetadata } : {}),
      ...(options.providerMetadata != null && !result ? { callProviderMetadata: options.providerMetadata } : {}),
    };
    const toolMetadata = options.toolMetadata !== undefined ? { toolMetadata: options.toolMetadata } : {};
    const inputEncoding = options.inputEncoding != null ? { inputEncoding: options.inputEncoding } : {};
    // Key order as the SDK writes each (JSON of the saved message compares equal).
    this.parts().push(
      dynamic
        ? {
            type: 'dynamic-tool',
            toolName: options.toolName,
            toolCallId: options.toolCallId,
            state: options.state,
            input: options.input,
            ...inputEncoding,
            output: options.output,
            errorText: options.errorText,
            preliminary: options.preliminary,
            providerExecuted: options.providerExecuted,
            title: options.title,
            ...toolMetadata,
            ...metadata,
          }
        : {
            type: `tool-${options.toolName}`,
            toolCallId: options.toolCallId,
            state: options.state,
            title: options.title,
            ...toolMetadata,
            input: options.input,
            ...inputEncoding,
            output: options.output,
            rawInput: options.rawInput,
            errorText: options.errorText,
            providerExecuted: options.providerExecuted,
            preliminary: options.preliminary,
            ...metadata,
          },
    );
  }

  private updateMessageMetadata(metadata: AgentMetadata | undefined): void {
    if (metadata == null) return;
    this.message.metadata = this.message.metadata != null ? mergeObjects(this.message.metadata, metadata) : metadata;
  }

  /** The text or reasoning part a delta or end continues (started by its `-start` chunk). */
  private openPart(chunk: { type: string; id: string }): TextPart {
    const kind = chunk.type.startsWith('text') ? 'text' : 'reasoning';
    const part = (kind === 'text' ? this.activeTextParts : this.activeReasoningParts)[chunk.id];
    if (part == null) {
      throw new UIMessageChunkError(
        chunk.type,
        chunk.id,
        `Received ${chunk.type} for missing ${kind} part with ID "${chunk.id}". Ensure a "${kind}-start" chunk is sent before any "${chunk.type}" chunks.`,
      );
    }
    return part;
  }

  /** The cases follow the SDK's switch (text and reasoning deltas and ends share theirs). */
  private reduce(chunk: AgentUIMessageChunk): Promise<void> | void {
    const parts = this.parts();
    switch (chunk.type) {
      case 'text-start': {
        const part: TextPart = { type: 'text', text: '', providerMetadata: chunk.providerMetadata, state: 'streaming' };
        this.activeTextParts[chunk.id] = part;
        parts.push(part);
        return;
      }
      case 'text-delta':
      case 'reasoning-delta': {
        const part = this.openPart(chunk);
        part.text += chunk.delta;
        part.providerMetadata = chunk.providerMetadata ?? part.providerMetadata;
        return;
      }
      case 'text-end':
      case 'reasoning-end': {
        const part = this.openPart(chunk);
        part.state = 'done';
        if (chunk.type === 'text-end' && chunk.citations != null) part.citations = chunk.citations;
        part.providerMetadata = chunk.providerMetadata ?? part.providerMetadata;
        delete (chunk.type === 'text-end' ? this.activeTextParts : this.activeReasoningParts)[chunk.id];
        return;
      }
      case 'custom':
        parts.push({ type: 'custom', kind: chunk.kind, providerMetadata: chunk.providerMetadata });
        return;
      case 'reasoning-start': {
        const part: TextPart = { type: 'reasoning', id: chunk.id, text: '', providerMetadata: chunk.providerMetadata, state: 'streaming' };
        this.activeReasoningParts[chunk.id] = part;
        parts.push(part);
        return;
      }
      case 'file':
      case 'reasoning-file':
        parts.push({ type: chunk.type, mediaType: chunk.mediaType, url: chunk.url, ...(chunk.providerMetadata != null ? { providerMetadata: chunk.providerMetadata } : {}) });
        return;
      case 'source-url':
        parts.push({ type: 'source-url', sourceId: chunk.sourceId, url: chunk.url, title: chunk.title, providerMetadata: chunk.providerMetadata });
        return;
      case 'source-document':
        parts.push({ type: 'source-document', sourceId: chunk.sourceId, mediaType: chunk.mediaType, title: chunk.title, filename: chunk.filename, providerMetadata: chunk.providerMetadata });
        return;
      case 'tool-input-start': {
        this.partialToolCalls[chunk.toolCallId] = {
          text: '',
          inputEncoding: chunk.inputEncoding,
          toolName: chunk.toolName,
          index: this.currentStepParts().filter((part) => isStaticToolUIPart(part as never)).length,
          dynamic: chunk.dynamic,
          title: chunk.title,
          toolMetadata: chunk.toolMetadata,
        };
        this.updateToolPart(Boolean(chunk.dynamic), {
          toolCallId: chunk.toolCallId,
          toolName: chunk.toolName,
          state: 'input-streaming',
          inputEncoding: chunk.inputEncoding,
          input: undefined,
          providerExecuted: chunk.providerExecuted,
          title: chunk.title,
          toolMetadata: chunk.toolMetadata,
          providerMetadata: chunk.providerMetadata,
        });
        return;
      }
      case 'tool-input-delta': {
        const call = this.partialToolCalls[chunk.toolCallId];
        if (call == null) {
          throw new UIMessageChunkError(
            'tool-input-delta',
            chunk.toolCallId,
            `Received tool-input-delta for missing tool call with ID "${chunk.toolCallId}". Ensure a "tool-input-start" chunk is sent before any "tool-input-delta" chunks.`,
          );
        }
        call.text += chunk.inputTextDelta;
        const update = (input: unknown) =>
          this.updateToolPart(Boolean(call.dynamic), {
            toolCallId: chunk.toolCallId,
            toolName: call.toolName,
            state: 'input-streaming',
            inputEncoding: call.inputEncoding,
            input,
            rawInput: call.text,
            title: call.title,
            toolMetadata: call.toolMetadata,
          });
        if (call.inputEncoding === 'text') return update(call.text);
        const text = call.text;
        return parsePartialJson(text).then(({ value }) => update(value));
      }
      case 'tool-input-available':
        this.updateToolPart(Boolean(chunk.dynamic), {
          toolCallId: chunk.toolCallId,
          toolName: chunk.toolName,
          state: 'input-available',
          input: chunk.input,
          providerExecuted: chunk.providerExecuted,
          providerMetadata: chunk.providerMetadata,
          title: chunk.title,
          toolMetadata: chunk.toolMetadata,
        });
        return;
      case 'tool-input-error': {
        const existing = this.currentStepParts().find((part) => isToolUIPart(part as never) && (part as ToolPart).toolCallId === chunk.toolCallId);
        this.updateToolPart(existing != null ? existing.type === 'dynamic-tool' : Boolean(chunk.dynamic), {
          toolCallId: chunk.toolCallId,
          toolName: chunk.toolName,
          state: 'output-error',
          input: chunk.input,
          errorText: chunk.errorText,
          providerExecuted: chunk.providerExecuted,
          providerMetadata: chunk.providerMetadata,
          toolMetadata: chunk.toolMetadata,
        });
        return;
      }
      case 'tool-approval-request': {
        const invocation = this.toolInvocation(chunk.toolCallId);
        invocation.state = 'approval-requested';
        invocation.approval = {
          id: chunk.approvalId,
          ...(chunk.approvalDescriptor != null ? { descriptor: chunk.approvalDescriptor } : {}),
          ...(Object.prototype.hasOwnProperty.call(chunk, 'inputSchemaInput') ? { inputSchemaInput: chunk.inputSchemaInput } : {}),
          ...(chunk.reason != null ? { requestReason: chunk.reason } : {}),
          ...(chunk.isAutomatic === true ? { isAutomatic: true } : {}),
          ...(chunk.signature != null ? { signature: chunk.signature } : {}),
        };
        return;
      }
      case 'tool-approval-response': {
        const invocation = this.toolInvocationByApprovalId(chunk.approvalId);
        const approval = invocation.approval == null ? { id: chunk.approvalId } : invocation.approval;
        invocation.state = 'approval-responded';
        invocation.approval = { ...approval, id: chunk.approvalId, approved: chunk.approved, ...(chunk.reason != null ? { reason: chunk.reason } : {}) };
        if (chunk.providerExecuted != null) invocation.providerExecuted = chunk.providerExecuted;
        if (chunk.providerMetadata != null) invocation.callProviderMetadata = chunk.providerMetadata;
        return;
      }
      case 'tool-output-denied':
        this.toolInvocation(chunk.toolCallId).state = 'output-denied';
        return;
      case 'tool-output-available':
      case 'tool-output-error': {
        const invocation = this.toolInvocation(chunk.toolCallId);
        const dynamic = invocation.type === 'dynamic-tool';
        const available = chunk.type === 'tool-output-available';
        this.updateToolPart(
          dynamic,
          {
            toolCallId: chunk.toolCallId,
            toolName: dynamic ? (invocation.toolName as string) : String(getStaticToolName(invocation as never)),
            state: available ? 'output-available' : 'output-error',
            input: invocation.input,
            // The SDK keeps the raw input on a static tool's error only.
            ...(!available && !dynamic ? { rawInput: invocation.rawInput } : {}),
            ...(available ? { output: chunk.output, preliminary: chunk.preliminary } : { errorText: chunk.errorText }),
            providerExecuted: chunk.providerExecuted,
            providerMetadata: chunk.providerMetadata,
            title: invocation.title,
            toolMetadata: chunk.toolMetadata ?? invocation.toolMetadata,
          },
          invocation,
        );
        return;
      }
      case 'steering-message':
        parts.push({ type: 'steering-message', id: chunk.id, parts: chunk.parts });
        return;
      case 'start-step':
        parts.push({ type: 'step-start' });
        return;
      case 'finish-step':
        return;
      case 'reset-step': {
        const current = this.currentStepParts();
        this.activeTextParts = idMap();
        this.activeReasoningParts = idMap();
        this.partialToolCalls = idMap();
        if (current.length > 0) parts.splice(parts.length - current.length, current.length);
        return;
      }
      case 'start':
        if (chunk.messageId != null) this.message.id = chunk.messageId;
        this.updateMessageMetadata(chunk.messageMetadata);
        return;
      case 'finish':
      case 'message-metadata':
        this.updateMessageMetadata(chunk.messageMetadata);
        return;
      case 'error':
      case 'abort':
        return;
      default: {
        // A data part: one with the same type and id is replaced (a copy goes in: the chunk itself goes to the log).
        if (chunk.transient) return;
        const existing = chunk.id != null ? parts.find((part) => part.type === chunk.type && part.id === chunk.id) : undefined;
        if (existing != null) existing.data = chunk.data;
        else this.message.parts.push({ ...chunk } as AgentUIMessagePart);
      }
    }
  }
}
