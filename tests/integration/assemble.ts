// Collects a streamText result's `stream` into plain values that tests can
// compare with recorded expectations (text, reasoning per part, tool calls,
// errors, finish reason, usage). Reusable for runs "through the app" too:
// anything with a `stream` of TextStreamParts works (streamText, agents).
import type { FinishReason, LanguageModelUsage, TextStreamPart, ToolSet } from 'ai';

export interface AssembledToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

export interface AssembledStep {
  finishReason: FinishReason;
  rawFinishReason: string | undefined;
  usage: LanguageModelUsage;
}

export interface AssembledStream {
  /** All text deltas of all steps, concatenated. */
  text: string;
  /** One entry per reasoning part (reasoning-start id), in start order. Empty parts are kept. */
  reasoning: string[];
  toolCalls: AssembledToolCall[];
  toolResults: { toolCallId: string; toolName: string; output: unknown }[];
  /** `error` stream parts (streamText does not throw; errors arrive here). */
  errors: unknown[];
  finishReason: FinishReason | undefined;
  rawFinishReason: string | undefined;
  /** `finish` part's totalUsage (sum over steps). */
  usage: LanguageModelUsage | undefined;
  steps: AssembledStep[];
  aborted: boolean;
  /**
   * Set when iterating `stream` itself rejected instead of yielding an `error`
   * part. Observed with ai@7.0.173 when the connection drops after output has
   * started (undici "terminated" wrapped in APICallError).
   */
  streamError: unknown;
  /** Distinct part types in first-seen order, handy in failure messages. */
  partTypes: string[];
}

export async function assembleStream<TOOLS extends ToolSet>(result: {
  stream: AsyncIterable<TextStreamPart<TOOLS>>;
}): Promise<AssembledStream> {
  const out: AssembledStream = {
    text: '',
    reasoning: [],
    toolCalls: [],
    toolResults: [],
    errors: [],
    finishReason: undefined,
    rawFinishReason: undefined,
    usage: undefined,
    steps: [],
    aborted: false,
    streamError: undefined,
    partTypes: [],
  };
  try {
    await collect(result.stream, out);
  } catch (error) {
    out.streamError = error;
  }
  return out;
}

async function collect<TOOLS extends ToolSet>(stream: AsyncIterable<TextStreamPart<TOOLS>>, out: AssembledStream) {
  const reasoningIndex = new Map<string, number>();
  for await (const part of stream) {
    if (!out.partTypes.includes(part.type)) out.partTypes.push(part.type);
    switch (part.type) {
      case 'text-delta':
        out.text += part.text;
        break;
      case 'reasoning-start':
        // Ids can repeat across steps (e.g. "reasoning-0"), so map to the latest slot.
        reasoningIndex.set(part.id, out.reasoning.push('') - 1);
        break;
      case 'reasoning-delta': {
        let i = reasoningIndex.get(part.id);
        if (i === undefined) reasoningIndex.set(part.id, (i = out.reasoning.push('') - 1));
        out.reasoning[i] += part.text;
        break;
      }
      case 'tool-call':
        out.toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
        break;
      case 'tool-result':
        out.toolResults.push({ toolCallId: part.toolCallId, toolName: part.toolName, output: part.output });
        break;
      case 'error':
        out.errors.push(part.error);
        break;
      case 'abort':
        out.aborted = true;
        break;
      case 'finish-step':
        out.steps.push({ finishReason: part.finishReason, rawFinishReason: part.rawFinishReason, usage: part.usage });
        break;
      case 'finish':
        out.finishReason = part.finishReason;
        out.rawFinishReason = part.rawFinishReason;
        out.usage = part.totalUsage;
        break;
    }
  }
}
