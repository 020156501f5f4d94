/**
 * What we know about models the providers don't tell us: context window,
 * output limit and list prices (USD per million tokens). The figures are the
 * vendors' published ones; self-hosted models have no price.
 *
 * Lookup order: exact id, then the longest matching prefix, then the longest
 * matching substring (so `my-org/Qwen2.5-7B-Instruct-AWQ` still finds Qwen 2.5).
 */

import type { ModelPricing } from './pricing';

export type { ModelPricing } from './pricing';

export interface CatalogEntry {
  /** Lower-case pattern matched against the model id. */
  id: string;
  contextWindow: number;
  maxOutputTokens?: number;
  pricing?: ModelPricing;
  /** Takes image input. */
  images?: boolean;
  /** A reasoning model (thinks before answering; reasoning effort applies). */
  reasoning?: boolean;
  /** Accepts temperature / top-p. False for OpenAI o-series and gpt-5 reasoning models. Undefined = true. */
  sampling?: boolean;
}

/** A model we know nothing about: the smallest window in common use, so we compact early rather than overflow. */
export const FALLBACK_CONTEXT_WINDOW = 8_192;


const MODEL_CATALOG: readonly CatalogEntry[] = [
  // OpenAI. Reasoning models (o-series, gpt-5) reject temperature and top-p.
  { id: 'gpt-5', contextWindow: 400_000, maxOutputTokens: 128_000, pricing: { input: 1.25, cachedInput: 0.125, output: 10 }, images: true, reasoning: true, sampling: false },
  { id: 'gpt-5-mini', contextWindow: 400_000, maxOutputTokens: 128_000, pricing: { input: 0.25, cachedInput: 0.025, output: 2 }, images: true, reasoning: true, sampling: false },
  { id: 'gpt-5-nano', contextWindow: 400_000, maxOutputTokens: 128_000, pricing: { input: 0.05, cachedInput: 0.005, output: 0.4 }, images: true, reasoning: true, sampling: false },
  { id: 'gpt-5-chat', contextWindow: 128_000, maxOutputTokens: 16_384, pricing: { input: 1.25, cachedInput: 0.125, output: 10 }, images: true },
  { id: 'gpt-4.1', contextWindow: 1_047_576, maxOutputTokens: 32_768, pricing: { input: 2, cachedInput: 0.5, output: 8 }, images: true },
  { id: 'gpt-4.1-mini', contextWindow: 1_047_576, maxOutputTokens: 32_768, pricing: { input: 0.4, cachedInput: 0.1, output: 1.6 }, images: true },
  { id: 'gpt-4.1-nano', contextWindow: 1_047_576, maxOutputTokens: 32_768, pricing: { input: 0.1, cachedInput: 0.025, output: 0.4 }, images: true },
  { id: 'gpt-4o', contextWindow: 128_000, maxOutputTokens: 16_384, pricing: { input: 2.5, cachedInput: 1.25, output: 10 }, images: true },
  { id: 'gpt-4o-mini', contextWindow: 128_000, maxOutputTokens: 16_384, pricing: { input: 0.15, cachedInput: 0.075, output: 0.6 }, images: true },
  { id: 'gpt-4-turbo', contextWindow: 128_000, maxOutputTokens: 4_096, pricing: { input: 10, output: 30 }, images: true },
  { id: 'gpt-4', contextWindow: 8_192, maxOutputTokens: 8_192, pricing: { input: 30, output: 60 } },
  { id: 'gpt-3.5-turbo', contextWindow: 16_385, maxOutputTokens: 4_096, pricing: { input: 0.5, output: 1.5 } },
  { id: 'o3', contextWindow: 200_000, maxOutputTokens: 100_000, pricing: { input: 2, cachedInput: 0.5, output: 8 }, images: true, reasoning: true, sampling: false },
  { id: 'o3-mini', contextWindow: 200_000, maxOutputTokens: 100_000, pricing: { input: 1.1, cachedInput: 0.55, output: 4.4 }, reasoning: true, sampling: false },
  { id: 'o4-mini', contextWindow: 200_000, maxOutputTokens: 100_000, pricing: { input: 1.1, cachedInput: 0.275, output: 4.4 }, images: true, reasoning: true, sampling: false },
  { id: 'o1', contextWindow: 200_000, maxOutputTokens: 100_000, pricing: { input: 15, cachedInput: 7.5, output: 60 }, images: true, reasoning: true, sampling: false },
  { id: 'gpt-oss-120b', contextWindow: 131_072, maxOutputTokens: 131_072, reasoning: true },
  { id: 'gpt-oss-20b', contextWindow: 131_072, maxOutputTokens: 131_072, reasoning: true },
  { id: 'gpt-oss', contextWindow: 131_072, maxOutputTokens: 131_072, reasoning: true },
  // DeepSeek (the reasoner ignores temperature and top-p)
  { id: 'deepseek-chat', contextWindow: 128_000, maxOutputTokens: 8_192, pricing: { input: 0.27, cachedInput: 0.07, output: 1.1 } },
  { id: 'deepseek-reasoner', contextWindow: 128_000, maxOutputTokens: 64_000, pricing: { input: 0.55, cachedInput: 0.14, output: 2.19 }, reasoning: true, sampling: false },
  { id: 'deepseek-r1', contextWindow: 128_000, reasoning: true },
  { id: 'deepseek-v3', contextWindow: 128_000 },
  { id: 'deepseek-coder', contextWindow: 16_384 },
  // Meta Llama
  { id: 'llama3.3', contextWindow: 131_072 },
  { id: 'llama3.2-vision', contextWindow: 131_072, images: true },
  { id: 'llama3.2', contextWindow: 131_072 },
  { id: 'llama3.1', contextWindow: 131_072 },
  { id: 'llama3', contextWindow: 8_192 },
  { id: 'llama-3.3', contextWindow: 131_072 },
  { id: 'llama-3.2', contextWindow: 131_072 },
  { id: 'llama-3.1', contextWindow: 131_072 },
  { id: 'llama-3', contextWindow: 8_192 },
  // Qwen
  { id: 'qwen3', contextWindow: 40_960, reasoning: true },
  { id: 'qwen3-coder', contextWindow: 262_144 },
  { id: 'qwen2.5', contextWindow: 32_768 },
  { id: 'qwen2.5vl', contextWindow: 128_000, images: true },
  { id: 'qwen2.5-vl', contextWindow: 128_000, images: true },
  { id: 'qwen2.5-coder', contextWindow: 32_768 },
  { id: 'qwq', contextWindow: 131_072, reasoning: true },
  // Mistral
  { id: 'mistral-large', contextWindow: 131_072, pricing: { input: 2, output: 6 } },
  { id: 'mistral-medium', contextWindow: 131_072, pricing: { input: 0.4, output: 2 }, images: true },
  { id: 'mistral-small', contextWindow: 32_768, pricing: { input: 0.1, output: 0.3 }, images: true },
  { id: 'mistral-nemo', contextWindow: 131_072 },
  { id: 'mistral', contextWindow: 32_768 },
  { id: 'mixtral', contextWindow: 32_768 },
  { id: 'codestral', contextWindow: 262_144, pricing: { input: 0.3, output: 0.9 } },
  { id: 'pixtral', contextWindow: 131_072, images: true },
  // Others commonly run locally
  { id: 'gemma3', contextWindow: 131_072, images: true },
  { id: 'gemma2', contextWindow: 8_192 },
  { id: 'phi4', contextWindow: 16_384 },
  { id: 'phi3', contextWindow: 131_072 },
  { id: 'llava', contextWindow: 4_096, images: true },
  // Anthropic Claude (cachedInput = cache hits, cacheWrite = 5-minute cache writes). Every Claude 3.7+ model thinks
  // (extended or adaptive thinking); the newest ones reject temperature and top-p altogether (@ai-sdk/anthropic's own
  // table agrees), the others only while thinking is on (lib/models/call-options.ts).
  { id: 'claude-fable-5-1', contextWindow: 1_000_000, maxOutputTokens: 128_000, pricing: { input: 10, cachedInput: 0.25, cacheWrite: 12.5, output: 50 }, images: true, reasoning: true, sampling: false },
  { id: 'claude-fable-5', contextWindow: 1_000_000, maxOutputTokens: 128_000, pricing: { input: 10, cachedInput: 1, cacheWrite: 12.5, output: 50 }, images: true, reasoning: true, sampling: false },
  { id: 'claude-opus-5-5', contextWindow: 1_000_000, maxOutputTokens: 128_000, pricing: { input: 4, cachedInput: 0.2, cacheWrite: 5, output: 20 }, images: true, reasoning: true, sampling: false },
  { id: 'claude-opus-5', contextWindow: 1_000_000, maxOutputTokens: 128_000, pricing: { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 }, images: true, reasoning: true, sampling: false },
  { id: 'claude-sonnet-5-5', contextWindow: 1_000_000, maxOutputTokens: 128_000, pricing: { input: 2, cachedInput: 0.1, cacheWrite: 2.5, output: 10 }, images: true, reasoning: true, sampling: false },
  { id: 'claude-sonnet-5', contextWindow: 1_000_000, maxOutputTokens: 128_000, pricing: { input: 2, cachedInput: 0.2, cacheWrite: 2.5, output: 10 }, images: true, reasoning: true, sampling: false },
  // Haiku 5.5's price for prompts up to 100k tokens (longer ones cost five times as much).
  { id: 'claude-haiku-5-5', contextWindow: 1_000_000, maxOutputTokens: 128_000, pricing: { input: 0.1, cachedInput: 0.01, cacheWrite: 0.125, output: 0.5 }, images: true, reasoning: true, sampling: false },
  { id: 'claude-opus-4-8', contextWindow: 1_000_000, maxOutputTokens: 128_000, pricing: { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 }, images: true, reasoning: true, sampling: false },
  { id: 'claude-opus-4-7', contextWindow: 1_000_000, maxOutputTokens: 128_000, pricing: { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 }, images: true, reasoning: true, sampling: false },
  { id: 'claude-opus-4-6', contextWindow: 1_000_000, maxOutputTokens: 128_000, pricing: { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 }, images: true, reasoning: true },
  { id: 'claude-sonnet-4-6', contextWindow: 1_000_000, maxOutputTokens: 64_000, pricing: { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 }, images: true, reasoning: true },
  { id: 'claude-opus-4-5', contextWindow: 200_000, maxOutputTokens: 64_000, pricing: { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 }, images: true, reasoning: true },
  { id: 'claude-sonnet-4-5', contextWindow: 200_000, maxOutputTokens: 64_000, pricing: { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 }, images: true, reasoning: true },
  { id: 'claude-haiku-4-5', contextWindow: 200_000, maxOutputTokens: 64_000, pricing: { input: 1, cachedInput: 0.1, cacheWrite: 1.25, output: 5 }, images: true, reasoning: true },
  { id: 'claude-opus-4-1', contextWindow: 200_000, maxOutputTokens: 32_000, pricing: { input: 15, cachedInput: 1.5, cacheWrite: 18.75, output: 75 }, images: true, reasoning: true },
  { id: 'claude-opus-4', contextWindow: 200_000, maxOutputTokens: 32_000, pricing: { input: 15, cachedInput: 1.5, cacheWrite: 18.75, output: 75 }, images: true, reasoning: true },
  { id: 'claude-sonnet-4', contextWindow: 200_000, maxOutputTokens: 64_000, pricing: { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 }, images: true, reasoning: true },
  { id: 'claude-3-7-sonnet', contextWindow: 200_000, maxOutputTokens: 64_000, pricing: { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 }, images: true, reasoning: true },
  { id: 'claude-3-5-haiku', contextWindow: 200_000, maxOutputTokens: 8_192, pricing: { input: 0.8, cachedInput: 0.08, cacheWrite: 1, output: 4 }, images: true },
  { id: 'claude-3-haiku', contextWindow: 200_000, maxOutputTokens: 4_096, pricing: { input: 0.25, cachedInput: 0.03, cacheWrite: 0.3, output: 1.25 }, images: true },
];

