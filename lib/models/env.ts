/** Environment variables that configure providers. Documented in the README's configuration table. */
export interface ProviderEnv {
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  openaiApi: 'responses' | 'chat';
  openaiModels: string[];
  anthropicApiKey?: string;
  anthropicBaseUrl?: string;
  anthropicModels: string[];
  compatBaseUrl?: string;
  compatApiKey?: string;
  compatName: string;
  compatModels: string[];
  ollamaBaseUrl: string;
  ollamaEnabled: boolean;
  defaultModel?: string;
}

const DEFAULT_OPENAI_MODELS = ['gpt-4.1-mini', 'gpt-4.1', 'gpt-5-mini', 'o4-mini'];
/** Current Claude models (aliases: they follow Anthropic's newest snapshot of each). */
const DEFAULT_ANTHROPIC_MODELS = ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-5'];
const DEFAULT_OLLAMA_URL = 'http://127.0.0.1:11434';

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function readProviderEnv(env: Record<string, string | undefined> = process.env): ProviderEnv {
  const openaiModels = list(env.OPENAI_MODELS);
  const anthropicModels = list(env.ANTHROPIC_MODELS);
  return {
    openaiApiKey: nonEmpty(env.OPENAI_API_KEY),
    openaiBaseUrl: nonEmpty(env.OPENAI_BASE_URL),
    openaiApi: env.OPENAI_API?.trim().toLowerCase() === 'chat' ? 'chat' : 'responses',
    openaiModels: openaiModels.length ? openaiModels : DEFAULT_OPENAI_MODELS,
    anthropicApiKey: nonEmpty(env.ANTHROPIC_API_KEY),
    anthropicBaseUrl: nonEmpty(env.ANTHROPIC_BASE_URL),
    anthropicModels: anthropicModels.length ? anthropicModels : DEFAULT_ANTHROPIC_MODELS,
    compatBaseUrl: nonEmpty(env.OPENAI_COMPATIBLE_BASE_URL),
    compatApiKey: nonEmpty(env.OPENAI_COMPATIBLE_API_KEY),
    compatName: nonEmpty(env.OPENAI_COMPATIBLE_NAME) ?? 'OpenAI-compatible',
    compatModels: list(env.OPENAI_COMPATIBLE_MODELS),
    ollamaBaseUrl: nonEmpty(env.OLLAMA_BASE_URL) ?? DEFAULT_OLLAMA_URL,
    ollamaEnabled: !['0', 'false', 'off'].includes(env.OLLAMA_DISCOVERY?.trim().toLowerCase() ?? ''),
    defaultModel: nonEmpty(env.DEFAULT_MODEL),
  };
}

/** Providers whose key can also be set in the UI (lib/server/provider-keys.ts), with the variable each key stands in for. */
export const KEYED_PROVIDERS = {
  openai: { label: 'OpenAI', envVar: 'OPENAI_API_KEY' },
  compat: { label: 'OpenAI-compatible', envVar: 'OPENAI_COMPATIBLE_API_KEY' },
  anthropic: { label: 'Anthropic', envVar: 'ANTHROPIC_API_KEY' },
} as const;

export type KeyedProvider = keyof typeof KEYED_PROVIDERS;

/** Keys from outside the environment, one per provider; the caller has already applied its precedence. */
export type ProviderKeys = Partial<Record<KeyedProvider, string>>;

/** The env with these keys in place of the environment's own. */
export function withProviderKeys(env: ProviderEnv, keys: ProviderKeys): ProviderEnv {
  return {
    ...env,
    openaiApiKey: keys.openai ?? env.openaiApiKey,
    anthropicApiKey: keys.anthropic ?? env.anthropicApiKey,
    compatApiKey: keys.compat ?? env.compatApiKey,
  };
}

/** Whether a key for this provider can be used at all: the OpenAI-compatible one needs its base URL. */
export function providerKeyUsable(env: ProviderEnv, provider: KeyedProvider): boolean {
  return provider === 'compat' ? Boolean(env.compatBaseUrl) : true;
}

/** The environment's own key for a provider. */
export function envProviderKey(env: ProviderEnv, provider: KeyedProvider): string | undefined {
  switch (provider) {
    case 'openai':
      return env.openaiApiKey;
    case 'anthropic':
      return env.anthropicApiKey;
    case 'compat':
      return env.compatApiKey;
  }
}
