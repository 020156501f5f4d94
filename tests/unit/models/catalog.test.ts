import { describe, expect, it } from 'vitest';
import { FALLBACK_CONTEXT_WINDOW, findCatalogEntry, modelLimits, normalizeModelId, usageCost, type CatalogEntry } from '@/lib/models/catalog';

describe('model catalog', () => {
  it('prefers an exact match over a prefix match', () => {
    expect(findCatalogEntry('gpt-4o-mini')).toMatchObject({ match: 'exact', entry: { id: 'gpt-4o-mini', contextWindow: 128_000 } });
    expect(findCatalogEntry('gpt-4.1')).toMatchObject({ match: 'exact', entry: { id: 'gpt-4.1' } });
  });

  it('falls back to the longest prefix (dated snapshots find their family)', () => {
    expect(findCatalogEntry('gpt-4o-2024-08-06')).toMatchObject({ match: 'prefix', entry: { id: 'gpt-4o' } });
    expect(findCatalogEntry('gpt-4.1-mini-2025-04-14')).toMatchObject({ match: 'prefix', entry: { id: 'gpt-4.1-mini' } });
    expect(findCatalogEntry('llama3.1:8b')).toMatchObject({ match: 'prefix', entry: { id: 'llama3.1', contextWindow: 131_072 } });
  });

  it('then to the longest substring (vendor-prefixed or quantized names)', () => {
    expect(findCatalogEntry('my-org-qwen2.5-coder-7b-awq')).toMatchObject({ match: 'substring', entry: { id: 'qwen2.5-coder' } });
    expect(findCatalogEntry('meta-llama-3.1-70b-instruct')).toMatchObject({ match: 'substring', entry: { id: 'llama-3.1' } });
  });

  it('tries exact before prefix before substring whatever the catalog order', () => {
    const catalog: CatalogEntry[] = [
      { id: 'model', contextWindow: 1 },
      { id: 'x-model', contextWindow: 2 },
      { id: 'x-model-large', contextWindow: 3 },
    ];
    expect(modelLimits('x-model-large', 0, catalog).contextWindow).toBe(3);
    expect(modelLimits('x-model-large-2', 0, catalog).contextWindow).toBe(3);
    expect(modelLimits('x-model-2', 0, catalog).contextWindow).toBe(2);
    expect(modelLimits('big-model', 0, catalog)).toMatchObject({ contextWindow: 1, match: 'substring' });
  });

  it('strips our provider prefix and a vendor path before matching', () => {
    expect(normalizeModelId('openai:GPT-4o')).toBe('gpt-4o');
    expect(normalizeModelId('compat:deepseek-ai/DeepSeek-R1')).toBe('deepseek-r1');
    expect(modelLimits('ollama:qwen3:8b')).toMatchObject({ contextWindow: 40_960, source: 'catalog' });
  });

  it('uses 8,192 tokens for an unknown model', () => {
    expect(modelLimits('compat:scripted-chat')).toEqual({ contextWindow: FALLBACK_CONTEXT_WINDOW, source: 'fallback' });
    expect(FALLBACK_CONTEXT_WINDOW).toBe(8_192);
  });

  it('lets the per-session override win over the catalog and the fallback', () => {
    expect(modelLimits('gpt-4o', 4_000)).toMatchObject({ contextWindow: 4_000, source: 'override', matched: 'gpt-4o' });
    expect(modelLimits('unknown', 50_000)).toMatchObject({ contextWindow: 50_000, source: 'override' });
  });

  it('prices cached input at the cached rate and leaves unknown prices undefined', () => {
    const pricing = { input: 2, cachedInput: 0.5, output: 8 };
    expect(usageCost({ inputTokens: 1_000_000, cachedInputTokens: 400_000, outputTokens: 100_000 }, pricing)).toBeCloseTo(1.2 + 0.2 + 0.8);
    expect(usageCost({ inputTokens: 10, cachedInputTokens: 0, outputTokens: 10 }, undefined)).toBeUndefined();
  });
});
