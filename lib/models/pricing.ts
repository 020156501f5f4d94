/**
 * List prices and what a usage costs at them, without the catalog's table: the browser's
 * transcript prices each reply with this and the configured models' prices (/api/models), so
 * the table stays off the session page's first load.
 */

export interface ModelPricing {
  /** USD per million fresh (uncached) input tokens. */
  input: number;
  /** USD per million cached input tokens. */
  cachedInput?: number;
  /** USD per million output tokens (reasoning included). */
  output: number;
  /** USD per million cache-write tokens (Anthropic prompt caching); undefined = billed as fresh input. */
  cacheWrite?: number;
}

const M = 1_000_000;

export interface CostInput {
  inputTokens: number;
  cachedInputTokens: number;
  /** Tokens written to the prompt cache (Anthropic); part of `inputTokens` like cached ones. */
  cacheWriteTokens?: number;
  outputTokens: number;
}

/**
 * USD for the usage at list prices; undefined when the price is unknown. Cached (read) and cache-written
 * tokens are part of `inputTokens`: each is charged at its own price, the rest as fresh input.
 */
export function usageCost(usage: CostInput, pricing: ModelPricing | undefined): number | undefined {
  if (!pricing) return undefined;
  const cached = Math.min(usage.cachedInputTokens, usage.inputTokens);
  const written = Math.min(usage.cacheWriteTokens ?? 0, usage.inputTokens - cached);
  const fresh = usage.inputTokens - cached - written;
  return (
    (fresh * pricing.input + cached * (pricing.cachedInput ?? pricing.input) + written * (pricing.cacheWrite ?? pricing.input) + usage.outputTokens * pricing.output) / M
  );
}
