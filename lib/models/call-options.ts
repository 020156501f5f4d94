import type { SharedV4ProviderOptions } from '@ai-sdk/provider';
import type { LoopSettings, ReasoningEffortSetting } from '@/lib/agent/settings';
import type { CallSettings } from '@/lib/agent/types';
import type { ModelInfo } from './types';

/**
 * A session's model settings as one model call takes them. What the model does
 * not take is dropped here, on the server, whatever the browser sent: sampling
 * for reasoning models (and for Anthropic while extended thinking is on),
 * reasoning effort for the rest; max output tokens past the model's own limit
 * is lowered to it.
 */

export type SessionModelSettings = Partial<Pick<LoopSettings, 'temperature' | 'topP' | 'maxOutputTokens' | 'reasoningEffort'>>;

export interface CallOptions {
  callSettings: CallSettings;
  /** The model's own provider options with the session's merged over them (deep, per provider). */
  providerOptions?: SharedV4ProviderOptions;
}

/** Anthropic extended-thinking budgets for low / medium / high effort. */
const ANTHROPIC_THINKING_BUDGETS = { low: 2_048, medium: 8_192, high: 24_576 } as const satisfies Record<Exclude<ReasoningEffortSetting, 'default'>, number>;

/** The provider options that set reasoning effort on this model's provider; undefined: none to set. */
function reasoningOptions(info: ModelInfo, effort: Exclude<ReasoningEffortSetting, 'default'>): SharedV4ProviderOptions | undefined {
  switch (info.provider as string) {
    case 'openai':
      return { openai: { reasoningEffort: effort } };
    case 'anthropic':
      return { anthropic: { thinking: { type: 'enabled', budgetTokens: ANTHROPIC_THINKING_BUDGETS[effort] } } };
    // @ai-sdk/openai-compatible reads `reasoningEffort` under the provider's name (registry.ts: 'compat', 'ollama').
    case 'compat':
    case 'ollama':
      return { [info.provider]: { reasoningEffort: effort } };
    default:
      return undefined;
  }
}

/** `extra` merged over `base`: per provider, key by key. */
export function mergeProviderOptions(base: SharedV4ProviderOptions | undefined, extra: SharedV4ProviderOptions | undefined): SharedV4ProviderOptions | undefined {
  if (!extra) return base;
  if (!base) return extra;
  const merged: SharedV4ProviderOptions = { ...base };
  for (const [provider, options] of Object.entries(extra)) merged[provider] = { ...base[provider], ...options };
  return merged;
}

export function callOptionsFor(info: ModelInfo, settings: SessionModelSettings, base?: SharedV4ProviderOptions): CallOptions {
  const caps = info.capabilities;
  const effort = caps.reasoningEffort && settings.reasoningEffort && settings.reasoningEffort !== 'default' ? settings.reasoningEffort : undefined;
  const extra = effort ? reasoningOptions(info, effort) : undefined;
  // Anthropic refuses temperature and top-p while extended thinking is on.
  const thinking = (info.provider as string) === 'anthropic' && extra !== undefined;
  const callSettings: CallSettings = {};
  if (settings.temperature !== undefined && caps.temperature && !thinking) callSettings.temperature = settings.temperature;
  if (settings.topP !== undefined && caps.topP && !thinking) callSettings.topP = settings.topP;
  if (settings.maxOutputTokens !== undefined) callSettings.maxOutputTokens = Math.min(settings.maxOutputTokens, caps.maxOutputTokens ?? Infinity);
  const providerOptions = mergeProviderOptions(base, extra);
  return { callSettings, ...(providerOptions ? { providerOptions } : {}) };
}

/** Why a model does not take a setting, for the sheet's disabled control; undefined: it does. */
export function unsupportedReason(info: Pick<ModelInfo, 'label' | 'provider' | 'capabilities'> | undefined, needs: 'temperature' | 'topP' | 'reasoningEffort', settings: SessionModelSettings = {}): string | undefined {
  if (!info) return undefined;
  const caps = info.capabilities;
  if (needs === 'reasoningEffort') return caps.reasoningEffort ? undefined : `${info.label} is not a reasoning model.`;
  const name = needs === 'temperature' ? 'temperature' : 'top-p';
  if (!caps[needs]) return caps.reasoning ? `${info.label} is a reasoning model: it takes no ${name}.` : `${info.label} takes no ${name}.`;
  if ((info.provider as string) === 'anthropic' && caps.reasoningEffort && settings.reasoningEffort && settings.reasoningEffort !== 'default') {
    return `Anthropic takes no ${name} while extended thinking is on (reasoning effort set).`;
  }
  return undefined;
}