export interface ModelLimits {
  contextWindow: number;
  maxOutputTokens?: number;
  pricing?: ModelPricing;
  /** Where the window came from, shown in the meter's popover. */
  source: 'override' | 'catalog' | 'fallback';
  /** The catalog entry that matched, when one did. */
  matched?: string;
  match?: 'exact' | 'prefix' | 'substring';
}

/** The catalog entry for a model id (or `provider:model` key): exact, then longest prefix, then longest substring. */
export function findCatalogEntry(modelIdOrKey: string, catalog: readonly CatalogEntry[] = MODEL_CATALOG): { entry: CatalogEntry; match: 'exact' | 'prefix' | 'substring' } | undefined {
  const id = normalizeModelId(modelIdOrKey);
  const exact = catalog.find((entry) => entry.id === id);
  if (exact) return { entry: exact, match: 'exact' };
  const longest = (matches: CatalogEntry[]) => matches.sort((a, b) => b.id.length - a.id.length)[0];
  const prefix = longest(catalog.filter((entry) => id.startsWith(entry.id)));
  if (prefix) return { entry: prefix, match: 'prefix' };
  const substring = longest(catalog.filter((entry) => id.includes(entry.id)));
  if (substring) return { entry: substring, match: 'substring' };
  return undefined;
}

