import type { ModelInfo } from '@/lib/models/types';
import { editDistance } from './slash-commands';

/**
 * `/model NAME`: which model a name means, and the models its menu offers. A chunk of its own, loaded when the
 * composer first needs it (components/chat/hooks/use-slash-commands.ts): it is not in the session page's first load.
 */

/** The model `/model NAME` means: exactly one that fits, else the closest candidates to name. */
export type ModelMatch = { kind: 'found'; model: ModelInfo } | { kind: 'ambiguous'; candidates: ModelInfo[] } | { kind: 'none'; close: ModelInfo[] };

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Fuzzy, in steps: the key, id or label exactly; then the one model whose id or label contains the words typed
 * (`4.1 mini`, `scripted-chat`); then the closest by edit distance. Separators and case do not count.
 */
export function matchModel(models: readonly ModelInfo[], query: string): ModelMatch {
  const wanted = query.trim().toLowerCase();
  const exact = models.find((model) => [model.key, model.modelId, model.label].some((name) => name.toLowerCase() === wanted));
  if (exact) return { kind: 'found', model: exact };
  const containing = modelsMatching(models, wanted);
  if (containing.length === 1) return { kind: 'found', model: containing[0]! };
  // Several contain it: one whose id is exactly what was typed (without separators) wins, e.g. `gpt41` over `gpt41mini`.
  const squashed = squash(wanted);
  const sameId = containing.filter((model) => squash(model.modelId) === squashed);
  if (sameId.length === 1) return { kind: 'found', model: sameId[0]! };
  if (containing.length > 1) return { kind: 'ambiguous', candidates: containing };
  const ranked = models
    .map((model) => ({ model, distance: editDistance(squash(model.modelId), squashed) }))
    .sort((a, b) => a.distance - b.distance);
  const close = ranked.filter((entry) => entry.distance <= Math.max(3, Math.floor(squashed.length / 2))).slice(0, 3);
  return { kind: 'none', close: close.map((entry) => entry.model) };
}

/** Models whose key, label or provider contain every word typed (all of them for nothing typed). */
export function modelsMatching(models: readonly ModelInfo[], query: string): ModelInfo[] {
  const words = query.trim().split(/\s+/).map(squash).filter(Boolean);
  const haystack = (model: ModelInfo) => squash(`${model.key} ${model.label} ${model.providerLabel}`);
  return models.filter((model) => words.every((word) => haystack(model).includes(word)));
}

/** What `/model` is completed with: the model id, or the whole key when another provider has a model of that id. */
export function modelArgument(model: ModelInfo, models: readonly ModelInfo[]): string {
  return models.some((other) => other !== model && other.modelId.toLowerCase() === model.modelId.toLowerCase()) ? model.key : model.modelId;
}

/** What `/model NAME` says when NAME is not one model. */
export function modelMatchMessage(query: string, match: Exclude<ModelMatch, { kind: 'found' }>, models: readonly ModelInfo[]): string {
  const names = (list: readonly ModelInfo[]) => list.map((model) => model.modelId).join(', ');
  if (match.kind === 'ambiguous') return `“${query}” fits ${match.candidates.length} models: ${names(match.candidates.slice(0, 5))}. Type more of the name.`;
  const close = match.close.length ? ` Closest: ${names(match.close)}.` : ` Available: ${names(models.slice(0, 6))}${models.length > 6 ? '…' : ''}.`;
  return `No model matches “${query}”.${close}`;
}
