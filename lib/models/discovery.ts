/**
 * Finds models on servers that list them: a local Ollama (`/api/tags`) and an
 * OpenAI-compatible server without a configured model list (`/models`).
 * Results are cached briefly so the model picker does not probe on every render.
 */

const DISCOVERY_TIMEOUT_MS = 600;
const CACHE_TTL_MS = 15_000;

const cache = new Map<string, { at: number; models: string[] }>();

async function fetchJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS), cache: 'no-store' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

async function cached(key: string, load: () => Promise<string[]>): Promise<string[]> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.models;
  let models: string[] = [];
  try {
    models = await load();
  } catch {
    models = []; // not running, or not reachable: the picker simply doesn't list it
  }
  cache.set(key, { at: Date.now(), models });
  return models;
}

export function discoverOllamaModels(baseUrl: string): Promise<string[]> {
  return cached(`ollama:${baseUrl}`, async () => {
    const body = (await fetchJson(`${baseUrl.replace(/\/$/, '')}/api/tags`)) as { models?: Array<{ name?: string; model?: string }> };
    return (body.models ?? []).map((m) => m.name ?? m.model ?? '').filter(Boolean);
  });
}

export function discoverCompatibleModels(baseUrl: string, apiKey?: string): Promise<string[]> {
  // Per key too: two viewers with different keys may see different lists.
  return cached(`compat:${baseUrl}\0${apiKey ?? ''}`, async () => {
    const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
    const body = (await fetchJson(`${baseUrl.replace(/\/$/, '')}/models`, headers)) as { data?: Array<{ id?: string }> };
    return (body.data ?? []).map((m) => m.id ?? '').filter(Boolean);
  });
}

export function clearDiscoveryCache() {
  cache.clear();
}