/**
 * The limits the meter and the compaction trigger use. `contextWindowOverride`
 * (a per-session setting; 0 = none) wins over the catalog.
 */
export function modelLimits(modelIdOrKey: string, contextWindowOverride = 0, catalog: readonly CatalogEntry[] = MODEL_CATALOG): ModelLimits {
  const found = findCatalogEntry(modelIdOrKey, catalog);
  const base = found
    ? { contextWindow: found.entry.contextWindow, maxOutputTokens: found.entry.maxOutputTokens, pricing: found.entry.pricing, matched: found.entry.id, match: found.match }
    : { contextWindow: FALLBACK_CONTEXT_WINDOW };
  if (contextWindowOverride > 0) return { ...base, contextWindow: contextWindowOverride, source: 'override' };
  return { ...base, source: found ? 'catalog' : 'fallback' };
}

/** `openai:gpt-4o-2024-08-06` → `gpt-4o-2024-08-06`; `ollama:llama3.1:8b` → `llama3.1:8b`; `openai/gpt-4o` → `gpt-4o`. */
export function normalizeModelId(modelIdOrKey: string): string {
  let id = modelIdOrKey.trim().toLowerCase();
  const colon = id.indexOf(':');
  if (colon >= 0 && /^(openai|anthropic|compat|ollama|demo)$/.test(id.slice(0, colon))) id = id.slice(colon + 1);
  const slash = id.lastIndexOf('/');
  return slash >= 0 ? id.slice(slash + 1) : id;
}

