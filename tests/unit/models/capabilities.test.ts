import { describe, expect, it } from 'vitest';
import { modelCapabilities } from '@/lib/models/catalog';
import { listModels } from '@/lib/models/registry';
import { readProviderEnv } from '@/lib/models/env';

describe('modelCapabilities', () => {
  it('knows OpenAI vision and reasoning models, and that reasoning models reject sampling', () => {
    expect(modelCapabilities('openai:gpt-4o-2024-08-06')).toEqual({ images: true, reasoning: false, temperature: true, topP: true, maxOutputTokens: 16_384, reasoningEffort: false });
    expect(modelCapabilities('openai:gpt-5-mini')).toMatchObject({ images: true, reasoning: true, temperature: false, topP: false, reasoningEffort: true });
    expect(modelCapabilities('openai:o3-mini')).toMatchObject({ images: false, reasoning: true, temperature: false });
    expect(modelCapabilities('openai:gpt-5-chat-latest')).toMatchObject({ reasoning: false, temperature: true });
    expect(modelCapabilities('openai:gpt-3.5-turbo')).toMatchObject({ images: false, reasoning: false });
  });

  it('assumes text only with sampling for an unknown model, and images for the offline demo', () => {
    expect(modelCapabilities('compat:scripted-chat')).toEqual({ images: false, reasoning: false, temperature: true, topP: true, reasoningEffort: false });
    expect(modelCapabilities('demo:demo-agent')).toMatchObject({ images: true, reasoning: false });
  });

  it('finds local vision and reasoning models through their tags', () => {
    expect(modelCapabilities('ollama:llama3.2-vision:11b')).toMatchObject({ images: true });
    expect(modelCapabilities('ollama:llama3.2:3b')).toMatchObject({ images: false });
    expect(modelCapabilities('ollama:qwen3:8b')).toMatchObject({ reasoning: true, temperature: true });
  });
});

describe('listModels', () => {
  it('gives each model its window, price and capabilities', async () => {
    const env = readProviderEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_MODELS: 'gpt-4.1-mini,o4-mini', OLLAMA_DISCOVERY: 'off' });
    const { models } = await listModels(env);
    expect(models.find((m) => m.key === 'openai:gpt-4.1-mini')).toMatchObject({ contextWindow: 1_047_576, pricing: { input: 0.4, output: 1.6 }, capabilities: { images: true, reasoning: false } });
    expect(models.find((m) => m.key === 'openai:o4-mini')).toMatchObject({ contextWindow: 200_000, capabilities: { reasoning: true, temperature: false } });
    expect(JSON.stringify(models)).not.toContain('sk-test');
  });
});
