import type { LanguageModel } from 'ai';
import type { SharedV4ProviderOptions } from '@ai-sdk/provider';
import type { ModelCapabilities, ModelPricing } from './catalog';

type ProviderKind = 'openai' | 'anthropic' | 'compat' | 'ollama' | 'demo';

/** What the model picker shows. Never carries a key or a base URL secret. */
export interface ModelInfo {
  /** `provider:modelId`, stored per session. */
  key: string;
  provider: ProviderKind;
  providerLabel: string;
  modelId: string;
  label: string;
  /** Which wire API the model is called through: OpenAI's Responses or Chat Completions, Anthropic's Messages. */
  api: 'responses' | 'chat' | 'messages' | 'offline';
  demo?: boolean;
  /** The catalog's context window (fallback when unknown); a session override is not applied here. */
  contextWindow: number;
  /** List prices, USD per million tokens, when known. */
  pricing?: ModelPricing;
  capabilities: ModelCapabilities;
}

export interface ResolvedModel {
  info: ModelInfo;
  model: LanguageModel;
  providerOptions?: SharedV4ProviderOptions;
  /** Base URL for "copy as curl" in the inspector (never a key). */
  baseUrl?: string;
}

export interface ModelListing {
  models: ModelInfo[];
  /** True when at least one real provider is configured or found. */
  configured: boolean;
  defaultKey: string;
}
