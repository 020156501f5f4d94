// Reasoning goes back to the provider that produced it, through the registry's real
// providers, the app's loop (runAgent) and the scripted server:
// - Anthropic: a thinking block's signature (and a redacted block) is sent back with the
//   tool result in the same run, and on the next turn from the stored UI message; every
//   request carries cache breakpoints; cache reads and writes reach the step usage.
// - OpenAI Responses with store: false: the request asks for reasoning.encrypted_content,
//   and a tool step's follow-up request carries the reasoning item with it; the SDK's
//   "Reasoning parts without encrypted content are not supported" warning never appears.
import { jsonSchema } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { historyToModelMessages, runAgent, type AgentTool, type RunResult } from '@/lib/agent';
import type { AgentUIMessage, AgentUIMessageChunk } from '@/lib/agent/messages';
import { callOptionsFor, type SessionModelSettings } from '@/lib/models/call-options';
import { readProviderEnv } from '@/lib/models/env';
import { resolveModel } from '@/lib/models/registry';
import { scriptedEncryptedContent, scriptedSignature, startScriptedServer, type ScriptedServer } from '../scripted-server/index.mjs';
import { assemble, fakeClock, userMessage } from '../unit/agent/harness';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => server.reset());

const readFile: AgentTool = {
  name: 'readFile',
  description: 'Read a file',
  inputSchema: jsonSchema<{ path: string }>({ type: 'object', properties: { path: { type: 'string' } } }),
  readOnly: true,
  execute: async () => 'file body',
};

async function runTurn(
  modelKey: string,
  messages: AgentUIMessage[],
  sessionSettings?: SessionModelSettings,
): Promise<{ result: RunResult; message: AgentUIMessage }> {
  const env = readProviderEnv({
    OLLAMA_DISCOVERY: 'off',
    ANTHROPIC_API_KEY: 'sk-ant-scripted-0000',
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_MODELS: 'claude-sonnet-4-5',
    OPENAI_API_KEY: 'sk-scripted-0000',
    OPENAI_BASE_URL: server.url,
    OPENAI_MODELS: 'scripted-responses,gpt-5-mini',
  });
  const resolved = await resolveModel(modelKey, env);
  // As the server does (lib/server/run-stream.ts): the session's settings over the model's own provider options.
  const call = sessionSettings ? callOptionsFor(resolved.info, sessionSettings, resolved.providerOptions) : undefined;
  const chunks: AgentUIMessageChunk[] = [];
  const result = await runAgent({
    model: resolved.model,
    providerOptions: call ? call.providerOptions : resolved.providerOptions,
    ...(call ? { callSettings: call.callSettings } : {}),
    instructions: 'You are a careful agent.',
    messages,
    tools: [readFile],
    signal: new AbortController().signal,
    clock: fakeClock(),
    write: (chunk) => chunks.push(chunk),
  });
  return { result, message: await assemble(chunks) };
}

