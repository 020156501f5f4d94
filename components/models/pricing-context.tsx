'use client';

import { createContext, useCallback, useContext } from 'react';
import type { ModelPricing } from '@/lib/models/pricing';
import type { ModelInfo } from '@/lib/models/types';

/**
 * Where the transcript finds a model's list prices, by model key. The session and compare pages pass
 * the configured models' prices (from /api/models), the share page the catalog's: the catalog's table
 * stays off the session page's first load. Without a provider nothing is priced.
 */
export type PricingLookup = (modelKey: string) => ModelPricing | undefined;

const PricingContext = createContext<PricingLookup | null>(null);

export const PricingProvider = PricingContext.Provider;

export function usePricing(): PricingLookup | null {
  return useContext(PricingContext);
}

/** The lookup for the configured models (their prices come with /api/models). */
export function useModelPricing(models: readonly ModelInfo[]): PricingLookup {
  return useCallback((modelKey: string) => models.find((model) => model.key === modelKey)?.pricing, [models]);
}
