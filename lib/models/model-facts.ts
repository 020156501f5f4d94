import type { ModelPricing } from './catalog';

/** How the picker and the settings sheet write a model's window and price. */

/** 128000 → "128k", 1047576 → "1M", 8192 → "8k". */
export function formatTokens(tokens: number): string {
  if (tokens >= 1_000_000) return `${Number((tokens / 1_000_000).toFixed(tokens % 1_000_000 === 0 ? 0 : 1))}M`;
  if (tokens >= 1_000) return `${Math.round(tokens / 1_000)}k`;
  return String(tokens);
}

function usd(value: number): string {
  return `$${value < 0.1 ? value.toFixed(3).replace(/0$/, '') : value < 10 ? value.toFixed(2) : value.toFixed(0)}`;
}

/** "$2.50 / $10 per M" (input / output, USD per million tokens); undefined without a price. */
export function formatPrice(pricing: ModelPricing | undefined): string | undefined {
  return pricing ? `${usd(pricing.input)} / ${usd(pricing.output)} per M` : undefined;
}
