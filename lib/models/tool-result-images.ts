import { wrapLanguageModel } from 'ai';
import type { LanguageModelV4, LanguageModelV4Middleware, LanguageModelV4Prompt } from '@ai-sdk/provider';

/**
 * Images in tool results (an MCP screenshot, a chart) go to the model as
 * images wherever the model can read them:
 * - OpenAI's Responses API with a vision model takes them in the tool result
 *   itself (`input_image` in `function_call_output`): nothing to do.
 * - Chat Completions with a vision model takes images only in user messages (a
 *   `tool` message is text), so they move to a user message right after the
 *   tool results, which says whose they are; the result keeps its text.
 * - Elsewhere (OpenAI-compatible servers and Ollama, whose models may not see
 *   images at all: the catalog does not say, so no image is sent), the model
 *   gets the result's text alone, which already says `[image: image/png,
 *   12.0 kB]` where each image was.
 */

/** OpenAI models that take no image input. */
const OPENAI_TEXT_ONLY = /^(gpt-3\.5|gpt-4(-\d{4}|-32k)?$|gpt-4-0|o1-mini|o1-preview|o3-mini)/;

type ModelFacts = { provider: string; api?: string; modelId: string };

const isOpenAIVisionModel = (model: ModelFacts) => model.provider === 'openai' && !OPENAI_TEXT_ONLY.test(model.modelId.toLowerCase());

export function acceptsToolResultImages(model: ModelFacts): boolean {
  // Claude takes images in a tool_result block itself.
  if (model.provider === 'anthropic') return true;
  return isOpenAIVisionModel(model) && model.api !== 'chat';
}

type ToolResultOutput = Extract<LanguageModelV4Prompt[number], { role: 'tool' }>['content'][number] extends infer P
  ? P extends { type: 'tool-result'; output: infer O }
    ? O
    : never
  : never;

type ContentItem = Extract<ToolResultOutput, { type: 'content' }>['value'][number];
type FileItem = Extract<ContentItem, { type: 'file' }>;
type UserMessage = Extract<LanguageModelV4Prompt[number], { role: 'user' }>;

/** A `content` tool output split into its text (which names each image) and its images; null when it has none. */
function splitImages(output: ToolResultOutput): { text: string; images: FileItem[] } | null {
  if (output.type !== 'content') return null;
  const images = output.value.filter((part): part is FileItem => part.type === 'file');
  if (images.length === 0) return null;
  const text = output.value.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
  return { text, images };
}

const hasToolResultImage = (message: LanguageModelV4Prompt[number]) =>
  message.role === 'tool' && message.content.some((part) => part.type === 'tool-result' && part.output.type === 'content' && part.output.value.some((item) => item.type === 'file'));

const countOf = (n: number) => `${n} ${n === 1 ? 'image' : 'images'}`;

/**
 * The prompt with the images taken out of tool results. `moveTo: 'user'` puts them in a user message right after
 * the tool results (Chat Completions vision models); `'nowhere'` leaves a line saying they were left out.
 */
export function relocateToolResultImages(prompt: LanguageModelV4Prompt, moveTo: 'user' | 'nowhere'): LanguageModelV4Prompt {
  // Every model call passes here: a prompt with no image in a tool result (nearly all) is not copied.
  if (!prompt.some(hasToolResultImage)) return prompt;
  let changed = false;
  const next = prompt.flatMap((message): LanguageModelV4Prompt => {
    if (message.role !== 'tool') return [message];
    const moved: UserMessage['content'] = [];
    const content = message.content.map((part) => {
      if (part.type !== 'tool-result') return part;
      const split = splitImages(part.output);
      if (!split) return part;
      changed = true;
      const note =
        moveTo === 'user'
          ? `(${countOf(split.images.length)}: in the next message.)`
          : `(${countOf(split.images.length)} left out: this model does not read images in tool results.)`;
      if (moveTo === 'user') {
        moved.push({ type: 'text', text: `${countOf(split.images.length)} from the result of ${part.toolName} (call ${part.toolCallId}):` });
        for (const image of split.images) moved.push({ type: 'file', data: image.data, mediaType: image.mediaType, ...(image.filename ? { filename: image.filename } : {}) });
      }
      return { ...part, output: { type: 'text' as const, value: `${split.text}\n${note}`.trim() } };
    });
    const tool = { ...message, content } as typeof message;
    const images: UserMessage = { role: 'user', content: moved };
    return moved.length ? [tool, images] : [tool];
  });
  return changed ? next : prompt;
}

const relocateMiddleware = (moveTo: 'user' | 'nowhere'): LanguageModelV4Middleware => ({
  specificationVersion: 'v4',
  transformParams: async ({ params }) => {
    const prompt = relocateToolResultImages(params.prompt, moveTo);
    return prompt === params.prompt ? params : { ...params, prompt };
  },
});

/**
 * The model as the run uses it: unchanged when it takes tool-result images; a Chat Completions vision model gets
 * them in a user message after the results; any other model gets their text.
 */
export function withToolResultImages(model: LanguageModelV4, info: ModelFacts): LanguageModelV4 {
  if (acceptsToolResultImages(info)) return model;
  return wrapLanguageModel({ model, middleware: relocateMiddleware(isOpenAIVisionModel(info) ? 'user' : 'nowhere') });
}