/** What a model accepts: the settings sheet disables the rest, the server drops them. */
export interface ModelCapabilities {
  /** Takes image input. */
  images: boolean;
  /** A reasoning model. */
  reasoning: boolean;
  temperature: boolean;
  topP: boolean;
  /** The model's output limit, when known (the max-output-tokens setting's ceiling). */
  maxOutputTokens?: number;
  /** Reasoning effort (low / medium / high) can be set. */
  reasoningEffort: boolean;
}

/**
 * Capabilities of a `provider:model` key from the catalog. An unknown model is
 * assumed to take text only and to accept sampling settings. The offline demo
 * model takes images (it never looks at them), so image flows work without a provider.
 */
export function modelCapabilities(modelKey: string, catalog: readonly CatalogEntry[] = MODEL_CATALOG): ModelCapabilities {
  if (modelKey.trim().toLowerCase().startsWith('demo:')) {
    return { images: true, reasoning: false, temperature: true, topP: true, reasoningEffort: false };
  }
  const entry = findCatalogEntry(modelKey, catalog)?.entry;
  const reasoning = entry?.reasoning === true;
  const sampling = entry?.sampling !== false;
  return {
    images: entry?.images === true,
    reasoning,
    temperature: sampling,
    topP: sampling,
    ...(entry?.maxOutputTokens ? { maxOutputTokens: entry.maxOutputTokens } : {}),
    reasoningEffort: reasoning,
  };
}

export { usageCost } from './pricing';
