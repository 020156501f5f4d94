import { wrapLanguageModel } from 'ai';
import type { LanguageModelV4, LanguageModelV4Middleware, LanguageModelV4Prompt } from '@ai-sdk/provider';

/**
 * Images in tool results (an MCP screenshot, a chart) go to the model as
 * images only where the model and its API take them: OpenAI's Responses API
 * with a vision model sends them as `input_image`. Elsewhere (Chat Completions
 * and OpenAI-compatible servers would put the base64 into the text, models
 * without vision cannot read them) the model gets the result's text alone,
 * which already says `[image: image/png, 12.0 kB]` where each image was.
 */

/** OpenAI models that take no image input. */
const OPENAI_TEXT_ONLY = /^(gpt-3\.5|gpt-4(-\d{4}|-32k)?$|gpt-4-0|o1-mini|o1-preview|o3-mini)/;

export function acceptsToolResultImages(model: { provider: string; api?: string; modelId: string }): boolean {
  return model.provider === 'openai' && model.api !== 'chat' && !OPENAI_TEXT_ONLY.test(model.modelId.toLowerCase());
}

type ToolResultOutput = Extract<LanguageModelV4Prompt[number], { role: 'tool' }>['content'][number] extends infer P
  ? P extends { type: 'tool-result'; output: infer O }
    ? O
    : never
  : never;

/** A `content` tool output without its images: its text parts, joined (the text names each image). */
function withoutImages(output: ToolResultOutput): ToolResultOutput {
  if (output.type !== 'content') return output;
  const value = output.value as Array<{ type: string; text?: string }>;
  const left = value.filter((part) => part.type !== 'text').length;
  if (left === 0) return output;
  const text = value.flatMap((part) => (part.type === 'text' ? [part.text ?? ''] : [])).join('\n');
  return { type: 'text', value: `${text}\n(${left} ${left === 1 ? 'image' : 'images'} left out: this model does not read images in tool results.)`.trim() };
}

export function stripToolResultImages(prompt: LanguageModelV4Prompt): LanguageModelV4Prompt {
  let changed = false;
  const next = prompt.map((message) => {
    if (message.role !== 'tool') return message;
    const content = message.content.map((part) => {
      if (part.type !== 'tool-result') return part;
      const output = withoutImages(part.output);
      if (output === part.output) return part;
      changed = true;
      return { ...part, output };
    });
    return { ...message, content } as typeof message;
  });
  return changed ? next : prompt;
}

const stripImagesMiddleware: LanguageModelV4Middleware = {
  specificationVersion: 'v4',
  transformParams: async ({ params }) => {
    const prompt = stripToolResultImages(params.prompt);
    return prompt === params.prompt ? params : { ...params, prompt };
  },
};

/** The model as the run uses it: unchanged when it takes tool-result images, else with images turned into their text. */
export function withToolResultImages(model: LanguageModelV4, info: { provider: string; api?: string; modelId: string }): LanguageModelV4 {
  if (acceptsToolResultImages(info)) return model;
  return wrapLanguageModel({ model, middleware: stripImagesMiddleware });
}