describe('Anthropic: thinking round trip and prompt caching', () => {
  const THOUGHT = 'I should read the file first';
  const ASK = `Read a [[scenario:tool?reasoning=${encodeURIComponent(THOUGHT)}&redacted=opaque-blob&args={"path":"a.txt"}&answer=Done.&inputTokens=4000&cachedTokens=3000&cacheWriteTokens=800&sticky=1]]`;

  it('sends the signed thinking block back with the tool result, and again on the next turn from the stored message', async () => {
    const first = await runTurn('anthropic:claude-sonnet-4-5', [userMessage(ASK)]);
    expect(first.result.end.reason).toBe('completed');
    const requests = server.requests();
    expect(requests.map((r) => r.api)).toEqual(['anthropic', 'anthropic']);
    const expectedBlocks = [
      { type: 'redacted_thinking', data: 'opaque-blob' },
      { type: 'thinking', thinking: THOUGHT, signature: scriptedSignature(THOUGHT) },
      { type: 'tool_use', id: 'toolu_call_0_0', name: 'readFile', input: { path: 'a.txt' } },
    ];
    // Step 2 of the run: the assistant turn goes back as it came, thinking first.
    const assistant = requests[1].body.messages.find((m: { role: string }) => m.role === 'assistant');
    expect(assistant.content.filter((b: { type: string }) => b.type !== 'text').slice(0, 3)).toEqual(expectedBlocks);

    // The stored message keeps the signature (reasoning providerMetadata) for the next turn.
    const reasoning = first.message.parts.filter((p) => p.type === 'reasoning');
    expect(reasoning.map((p) => p.providerMetadata?.anthropic)).toEqual([
      { redactedData: 'opaque-blob' },
      { signature: scriptedSignature(THOUGHT) },
      { redactedData: 'opaque-blob' },
      { signature: scriptedSignature(THOUGHT) },
    ]);
    // No message_start bookkeeping part is stored in the transcript.
    expect(first.message.parts.map((p) => p.type)).not.toContain('custom');

    server.reset();
    const history = [userMessage(ASK), first.message, userMessage('And now? [[scenario:default?text=Fine.]]', 'u2')];
    // The history as the model sees it keeps the provider options the signature travels in.
    const modelMessages = await historyToModelMessages(history, [readFile], 30_000);
    expect(JSON.stringify(modelMessages)).toContain(scriptedSignature(THOUGHT));
    const second = await runTurn('anthropic:claude-sonnet-4-5', history);
    expect(second.result.end.reason).toBe('completed');
    const [next] = server.requests();
    const firstAssistant = next.body.messages.find((m: { role: string }) => m.role === 'assistant');
    expect(firstAssistant.content.slice(0, 3)).toEqual(expectedBlocks);
  });

  it('puts cache breakpoints on the last tool, the system prompt and the last message; cache reads and writes reach the usage', async () => {
    const { result } = await runTurn('anthropic:claude-sonnet-4-5', [userMessage(ASK)]);
    for (const request of server.requests()) {
      const { body } = request;
      expect(body.tools.at(-1).cache_control).toEqual({ type: 'ephemeral' });
      expect(body.system.at(-1)).toMatchObject({ type: 'text', cache_control: { type: 'ephemeral' } });
      expect(body.system.at(-1).text).toContain('You are a careful agent.');
      expect(body.messages.at(-1).content.at(-1).cache_control).toEqual({ type: 'ephemeral' });
      expect(JSON.stringify(body).match(/"cache_control"/g)).toHaveLength(3);
    }
    // Step 2's last message is the tool result.
    expect(server.requests()[1].body.messages.at(-1).content.at(-1)).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_call_0_0' });
    for (const step of result.steps) expect(step.usage).toMatchObject({ inputTokens: 4000, cachedInputTokens: 3000, cacheWriteTokens: 800, estimated: false });
    expect(result.usage).toMatchObject({ inputTokens: 8000, cachedInputTokens: 6000, cacheWriteTokens: 1600 });
    // The step trace shows the body as sent, breakpoints included.
    expect(JSON.stringify(result.steps[0].request.body)).toContain('cache_control');
  });
});

describe('session settings on Claude', () => {
  it('reasoning effort turns extended thinking on with its budget (max_tokens above it) and drops temperature, as the API requires', async () => {
    await runTurn('anthropic:claude-sonnet-4-5', [userMessage('Think [[scenario:reasoning]]')], { reasoningEffort: 'low', temperature: 0.2, maxOutputTokens: 4000 });
    const [request] = server.requests();
    expect(request.body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    expect(request.body.max_tokens).toBe(4000 + 2048);
    expect(request.body).not.toHaveProperty('temperature');
  });
});

describe('OpenAI Responses with store: false: encrypted reasoning round trip', () => {
  it("a tool step's follow-up request carries the reasoning item with its encrypted content, and no warning is printed", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      const thought = 'Reading the file answers it';
      const ask = `Read a [[scenario:tool?reasoning=${encodeURIComponent(thought)}&args={"path":"a.txt"}&answer=Done.]]`;
      const { result } = await runTurn('openai:scripted-responses', [userMessage(ask)]);
      expect(result.end.reason).toBe('completed');
      const [first, second] = server.requests();
      expect(first.body).toMatchObject({ store: false, include: ['reasoning.encrypted_content'] });
      const item = second.body.input.find((i: { type?: string }) => i.type === 'reasoning');
      expect(item).toMatchObject({ type: 'reasoning', encrypted_content: scriptedEncryptedContent(thought), summary: [{ type: 'summary_text', text: thought }] });
      // The item comes before the call it led to, as the API requires.
      const types = second.body.input.map((i: { type?: string; role?: string }) => i.type ?? i.role);
      expect(types.indexOf('reasoning')).toBeLessThan(types.indexOf('function_call'));
      const printed = [...warn.mock.calls, ...info.mock.calls].map((args) => args.join(' ')).join('\n');
      expect(printed).not.toMatch(/without encrypted content/);
      for (const step of result.steps) expect(JSON.stringify(step.warnings)).not.toMatch(/encrypted content/);
    } finally {
      warn.mockRestore();
      info.mockRestore();
    }
  });
});
