import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { withToolResultImages } from './tool-result-images';
import { createDemoModel } from './demo-model';
import { discoverCompatibleModels, discoverOllamaModels } from './discovery';
import { keyRedactingFetch } from './key-redacting-fetch';
import { readProviderEnv, type ProviderEnv } from './env';
import { findCatalogEntry, modelCapabilities, modelLimits } from './catalog';
import { anthropicBaseUrl, createAnthropicModel } from './anthropic';
import { withOwnReasoningOnly } from './foreign-reasoning';
import type { ModelInfo, ModelListing, ResolvedModel } from './types';

/**
 * The provider registry: which models exist comes from environment variables
 * (and a local Ollama when one answers). Keys are `provider:modelId`.
 */

export const DEMO_MODEL_KEY = 'demo:demo-agent';

/** A picker entry with what the catalog knows: window, price, capabilities. */
export function describeModel(info: Omit<ModelInfo, 'contextWindow' | 'pricing' | 'capabilities'>): ModelInfo {
  const limits = modelLimits(info.key);
  return { ...info, contextWindow: limits.contextWindow, ...(limits.pricing ? { pricing: limits.pricing } : {}), capabilities: modelCapabilities(info.key) };
}

const DEMO_MODEL: ModelInfo = describeModel({
  key: DEMO_MODEL_KEY,
  provider: 'demo',
  providerLabel: 'Offline demo',
  modelId: 'demo-agent',
  label: 'Demo model (offline, scripted)',
  api: 'offline',
  demo: true,
});

export class UnknownModelError extends Error {
  constructor(readonly key: string) {
    super(`Unknown model "${key}". Pick one of the models listed in the model picker.`);
    this.name = 'UnknownModelError';
  }
}

function splitKey(key: string): { provider: string; modelId: string } {
  const at = key.indexOf(':');
  return at < 0 ? { provider: '', modelId: key } : { provider: key.slice(0, at), modelId: key.slice(at + 1) };
}

async function compatModelIds(env: ProviderEnv): Promise<string[]> {
  if (!env.compatBaseUrl) return [];
  return env.compatModels.length ? env.compatModels : discoverCompatibleModels(env.compatBaseUrl, env.compatApiKey);
}

export async function listModels(env: ProviderEnv = readProviderEnv()): Promise<ModelListing> {
  const models: ModelInfo[] = [];
  if (env.openaiApiKey) {
    for (const id of env.openaiModels) {
      models.push(describeModel({ key: `openai:${id}`, provider: 'openai', providerLabel: 'OpenAI', modelId: id, label: id, api: env.openaiApi }));
    }
  }
  if (env.anthropicApiKey) {
    for (const id of env.anthropicModels) {
      models.push(describeModel({ key: `anthropic:${id}`, provider: 'anthropic', providerLabel: 'Anthropic', modelId: id, label: id, api: 'messages' }));
    }
  }
  for (const id of await compatModelIds(env)) {
    models.push(describeModel({ key: `compat:${id}`, provider: 'compat', providerLabel: env.compatName, modelId: id, label: id, api: 'chat' }));
  }
  if (env.ollamaEnabled) {
    for (const id of await discoverOllamaModels(env.ollamaBaseUrl)) {
      models.push(describeModel({ key: `ollama:${id}`, provider: 'ollama', providerLabel: 'Ollama', modelId: id, label: id, api: 'chat' }));
    }
  }
  const configured = models.length > 0;
  models.push(DEMO_MODEL);
  const preferred = env.defaultModel && models.some((m) => m.key === env.defaultModel) ? env.defaultModel : undefined;
  return { models, configured, defaultKey: preferred ?? models[0].key };
}

/**
 * Builds the AI SDK model for a key. The key must name a model the registry
 * lists: a browser cannot make the server call an arbitrary model or URL.
 */
export async function resolveModel(key: string, env: ProviderEnv = readProviderEnv()): Promise<ResolvedModel> {
  const { models } = await listModels(env);
  const info = models.find((m) => m.key === key);
  if (!info) throw new UnknownModelError(key);
  const { modelId } = splitKey(key);

  switch (info.provider) {
    case 'demo':
      return { info, model: createDemoModel() };
    case 'openai': {
      const openai = createOpenAI({ apiKey: env.openaiApiKey, baseURL: env.openaiBaseUrl, fetch: keyRedactingFetch(env.openaiApiKey) });
      const baseUrl = env.openaiBaseUrl ?? 'https://api.openai.com/v1';
      if (info.api === 'chat') return { info, model: withToolResultImages(openai.chat(modelId), { provider: 'openai', api: 'chat', modelId }), baseUrl };
      // store: false — history is rebuilt from our database on every request, so
      // nothing may depend on OpenAI's server-side item store.
      return {
        info,
        model: withToolResultImages(withOwnReasoningOnly(openai.responses(modelId), 'openai'), { provider: 'openai', modelId }),
        baseUrl,
        providerOptions: { openai: { store: false, ...(mayReason(modelId) ? { include: ['reasoning.encrypted_content'] } : {}) } },
      };
    }
    case 'anthropic':
      return {
        info,
        model: withToolResultImages(createAnthropicModel(modelId, { apiKey: env.anthropicApiKey, baseUrl: env.anthropicBaseUrl }), { provider: 'anthropic', modelId }),
        baseUrl: anthropicBaseUrl({ baseUrl: env.anthropicBaseUrl }),
      };
    case 'compat': {
      const compat = createOpenAICompatible({
        name: 'compat',
        baseURL: env.compatBaseUrl!,
        apiKey: env.compatApiKey,
        includeUsage: true,
        fetch: keyRedactingFetch(env.compatApiKey),
      });
      return { info, model: withToolResultImages(compat.chatModel(modelId), { provider: 'compat', modelId }), baseUrl: env.compatBaseUrl };
    }
    case 'ollama': {
      const baseUrl = `${env.ollamaBaseUrl.replace(/\/$/, '')}/v1`;
      const ollama = createOpenAICompatible({ name: 'ollama', baseURL: baseUrl, includeUsage: true });
      return { info, model: withToolResultImages(ollama.chatModel(modelId), { provider: 'ollama', modelId }), baseUrl };
    }
  }
}

/**
 * Whether a Responses model may return reasoning. With `store: false` a reasoning item can only be sent back
 * with its encrypted content, and that comes only when the request includes `reasoning.encrypted_content`:
 * without it the SDK drops every earlier reasoning item ("Reasoning parts without encrypted content are not
 * supported when store is false") and the model reasons from scratch on each step. The SDK asks for it
 * itself only for model ids it recognises (o-series, gpt-5), not for a proxy's or gateway's own names. Known
 * non-reasoning models are left out: OpenAI refuses the include for them.
 */
function mayReason(modelId: string): boolean {
  const entry = findCatalogEntry(modelId)?.entry;
  return entry === undefined || entry.reasoning === true;
}
