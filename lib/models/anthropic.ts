import { createAnthropic } from '@ai-sdk/anthropic';
import { wrapLanguageModel } from 'ai';
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Middleware, SharedV4ProviderOptions } from '@ai-sdk/provider';
import { withoutForeignReasoning } from './foreign-reasoning';
import { keyRedactingFetch } from './key-redacting-fetch';

/**
 * Claude through `@ai-sdk/anthropic` (the Messages API).
 *
 * Prompt caching: every request marks up to three cache breakpoints, so a
 * run's steps and a session's turns read the prefix they share from the cache
 * instead of paying for it again (Anthropic caches tools → system → messages,
 * each breakpoint covering everything before it; at most 4 per request):
 * - the last tool definition (the tool list is the same on every step),
 * - the system prompt (the instructions),
 * - the last message of the history (the next step's request starts with
 *   this one's whole prompt; Anthropic finds the longest cached prefix up to
 *   20 blocks before a breakpoint).
 * Cache writes and reads come back in the usage (`inputTokenDetails`) and are
 * charged at their own prices (lib/models/catalog.ts `usageCost`).
 *
 * Extended thinking arrives as reasoning parts whose provider metadata holds
 * the block's signature (or a redacted block's data); the stored message
 * keeps it, and the next request sends the block back unchanged, as the API
 * requires for thinking in a tool-use turn.
 */

const DEFAULT_BASE_URL = 'https://api.anthropic.com/v1';

/** The `cache_control` every breakpoint carries (the default 5-minute cache). */
export const CACHE_BREAKPOINT = { type: 'ephemeral' } as const;

export interface AnthropicSettings {
  apiKey?: string;
  baseUrl?: string;
}

export function anthropicBaseUrl(settings: AnthropicSettings): string {
  return settings.baseUrl ?? DEFAULT_BASE_URL;
}

/** The Claude model for a run: the provider's model, with cache breakpoints added to every request. */
export function createAnthropicModel(modelId: string, settings: AnthropicSettings): LanguageModelV4 {
  const anthropic = createAnthropic({ apiKey: settings.apiKey, baseURL: anthropicBaseUrl(settings), fetch: keyRedactingFetch(settings.apiKey) });
  return wrapLanguageModel({ model: anthropic.messages(modelId), middleware: cacheBreakpointsMiddleware });
}

const cacheBreakpointsMiddleware: LanguageModelV4Middleware = {
  specificationVersion: 'v4',
  // Another provider's reasoning (the session changed model) cannot be sent back: it is left out first.
  transformParams: async ({ params }) => withCacheBreakpoints({ ...params, prompt: withoutForeignReasoning(params.prompt, 'anthropic') }),
};

/** Options with one breakpoint more (kept apart from the caller's own: a part may already carry `anthropic` options). */
function marked(options: SharedV4ProviderOptions | undefined): SharedV4ProviderOptions {
  return { ...options, anthropic: { ...options?.anthropic, cacheControl: CACHE_BREAKPOINT } };
}

/**
 * The call options with cache breakpoints on the last tool, the last system message and the last
 * message of the history. Pure: the caller's prompt and tools are not changed.
 */
export function withCacheBreakpoints(params: LanguageModelV4CallOptions): LanguageModelV4CallOptions {
  const prompt = [...params.prompt];
  const lastSystem = prompt.findLastIndex((message) => message.role === 'system');
  if (lastSystem >= 0) prompt[lastSystem] = { ...prompt[lastSystem], providerOptions: marked(prompt[lastSystem].providerOptions) };
  const lastMessage = prompt.findLastIndex((message) => message.role !== 'system');
  if (lastMessage >= 0) prompt[lastMessage] = { ...prompt[lastMessage], providerOptions: marked(prompt[lastMessage].providerOptions) };

  let tools = params.tools;
  if (tools?.length) {
    const last = tools.at(-1)!;
    // Provider-defined tools (web search…) take no cache_control of their own.
    if (last.type === 'function') tools = [...tools.slice(0, -1), { ...last, providerOptions: marked(last.providerOptions) }];
  }
  return { ...params, prompt, tools };
}
