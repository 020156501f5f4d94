import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearDiscoveryCache } from '@/lib/models/discovery';
import { readProviderEnv } from '@/lib/models/env';
import { DEMO_MODEL_KEY, listModels, resolveModel, UnknownModelError } from '@/lib/models/registry';

// A stand-in for Ollama's /api/tags and an OpenAI-compatible /v1/models.
let server: http.Server;
let origin: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/api/tags') res.end(JSON.stringify({ models: [{ name: 'qwen3:8b' }, { name: 'llama3.2' }] }));
    else if (req.url === '/v1/models') res.end(JSON.stringify({ data: [{ id: 'served-model' }] }));
    else res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => clearDiscoveryCache());

const offline = { OLLAMA_DISCOVERY: 'off' };

describe('provider registry', () => {
  it('starts with only the demo model when nothing is configured', async () => {
    const listing = await listModels(readProviderEnv(offline));
    expect(listing.configured).toBe(false);
    expect(listing.models.map((m) => m.key)).toEqual([DEMO_MODEL_KEY]);
    expect(listing.defaultKey).toBe(DEMO_MODEL_KEY);
    expect(listing.models[0].label).toMatch(/demo/i);
  });

  it('lists OpenAI models through the Responses API by default and Chat Completions when configured', async () => {
    const responses = readProviderEnv({ ...offline, OPENAI_API_KEY: 'sk-x', OPENAI_MODELS: 'gpt-a, gpt-b' });
    const listing = await listModels(responses);
    expect(listing.configured).toBe(true);
    expect(listing.models.filter((m) => m.provider === 'openai').map((m) => [m.key, m.api])).toEqual([
      ['openai:gpt-a', 'responses'],
      ['openai:gpt-b', 'responses'],
    ]);
    expect((await resolveModel('openai:gpt-a', responses)).model).toMatchObject({ provider: 'openai.responses', modelId: 'gpt-a' });
    const chat = readProviderEnv({ ...offline, OPENAI_API_KEY: 'sk-x', OPENAI_API: 'chat', OPENAI_MODELS: 'gpt-a' });
    expect((await resolveModel('openai:gpt-a', chat)).model).toMatchObject({ provider: 'openai.chat' });
  });

  it('finds a local Ollama and its models automatically', async () => {
    const env = readProviderEnv({ OLLAMA_BASE_URL: origin });
    const listing = await listModels(env);
    expect(listing.models.filter((m) => m.provider === 'ollama').map((m) => m.key)).toEqual(['ollama:qwen3:8b', 'ollama:llama3.2']);
    const resolved = await resolveModel('ollama:qwen3:8b', env);
    expect(resolved.model).toMatchObject({ modelId: 'qwen3:8b' });
    expect(resolved.baseUrl).toBe(`${origin}/v1`);
  });

  it('lists an OpenAI-compatible server from its configured list, or from /models when none is given', async () => {
    const listed = await listModels(readProviderEnv({ ...offline, OPENAI_COMPATIBLE_BASE_URL: `${origin}/v1`, OPENAI_COMPATIBLE_MODELS: 'a,b' }));
    expect(listed.models.filter((m) => m.provider === 'compat').map((m) => m.modelId)).toEqual(['a', 'b']);
    const discovered = await listModels(readProviderEnv({ ...offline, OPENAI_COMPATIBLE_BASE_URL: `${origin}/v1`, OPENAI_COMPATIBLE_NAME: 'vLLM' }));
    const compat = discovered.models.filter((m) => m.provider === 'compat');
    expect(compat.map((m) => [m.modelId, m.providerLabel])).toEqual([['served-model', 'vLLM']]);
  });

  it('refuses a model key the registry does not list', async () => {
    await expect(resolveModel('openai:gpt-a', readProviderEnv(offline))).rejects.toBeInstanceOf(UnknownModelError);
  });

  it('honours DEFAULT_MODEL only when it names a listed model', async () => {
    const env = { ...offline, OPENAI_API_KEY: 'sk', OPENAI_MODELS: 'a,b' };
    expect((await listModels(readProviderEnv({ ...env, DEFAULT_MODEL: 'openai:b' }))).defaultKey).toBe('openai:b');
    expect((await listModels(readProviderEnv({ ...env, DEFAULT_MODEL: 'openai:zzz' }))).defaultKey).toBe('openai:a');
  });

  it('never puts a key into what the picker receives', async () => {
    const listing = await listModels(readProviderEnv({ ...offline, OPENAI_API_KEY: 'sk-secret-123', OPENAI_COMPATIBLE_BASE_URL: `${origin}/v1`, OPENAI_COMPATIBLE_API_KEY: 'compat-secret', OPENAI_COMPATIBLE_MODELS: 'm' }));
    expect(JSON.stringify(listing)).not.toMatch(/secret/);
  });
});
