import type { LanguageModel, LanguageModelUsage, ModelMessage } from 'ai';
import { FALLBACK_IMAGE_TOKENS, imageSize, imageTokens, imageTokensForSize } from './image-tokens';
import { emptyUsage, type UsageTotals } from './messages';
import { TokenCountCache } from './token-count-cache';

/**
 * Usage accumulation and estimation. Providers that send no usage (many local
 * servers) still get a figure, marked `estimated: true`.
 */

/** Rough size of one message's framing (role, separators) when we can't tokenize. */
export const ESTIMATED_TOKENS_PER_MESSAGE = 16;
/** Rule of thumb for non-OpenAI tokenizers: about four characters per token. */
const ESTIMATED_CHARS_PER_TOKEN = 4;
/** OpenAI's chat format adds about this many tokens per message. */
const OPENAI_TOKENS_PER_MESSAGE = 4;

export interface ModelIdentity {
  provider: string;
  modelId: string;
}

export function modelIdentity(model: LanguageModel): ModelIdentity {
  if (typeof model === 'string') {
    const [provider, ...rest] = model.split(/[:/]/);
    return rest.length ? { provider, modelId: rest.join('/') } : { provider: 'gateway', modelId: model };
  }
  return { provider: model.provider, modelId: model.modelId };
}

type Encoding = 'o200k_base' | 'cl100k_base';

/** Which tiktoken encoding an OpenAI-family model uses; undefined for other families. */
export function openAIEncodingFor(modelId: string): Encoding | undefined {
  const id = modelId.toLowerCase().replace(/^openai\//, '');
  if (/^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|o1|o3|o4|chatgpt-4o|codex)/.test(id)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5|text-embedding-3|text-embedding-ada)/.test(id)) return 'cl100k_base';
  return undefined;
}

type CountTokens = (text: string) => number;
const counters = new Map<Encoding, Promise<CountTokens>>();

/** Loads the tokenizer lazily: the BPE tables are megabytes and most runs never need them. */
function tokenCounter(encoding: Encoding): Promise<CountTokens> {
  let counter = counters.get(encoding);
  if (!counter) {
    const load =
      encoding === 'o200k_base' ? import('gpt-tokenizer/encoding/o200k_base') : import('gpt-tokenizer/encoding/cl100k_base');
    // Special-token markers in user text are counted as text, not rejected.
    counter = load.then((m) => (text: string) => m.countTokens(text, { disallowedSpecial: new Set() }));
    counters.set(encoding, counter);
  }
  return counter;
}

/** One cache for the process: the same history is measured by the meter, the trigger and the usage estimate. */
const tokenCounts = new TokenCountCache();

/** Counts tokens synchronously, once the model's tokenizer is loaded. */
export interface TokenEstimator {
  text(text: string): number;
  /** A message's tokens with its framing. */
  message(message: ModelMessage): number;
}

/**
 * Counts by message object: a run measures the same history objects before every step. A message
 * is never changed in place once built (the loop and the views build new ones); a new `content`
 * is still noticed, and a new object with the same text hits the text cache instead.
 */
const messageCounts = new WeakMap<ModelMessage, { content: ModelMessage['content']; modelId: string; tokens: number }>();

/** The estimator for a model: one await for the tokenizer, then no await per message. */
export async function tokenEstimator(modelId: string): Promise<TokenEstimator> {
  const encoding = openAIEncodingFor(modelId);
  const count = encoding ? await tokenCounter(encoding) : undefined;
  const framing = tokensPerMessage(modelId);
  const text = (value: string) => {
    if (!value) return 0;
    return encoding && count ? tokenCounts.countOf(encoding, value, count) : Math.ceil(value.length / ESTIMATED_CHARS_PER_TOKEN);
  };
  return {
    text,
    message(message) {
      const known = messageCounts.get(message);
      if (known && known.content === message.content && known.modelId === modelId) return known.tokens;
      const tokens = text(modelMessageText(message)) + modelMessageImageTokens(message) + framing;
      messageCounts.set(message, { content: message.content, modelId, tokens });
      return tokens;
    },
  };
}

export async function estimateTextTokens(text: string, modelId: string): Promise<number> {
  if (!text) return 0;
  return (await tokenEstimator(modelId)).text(text);
}

/** Framing tokens a model adds per message (role, separators). */
export function tokensPerMessage(modelId: string): number {
  return openAIEncodingFor(modelId) ? OPENAI_TOKENS_PER_MESSAGE : ESTIMATED_TOKENS_PER_MESSAGE;
}

