import { wrapLanguageModel } from 'ai';
import type { LanguageModelV4, LanguageModelV4Prompt } from '@ai-sdk/provider';

/**
 * Reasoning can only go back to the provider that produced it: Anthropic needs a thinking block's
 * signature, OpenAI's Responses API a reasoning item's id or encrypted content, each in its own
 * provider options. A session that changed model keeps the earlier model's reasoning in its
 * history; sent to the other provider, each such part is skipped with an SDK warning on every
 * request ("unsupported reasoning metadata", "Non-OpenAI reasoning parts are not supported").
 * They are left out here instead, quietly: the reasoning stays in the transcript, only the model
 * that cannot read it does not get it.
 */
export function withoutForeignReasoning(prompt: LanguageModelV4Prompt, provider: 'anthropic' | 'openai'): LanguageModelV4Prompt {
  let changed = false;
  const next = prompt.flatMap((message): LanguageModelV4Prompt => {
    if (message.role !== 'assistant') return [message];
    const content = message.content.filter((part) => part.type !== 'reasoning' || part.providerOptions?.[provider] !== undefined);
    if (content.length === message.content.length) return [message];
    changed = true;
    // A message that was only foreign reasoning goes altogether (an empty assistant turn is refused).
    return content.length ? [{ ...message, content }] : [];
  });
  return changed ? next : prompt;
}

/** The model with other providers' reasoning left out of every request. */
export function withOwnReasoningOnly(model: LanguageModelV4, provider: 'anthropic' | 'openai'): LanguageModelV4 {
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: 'v4',
      transformParams: async ({ params }) => {
        const prompt = withoutForeignReasoning(params.prompt, provider);
        return prompt === params.prompt ? params : { ...params, prompt };
      },
    },
  });
}
