import { describe, expect, it } from 'vitest';
import { modelCapabilities } from '@/lib/models/catalog';
import { callOptionsFor, mergeProviderOptions, unsupportedReason } from '@/lib/models/call-options';
import type { ModelInfo } from '@/lib/models/types';

function info(key: string, provider: string, capabilities = modelCapabilities(key)): ModelInfo {
  return { key, provider: provider as ModelInfo['provider'], providerLabel: provider, modelId: key.split(':')[1], label: key.split(':')[1], api: 'chat', contextWindow: 8_192, capabilities };
}

const sampling = { temperature: 0.4, topP: 0.9, maxOutputTokens: 2_000 };
const claude = info('anthropic:claude-x', 'anthropic', { images: true, reasoning: true, temperature: true, topP: true, maxOutputTokens: 64_000, reasoningEffort: true });

describe('callOptionsFor', () => {
  it('passes sampling to a model that takes it, and nothing when nothing is set', () => {
    expect(callOptionsFor(info('openai:gpt-4.1', 'openai'), sampling)).toEqual({ callSettings: sampling });
    expect(callOptionsFor(info('openai:gpt-4.1', 'openai'), {})).toEqual({ callSettings: {} });
    expect(callOptionsFor(info('openai:gpt-4.1', 'openai'), { reasoningEffort: 'high' })).toEqual({ callSettings: {} });
  });

  it('drops sampling for OpenAI reasoning models, maps the effort, and merges over the model’s own options', () => {
    const result = callOptionsFor(info('openai:o4-mini', 'openai'), { ...sampling, reasoningEffort: 'medium' }, { openai: { store: false } });
    expect(result).toEqual({ callSettings: { maxOutputTokens: 2_000 }, providerOptions: { openai: { store: false, reasoningEffort: 'medium' } } });
    expect(callOptionsFor(info('openai:o4-mini', 'openai'), { reasoningEffort: 'default' }, { openai: { store: false } }).providerOptions).toEqual({ openai: { store: false } });
  });

  it('turns Anthropic effort into a thinking budget and then drops temperature and top-p', () => {
    expect(callOptionsFor(claude, { ...sampling, reasoningEffort: 'low' })).toEqual({
      callSettings: { maxOutputTokens: 2_000 },
      providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 2_048 } } },
    });
    expect(callOptionsFor(claude, { reasoningEffort: 'high' }).providerOptions).toEqual({ anthropic: { thinking: { type: 'enabled', budgetTokens: 24_576 } } });
    expect(callOptionsFor(claude, sampling).callSettings).toEqual(sampling);
  });

  it('sends effort under the provider’s name for OpenAI-compatible reasoning models, and caps output at the model’s limit', () => {
    expect(callOptionsFor(info('ollama:qwen3:8b', 'ollama'), { reasoningEffort: 'high', temperature: 0.1 })).toEqual({
      callSettings: { temperature: 0.1 },
      providerOptions: { ollama: { reasoningEffort: 'high' } },
    });
    expect(callOptionsFor(info('openai:gpt-4o', 'openai'), { maxOutputTokens: 1_000_000 }).callSettings).toEqual({ maxOutputTokens: 16_384 });
    expect(callOptionsFor(info('compat:unknown', 'compat'), { maxOutputTokens: 1_000_000 }).callSettings).toEqual({ maxOutputTokens: 1_000_000 });
  });

  it('merges provider options per provider, key by key', () => {
    expect(mergeProviderOptions({ openai: { store: false, a: 1 }, x: { y: 1 } }, { openai: { a: 2 } })).toEqual({ openai: { store: false, a: 2 }, x: { y: 1 } });
    expect(mergeProviderOptions(undefined, undefined)).toBeUndefined();
  });
});

describe('unsupportedReason', () => {
  it('says why a setting is disabled for the model', () => {
    expect(unsupportedReason(info('openai:gpt-5-mini', 'openai'), 'temperature')).toBe('gpt-5-mini is a reasoning model: it takes no temperature.');
    expect(unsupportedReason(info('openai:gpt-4.1', 'openai'), 'reasoningEffort')).toBe('gpt-4.1 is not a reasoning model.');
    expect(unsupportedReason(info('openai:gpt-4.1', 'openai'), 'topP')).toBeUndefined();
    expect(unsupportedReason(claude, 'topP', { reasoningEffort: 'medium' })).toMatch(/while extended thinking is on/);
    expect(unsupportedReason(claude, 'topP', { reasoningEffort: 'default' })).toBeUndefined();
  });
});