/** Estimated prompt size: instructions plus every message, with per-message framing. */
export async function estimatePromptTokens(instructions: string, messages: readonly ModelMessage[], modelId: string): Promise<number> {
  const estimator = await tokenEstimator(modelId);
  let total = instructions ? estimator.text(instructions) + tokensPerMessage(modelId) : 0;
  for (const message of messages) total += estimator.message(message);
  return total;
}

/** The text a tokenizer should see for a model message (tool calls and results as JSON). Not `messageText`: that one reads a UI message. */
export function modelMessageText(message: ModelMessage): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .map((part) => {
      switch (part.type) {
        case 'text':
        case 'reasoning':
          return part.text;
        case 'tool-call':
          return `${part.toolName} ${JSON.stringify(part.input)}`;
        case 'tool-result':
          // A result with images (`content`): its text parts; each image is counted as an image (modelMessageImageTokens).
          if (part.output.type === 'content') {
            return part.output.value.flatMap((item) => (item.type === 'text' ? [item.text] : [])).join('\n');
          }
          return JSON.stringify(part.output);
        default:
          return '';
      }
    })
    .join('\n');
}

/** Tokens of the images a model message carries (user attachments, images in tool results), as providers bill them: ./image-tokens.ts. */
function modelMessageImageTokens(message: ModelMessage): number {
  if (typeof message.content === 'string') return 0;
  let total = 0;
  for (const part of message.content) {
    if (part.type === 'tool-result') {
      if (part.output.type !== 'content') continue;
      for (const item of part.output.value) {
        if (item.type === 'text') continue;
        const mediaType = 'mediaType' in item ? item.mediaType : undefined;
        if (item.type.startsWith('image-') || (typeof mediaType === 'string' && mediaType.startsWith('image'))) {
          total += mediaTokens('data' in item ? item.data : undefined);
        }
      }
    } else if (part.type === 'image' || (part.type === 'file' && part.mediaType.startsWith('image'))) {
      total += mediaTokens(part.type === 'image' ? part.image : part.data);
    }
  }
  return total;
}

/** One image's tokens from whatever form its data takes (base64, bytes, a URL, a provider reference). */
function mediaTokens(data: unknown): number {
  if (data && typeof data === 'object' && 'type' in data && data.type === 'data' && 'data' in data) data = data.data;
  if (typeof data === 'string') return data.startsWith('http:') || data.startsWith('https:') ? FALLBACK_IMAGE_TOKENS : imageTokens(data.replace(/^data:[^,]*,/, ''));
  if (data instanceof Uint8Array) {
    const size = imageSize(data);
    return size ? imageTokensForSize(size.width, size.height) : FALLBACK_IMAGE_TOKENS;
  }
  return FALLBACK_IMAGE_TOKENS;
}

/** Converts the SDK's usage shape to ours; undefined fields count as missing. */
export function usageFromSdk(usage: LanguageModelUsage | undefined): { usage: UsageTotals; missingInput: boolean; missingOutput: boolean } {
  const totals = emptyUsage();
  if (!usage) return { usage: totals, missingInput: true, missingOutput: true };
  totals.inputTokens = usage.inputTokens ?? 0;
  totals.cachedInputTokens = usage.inputTokenDetails?.cacheReadTokens ?? 0;
  // Only Anthropic reports cache writes; they are part of inputTokens, as cache reads are.
  const cacheWrite = usage.inputTokenDetails?.cacheWriteTokens ?? 0;
  if (cacheWrite > 0) totals.cacheWriteTokens = cacheWrite;
  totals.outputTokens = usage.outputTokens ?? 0;
  totals.reasoningTokens = usage.outputTokenDetails?.reasoningTokens ?? 0;
  return { usage: totals, missingInput: usage.inputTokens == null, missingOutput: usage.outputTokens == null };
}

export interface StepUsageInput {
  sdkUsage: LanguageModelUsage | undefined;
  modelId: string;
  instructions: string;
  requestMessages: readonly ModelMessage[];
  /** Everything the model produced in the step (text, reasoning, tool-call JSON). */
  outputText: string;
}

/** A step's usage as reported, with missing input/output filled in by estimation. */
export async function resolveStepUsage(input: StepUsageInput): Promise<UsageTotals> {
  const { usage, missingInput, missingOutput } = usageFromSdk(input.sdkUsage);
  if (missingInput) {
    usage.inputTokens = await estimatePromptTokens(input.instructions, input.requestMessages, input.modelId);
    usage.estimated = true;
  }
  if (missingOutput) {
    usage.outputTokens = await estimateTextTokens(input.outputText, input.modelId);
    usage.estimated = true;
  }
  return usage;
}

