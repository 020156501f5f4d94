import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { toCurl } from '@/lib/agent';
import { createStepTrace } from '@/lib/agent/trace';
import { addUsage, emptyUsage } from '@/lib/agent/messages';
import { usageFromSdk } from '@/lib/agent/usage';
import { CACHE_BREAKPOINT, withCacheBreakpoints } from '@/lib/models/anthropic';
import { withoutForeignReasoning } from '@/lib/models/foreign-reasoning';
import { modelCapabilities, modelLimits, usageCost } from '@/lib/models/catalog';
import { envProviderKey, KEYED_PROVIDERS, readProviderEnv, withProviderKeys } from '@/lib/models/env';
import { listModels, resolveModel } from '@/lib/models/registry';
import { normalizeUsage } from '@/lib/client/message-usage';

const noDiscovery = { OLLAMA_DISCOVERY: 'off' };

describe('Anthropic in the registry', () => {
  it('lists ANTHROPIC_MODELS (or the default Claude models) only with a key, grouped under Anthropic with window, price and capabilities', async () => {
    expect((await listModels(readProviderEnv({ ...noDiscovery, ANTHROPIC_MODELS: 'claude-sonnet-4-5' }))).models.map((m) => m.key)).toEqual(['demo:demo-agent']);
    const env = readProviderEnv({ ...noDiscovery, ANTHROPIC_API_KEY: 'sk-ant-test-0000', ANTHROPIC_MODELS: 'claude-sonnet-4-5, claude-opus-4-7' });
    const { models, configured } = await listModels(env);
    expect(configured).toBe(true);
    expect(models[0]).toMatchObject({
      key: 'anthropic:claude-sonnet-4-5',
      provider: 'anthropic',
      providerLabel: 'Anthropic',
      api: 'messages',
      contextWindow: 200_000,
      pricing: { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 },
      capabilities: { images: true, reasoning: true, temperature: true, topP: true, reasoningEffort: true, maxOutputTokens: 64_000 },
    });
    expect(models[1]).toMatchObject({ key: 'anthropic:claude-opus-4-7', contextWindow: 1_000_000, capabilities: { temperature: false, topP: false } });
    expect(readProviderEnv({ ANTHROPIC_API_KEY: 'k' }).anthropicModels).toEqual(['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-5']);
    expect(JSON.stringify(models)).not.toContain('sk-ant-test-0000');
  });

  it('resolves to the Messages model at ANTHROPIC_BASE_URL; a key set in the UI stands in for ANTHROPIC_API_KEY', async () => {
    const env = withProviderKeys(readProviderEnv({ ...noDiscovery, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/v1', ANTHROPIC_MODELS: 'claude-haiku-4-5' }), { anthropic: 'sk-ant-ui-key' });
    expect(envProviderKey(env, 'anthropic')).toBe('sk-ant-ui-key');
    expect(KEYED_PROVIDERS.anthropic.envVar).toBe('ANTHROPIC_API_KEY');
    const resolved = await resolveModel('anthropic:claude-haiku-4-5', env);
    expect(resolved.baseUrl).toBe('http://127.0.0.1:9/v1');
    expect(typeof resolved.model === 'object' && resolved.model.provider).toBe('anthropic.messages');
    expect(typeof resolved.model === 'object' && resolved.model.modelId).toBe('claude-haiku-4-5');
  });

  it('Responses models that may reason ask for encrypted reasoning (store: false); known non-reasoning ones do not', async () => {
    const env = readProviderEnv({ ...noDiscovery, OPENAI_API_KEY: 'sk-test-0000', OPENAI_MODELS: 'gpt-5-mini,gpt-4.1-mini,my-gateway-model' });
    const options = async (id: string) => (await resolveModel(`openai:${id}`, env)).providerOptions;
    expect(await options('gpt-5-mini')).toEqual({ openai: { store: false, include: ['reasoning.encrypted_content'] } });
    expect(await options('my-gateway-model')).toEqual({ openai: { store: false, include: ['reasoning.encrypted_content'] } });
    expect(await options('gpt-4.1-mini')).toEqual({ openai: { store: false } });
  });
});

describe('Claude in the catalog', () => {
  it('finds dated snapshots and provider keys by prefix', () => {
    expect(modelLimits('anthropic:claude-sonnet-4-5-20250929')).toMatchObject({ contextWindow: 200_000, matched: 'claude-sonnet-4-5', match: 'prefix' });
    expect(modelLimits('claude-opus-4-20250514')).toMatchObject({ matched: 'claude-opus-4', pricing: { input: 15 } });
    expect(modelLimits('claude-opus-4-1-20250805').matched).toBe('claude-opus-4-1');
    expect(modelLimits('claude-sonnet-5-5').matched).toBe('claude-sonnet-5-5');
    expect(modelCapabilities('anthropic:claude-3-haiku-20240307')).toMatchObject({ images: true, reasoning: false });
  });

  it('charges cache reads and cache writes at their own prices, the rest of the input as fresh', () => {
    const pricing = modelLimits('claude-sonnet-4-5').pricing;
    // 1M input: 600k read from the cache, 300k written to it, 100k fresh; 10k output.
    const usage = { inputTokens: 1_000_000, cachedInputTokens: 600_000, cacheWriteTokens: 300_000, outputTokens: 10_000 };
    expect(usageCost(usage, pricing)).toBeCloseTo(0.1 * 3 + 0.6 * 0.3 + 0.3 * 3.75 + 0.01 * 15, 10);
    // Without the field (OpenAI), the same as before.
    expect(usageCost({ inputTokens: 1_000_000, cachedInputTokens: 0, outputTokens: 0 }, pricing)).toBeCloseTo(3, 10);
    // A price list without cacheWrite bills writes as fresh input.
    expect(usageCost({ inputTokens: 100, cachedInputTokens: 0, cacheWriteTokens: 100, outputTokens: 0 }, { input: 1, output: 1 })).toBeCloseTo(100 / 1_000_000, 12);
  });
});

describe('cache-write usage', () => {
  it('is read from the SDK, summed over steps, kept by the client, and absent where nothing was written', () => {
    const step = usageFromSdk({
      inputTokens: 1000,
      inputTokenDetails: { noCacheTokens: 100, cacheReadTokens: 600, cacheWriteTokens: 300 },
      outputTokens: 5,
      outputTokenDetails: { textTokens: 5, reasoningTokens: undefined },
      totalTokens: 1005,
    }).usage;
    expect(step).toEqual({ inputTokens: 1000, cachedInputTokens: 600, cacheWriteTokens: 300, outputTokens: 5, reasoningTokens: 0, estimated: false });
    expect(addUsage(step, step).cacheWriteTokens).toBe(600);
    expect(addUsage(emptyUsage(), emptyUsage())).not.toHaveProperty('cacheWriteTokens');
    expect(normalizeUsage(step).cacheWriteTokens).toBe(300);
    expect(normalizeUsage(emptyUsage())).not.toHaveProperty('cacheWriteTokens');
  });
});

describe('cache breakpoints', () => {
  const base: LanguageModelV4CallOptions = {
    prompt: [
      { role: 'system', content: 'You are an agent.' },
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
      { role: 'user', content: [{ type: 'text', text: 'go on' }], providerOptions: { anthropic: { other: 1 } } },
    ],
    tools: [
      { type: 'function', name: 'a', inputSchema: { type: 'object' } },
      { type: 'function', name: 'b', inputSchema: { type: 'object' } },
    ],
  };

  it('marks the system prompt, the last tool and the last message (three of the four the API allows), leaving the input unchanged', () => {
    const before = structuredClone(base);
    const out = withCacheBreakpoints(base);
    expect(base).toEqual(before);
    const marked = (options: unknown) => (options as { anthropic?: { cacheControl?: unknown } } | undefined)?.anthropic?.cacheControl;
    expect(out.prompt.map((m) => marked(m.providerOptions))).toEqual([CACHE_BREAKPOINT, undefined, undefined, CACHE_BREAKPOINT]);
    expect(out.prompt[3].providerOptions).toEqual({ anthropic: { other: 1, cacheControl: { type: 'ephemeral' } } });
    expect(out.tools?.map((t) => (t.type === 'function' ? marked(t.providerOptions) : 'provider tool'))).toEqual([undefined, CACHE_BREAKPOINT]);
  });

  it('with no system prompt and no tools, only the last message', () => {
    const out = withCacheBreakpoints({ prompt: [base.prompt[1]] });
    expect(out.prompt[0].providerOptions).toEqual({ anthropic: { cacheControl: CACHE_BREAKPOINT } });
    expect(out.tools).toBeUndefined();
  });
});

describe('copy as curl for a Claude step', () => {
  it('posts to /messages with x-api-key read from $ANTHROPIC_API_KEY and the API version', () => {
    const base = createStepTrace(1, 'model', 0);
    const trace = { ...base, request: { ...base.request, provider: 'anthropic.messages', body: { model: 'claude-sonnet-4-5', messages: [] } } };
    const curl = toCurl(trace, { baseUrl: 'https://api.anthropic.com/v1/' });
    expect(curl).toContain("curl 'https://api.anthropic.com/v1/messages'");
    expect(curl).toContain('-H "x-api-key: $ANTHROPIC_API_KEY"');
    expect(curl).toContain("-H 'anthropic-version: 2023-06-01'");
    expect(curl).not.toContain('Authorization');
  });
});

describe("another provider's reasoning", () => {
  it('is left out of the prompt (an assistant turn of only that goes), own reasoning stays', () => {
    const prompt: LanguageModelV4CallOptions['prompt'] = [
      { role: 'user', content: [{ type: 'text', text: 'q' }] },
      { role: 'assistant', content: [{ type: 'reasoning', text: 'openai thought', providerOptions: { openai: { itemId: 'rs_1' } } }] },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'claude thought', providerOptions: { anthropic: { signature: 'sig' } } },
          { type: 'reasoning', text: 'local thought' },
          { type: 'text', text: 'answer' },
        ],
      },
    ];
    const forClaude = withoutForeignReasoning(prompt, 'anthropic');
    expect(forClaude.map((m) => m.content)).toEqual([
      [{ type: 'text', text: 'q' }],
      [
        { type: 'reasoning', text: 'claude thought', providerOptions: { anthropic: { signature: 'sig' } } },
        { type: 'text', text: 'answer' },
      ],
    ]);
    const forOpenAI = withoutForeignReasoning(prompt, 'openai');
    expect(forOpenAI.flatMap((m) => (m.role === 'assistant' ? m.content.map((p) => (p.type === 'reasoning' ? p.text : p.type)) : []))).toEqual(['openai thought', 'text']);
    const ownOnly = [prompt[0]];
    expect(withoutForeignReasoning(ownOnly, 'openai')).toBe(ownOnly);
  });
});
