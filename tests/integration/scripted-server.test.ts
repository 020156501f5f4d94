// Drives every scripted-server scenario through the real providers
// (@ai-sdk/openai Responses + Chat, @ai-sdk/openai-compatible, @ai-sdk/anthropic Messages) with streamText,
// so the fake server is proven to speak a wire format those parsers accept.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, RetryError, generateText, isStepCount, streamText, tool, type LanguageModel } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedSignature, startScriptedServer, wireDir, type ScriptedServer } from '../scripted-server/index.mjs';
import { assembleStream } from './assemble';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => server.reset());

type ProviderKind = 'responses' | 'chat' | 'compat' | 'anthropic';
const PROVIDERS: ProviderKind[] = ['responses', 'chat', 'compat', 'anthropic'];

function model(kind: ProviderKind, id = 'scripted'): LanguageModel {
  if (kind === 'anthropic') return createAnthropic({ baseURL: server.url, apiKey: 'test' }).messages(id);
  if (kind === 'compat') return createOpenAICompatible({ name: 'compat', baseURL: server.url, includeUsage: true }).chatModel(id);
  const openai = createOpenAI({ baseURL: server.url, apiKey: 'test' });
  return kind === 'responses' ? openai.responses(id) : openai.chat(id);
}

/** streamText with retries off and errors kept out of the console (they are asserted via the stream). */
function run(kind: ProviderKind, prompt: string, extra: Partial<Parameters<typeof streamText>[0]> = {}) {
  return assembleStream(
    streamText({ model: model(kind), prompt, maxRetries: 0, onError: () => {}, ...extra } as Parameters<typeof streamText>[0]),
  );
}

/** Unique per test so error counters never collide between providers. */
let seq = 0;
const uniq = () => `k${Date.now()}-${seq++}`;

const waitFor = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('waitFor timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.each(PROVIDERS)('scripted server via %s', (kind) => {
  it('default scenario echoes the user message as markdown, with usage', async () => {
    const r = await run(kind, 'Hello there, scripted friend');
    expect(r.text).toBe('**Echo:** Hello there, scripted friend');
    expect(r.finishReason).toBe('stop');
    expect(r.usage?.inputTokens).toBeGreaterThan(0);
    // one output token per delta: "**Echo:** " + 4 words
    expect(r.usage?.outputTokens).toBe(5);
    expect(server.requests()[0]).toMatchObject({ api: kind === 'responses' || kind === 'anthropic' ? kind : 'chat', scenario: 'default', outcome: 'completed' });
  });

  it('text: markdown in many small deltas, exact usage from params', async () => {
    const r = await run(kind, 'Write something [[scenario:text?inputTokens=42&cachedTokens=7]]');
    expect(r.text).toContain('## Scripted answer');
    expect(r.text).toContain('You said: _Write something_');
    expect(r.text).toContain('```ts\nconst answer = 42;\n```');
    expect(r.usage?.inputTokens).toBe(42);
    expect(r.usage?.inputTokenDetails.cacheReadTokens).toBe(7);
    expect(r.usage?.inputTokenDetails.noCacheTokens).toBe(35);
    expect(r.usage?.outputTokens).toBe(r.text.match(/\s*\S+\s*/g)!.length);
    expect(r.usage?.outputTokens).toBeGreaterThan(20);
    // Anthropic reports no separate thinking tokens.
    expect(r.usage?.outputTokenDetails.reasoningTokens).toBe(kind === 'anthropic' ? undefined : 0);
  });

  it('tool: streamed args, then a text turn quoting the tool result', async () => {
    const readFile = tool({
      description: 'read a file',
      inputSchema: z.object({ path: z.string() }),
      execute: async ({ path }) => `contents of ${path}: 42 lines`,
    });
    const r = await run(kind, 'Read it [[scenario:tool?args={"path":"notes/a.txt"}]]', {
      tools: { readFile },
      stopWhen: isStepCount(3),
    });
    // Anthropic's tool_use ids start with toolu_.
    expect(r.toolCalls).toEqual([{ toolCallId: kind === 'anthropic' ? 'toolu_call_0_0' : 'call_0_0', toolName: 'readFile', input: { path: 'notes/a.txt' } }]);
    expect(r.toolResults[0]?.output).toBe('contents of notes/a.txt: 42 lines');
    expect(r.steps.map((s) => s.finishReason)).toEqual(['tool-calls', 'stop']);
    expect(r.text).toContain('contents of notes/a.txt: 42 lines');
    expect(r.text).toContain('`readFile`');
    const reqs = server.requests();
    expect(reqs).toHaveLength(2);
    // args were split into 3-char fragments
    expect(reqs[0].outcome).toBe('completed');
    expect(JSON.stringify(reqs[1].body)).toContain('contents of notes/a.txt');
  });

  it('tool: answer= replaces the quoted results with a fixed text', async () => {
    const big = tool({ inputSchema: z.object({}), execute: async () => 'BIG-OUTPUT '.repeat(50) });
    const r = await run(kind, 'go [[scenario:tool?answer=All done.]]', { tools: { big }, stopWhen: isStepCount(3) });
    expect(r.toolResults[0]?.output).toContain('BIG-OUTPUT');
    expect(r.text).toBe('All done.');
  });

  it('tool: defaults to the first declared tool with {} args', async () => {
    const r = await run(kind, 'go [[scenario:tool]]', {
      tools: { listDir: tool({ inputSchema: z.object({}) }), other: tool({ inputSchema: z.object({}) }) },
    });
    expect(r.toolCalls.map((c) => [c.toolName, c.input])).toEqual([['listDir', {}]]);
    expect(r.finishReason).toBe('tool-calls');
  });

  it('parallel-tools: two calls in one turn, then text with both results', async () => {
    const add = tool({ inputSchema: z.object({ a: z.number(), b: z.number() }), execute: async ({ a, b }) => a + b });
    const multiply = tool({ inputSchema: z.object({ a: z.number(), b: z.number() }), execute: async ({ a, b }) => a * b });
    const r = await run(kind, 'math [[scenario:parallel-tools?tool1=add&args1={"a":2,"b":3}&tool2=multiply&args2={"a":4,"b":5}]]', {
      tools: { add, multiply },
      stopWhen: isStepCount(3),
    });
    expect(r.toolCalls.map((c) => [c.toolName, c.input])).toEqual([
      ['add', { a: 2, b: 3 }],
      ['multiply', { a: 4, b: 5 }],
    ]);
    expect(new Set(r.toolCalls.map((c) => c.toolCallId)).size).toBe(2);
    expect(r.text).toContain('`add` returned: 5');
    expect(r.text).toContain('`multiply` returned: 20');
    expect(r.steps).toHaveLength(2);
  });

  it('reasoning: reasoning deltas then text, reasoningTokens counted', async () => {
    const r = await run(kind, 'Think first [[scenario:reasoning]]');
    const reasoning = 'Let me think about this step by step. The user wants a short answer.';
    if (kind === 'chat') {
      // @ai-sdk/openai .chat() does not read delta.reasoning_content (wire README, verified on 4.0.118).
      expect(r.reasoning).toEqual([]);
    } else {
      expect(r.reasoning).toEqual([reasoning]);
    }
    expect(r.text).toBe('Here is my answer to: Think first');
    expect(r.usage?.outputTokenDetails.reasoningTokens).toBe(kind === 'anthropic' ? undefined : 14);
    expect(r.usage?.outputTokens).toBe(14 + 7);
    expect(r.finishReason).toBe('stop');
  });

  it('length: finish reason length with usage', async () => {
    const r = await run(kind, 'Long please [[scenario:length?inputTokens=10]]');
    expect(r.finishReason).toBe('length');
    expect(r.rawFinishReason).toBe(kind === 'responses' ? 'max_output_tokens' : kind === 'anthropic' ? 'max_tokens' : 'length');
    expect(r.text).toBe('This answer is cut off because the output token limit was');
    expect(r.usage?.inputTokens).toBe(10);
    expect(r.usage?.outputTokens).toBe(11);
  });

  it('http-error 500 surfaces as APICallError with statusCode', async () => {
    const r = await run(kind, 'boom [[scenario:http-error?message=kaboom]]');
    expect(r.errors).toHaveLength(1);
    const err = r.errors[0];
    expect(APICallError.isInstance(err)).toBe(true);
    expect(err).toMatchObject({ statusCode: 500, isRetryable: true });
    expect((err as APICallError).message).toContain('kaboom');
    expect(r.text).toBe('');
    expect(server.requests()).toHaveLength(1);
  });

  it('http-error 400 is not retried even with maxRetries', async () => {
    const r = await run(kind, 'bad [[scenario:http-error?status=400]]', { maxRetries: 2 });
    expect(r.errors[0]).toMatchObject({ statusCode: 400, isRetryable: false });
    expect(server.requests()).toHaveLength(1);
  });

  it('http-error 429 with times=1 is retried honouring retry-after: 0', async () => {
    const started = Date.now();
    const r = await run(kind, `rate [[scenario:http-error?status=429&retryAfter=0&times=1&key=${uniq()}]]`, { maxRetries: 2 });
    const elapsed = Date.now() - started;
    expect(r.errors).toEqual([]);
    expect(r.text).toBe('Recovered after 1 failed attempt(s).');
    expect(server.requests().map((q) => q.outcome)).toEqual(['http-429', 'completed']);
    expect(server.requests()[0].scenario).toBe('http-error');
    // the SDK's own backoff would be 2000 ms
    expect(elapsed).toBeLessThan(1500);
  });

  it('http-error 429 exhausting retries gives RetryError with the 429s', async () => {
    const r = await run(kind, `rate [[scenario:http-error?status=429&retryAfterMs=5&key=${uniq()}]]`, { maxRetries: 1 });
    const err = r.errors[0];
    expect(RetryError.isInstance(err)).toBe(true);
    const retry = err as RetryError;
    expect(retry.reason).toBe('maxRetriesExceeded');
    expect(retry.errors).toHaveLength(2);
    expect(retry.lastError).toMatchObject({ statusCode: 429 });
    expect((retry.lastError as APICallError).responseHeaders?.['retry-after']).toBe('1');
    expect((retry.lastError as APICallError).responseHeaders?.['retry-after-ms']).toBe('5');
  });

  it('midstream-error: partial text, then an error part', async () => {
    const r = await run(kind, 'fail later [[scenario:midstream-error?text=one two three four five six&after=3&message=upstream exploded]]');
    expect(r.text).toBe('one two three ');
    expect(r.errors).toHaveLength(1);
    expect(String((r.errors[0] as Error).message)).toContain('upstream exploded');
    expect(r.finishReason).toBe('error');
    expect(server.requests()[0].outcome).toBe('error-frame');
  });

  it('midstream-error before any output (after=0) is thrown as APICallError', async () => {
    const r = await run(kind, 'fail early [[scenario:midstream-error?after=0&message=early failure]]');
    expect(r.text).toBe('');
    expect(r.errors).toHaveLength(1);
    if (kind === 'compat' || kind === 'anthropic') {
      // openai-compatible and anthropic have no early-error peek: the error frame becomes a stream error part.
      expect(APICallError.isInstance(r.errors[0])).toBe(false);
    } else {
      expect(APICallError.isInstance(r.errors[0])).toBe(true);
    }
    expect(String((r.errors[0] as Error).message)).toContain('early failure');
  });

  it('drop: partial text, then the stream itself rejects (no error part)', async () => {
    const r = await run(kind, 'drop me [[scenario:drop?text=alpha beta gamma delta epsilon&after=2]]');
    expect(r.text).toBe('alpha beta ');
    // Observed with ai@7.0.173: a connection lost after output started is not
    // turned into an `error` part; iterating `stream` rejects with an APICallError
    // ("Failed to process successful response", cause: undici "terminated").
    expect(r.errors).toEqual([]);
    expect(APICallError.isInstance(r.streamError)).toBe(true);
    expect(r.finishReason).toBeUndefined();
    expect(server.requests()[0].outcome).toBe('dropped');
  });

  it('drop before any output: retryable network APICallError', async () => {
    const r = await run(kind, 'drop early [[scenario:drop?after=0&dropDelayMs=0]]');
    expect(r.text).toBe('');
    if (kind === 'compat') {
      // openai-compatible has no pre-output peek, so the stream rejects here too.
      expect(r.errors).toEqual([]);
      expect(r.streamError).toMatchObject({ isRetryable: true, statusCode: 200 });
    } else {
      // @ai-sdk/openai peeks before returning from doStream, so the failure is a
      // start-of-call APICallError (retryable network error) → `error` part.
      expect(r.streamError).toBeUndefined();
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toMatchObject({ isRetryable: true });
    }
  });

  it('slow: abort mid-stream stops the client and the server', async () => {
    const ac = new AbortController();
    const result = streamText({
      model: model(kind),
      prompt: 'slowly [[scenario:slow?delayMs=20&chunks=200]]',
      maxRetries: 0,
      abortSignal: ac.signal,
      onError: () => {},
    });
    const timer = setTimeout(() => ac.abort(), 250);
    const r = await assembleStream(result);
    clearTimeout(timer);
    expect(r.aborted).toBe(true);
    const words = r.text.trim().split(' ');
    expect(words.length).toBeGreaterThan(1);
    expect(words.length).toBeLessThan(200);
    expect(words[0]).toBe('w0');
    // the server noticed the disconnect and stopped writing
    await waitFor(() => server.requests()[0]?.outcome === 'client-gone');
  });

  it('usage-less: text without any usage', async () => {
    const r = await run(kind, 'no usage [[scenario:usage-less]]');
    expect(r.text).toBe('**Echo:** no usage');
    // Anthropic's message_start must carry input_tokens: the Messages API always counts, and the writer sends zeros.
    expect(r.usage?.inputTokens).toBe(kind === 'anthropic' ? 0 : undefined);
    expect(r.usage?.outputTokens).toBe(kind === 'anthropic' ? 0 : undefined);
    // Chat reports stop; Responses with `usage: null` also still maps incomplete_details null → stop.
    expect(r.finishReason).toBe('stop');
  });

  // The recordings are third-party data in ../shared/wire, absent from a user's clone (the wire suites say so).
  it.skipIf(!existsSync(wireDir()))('replay: serves a recorded wire file via x-scenario header', async () => {
    const file = {
      responses: 'responses/openai-gpt4omini-text.0.sse',
      anthropic: 'anthropic-messages/test_request_stream_fallback_for_high_max_tokens.0.sse',
    }[kind as string] ?? 'chat-completions/vllm-crusoe-llama33-text.0.sse';
    const r = await run(kind, 'ignored', { headers: { 'x-scenario': `replay?file=${file}` } });
    expect(r.text).toBe(kind === 'responses' ? 'Hi in Portuguese is "Oi!"' : kind === 'anthropic' ? '2' : '1, 2, 3, 4, 5');
    expect(r.usage?.inputTokens).toBe(kind === 'responses' || kind === 'anthropic' ? 20 : 46);
  });

  it('non-streaming requests get a JSON completion', async () => {
    const r = await generateText({ model: model(kind), prompt: 'plain [[scenario:reasoning?inputTokens=5]]', maxRetries: 0 });
    expect(r.text).toBe('Here is my answer to: plain');
    expect(r.usage.inputTokens).toBe(5);
    expect(r.usage.outputTokenDetails.reasoningTokens).toBe(kind === 'anthropic' ? undefined : 14);
    expect(server.requests()[0].body.stream).not.toBe(true);
  });
});

describe('scenario selection and control endpoints', () => {
  it('x-scenario header wins over the marker', async () => {
    const r = await run('responses', 'text [[scenario:length]]', { headers: { 'x-scenario': 'default?text=from header' } });
    expect(r.text).toBe('from header');
    expect(r.finishReason).toBe('stop');
  });

  it('marker is read from the LAST user message only, including array content', async () => {
    const r = await assembleStream(
      streamText({
        model: model('chat'),
        maxRetries: 0,
        messages: [
          { role: 'user', content: 'old [[scenario:length]]' },
          { role: 'assistant', content: 'ok' },
          { role: 'user', content: [{ type: 'text', text: 'new ' }, { type: 'text', text: '[[scenario:default?text=second]]' }] },
        ],
      }),
    );
    expect(r.text).toBe('second');
    expect(server.requests()[0].params).toEqual({ text: 'second' });
  });

  it('reasoning with field=reasoning sends delta.reasoning (OpenRouter/Groq style), read by openai-compatible', async () => {
    const r = await run('compat', 'x [[scenario:reasoning?field=reasoning&reasoning=quick thought]]');
    expect(r.reasoning).toEqual(['quick thought']);
    const chunkLog = server.requests()[0];
    expect(chunkLog.params.field).toBe('reasoning');
  });

  it('model id scripted-NAME selects a scenario when no marker is present', async () => {
    const r = await assembleStream(streamText({ model: model('compat', 'scripted-length'), prompt: 'hi', maxRetries: 0 }));
    expect(r.finishReason).toBe('length');
  });

  it('unknown scenario is a 400 naming the known ones', async () => {
    const r = await run('chat', 'x [[scenario:nope]]');
    expect(r.errors[0]).toMatchObject({ statusCode: 400 });
    expect((r.errors[0] as APICallError).message).toContain('unknown scenario "nope"');
  });

  it('GET /v1/models lists scenario model ids; /__requests records and resets', async () => {
    const models = (await (await fetch(`${server.url}/models`)).json()) as { data: { id: string }[] };
    expect(models.data.map((m) => m.id)).toEqual(expect.arrayContaining(['scripted', 'scripted-tool', 'scripted-reasoning', 'scripted-replay']));

    await run('compat', 'record me');
    const recorded = (await (await fetch(`${server.origin}/__requests`)).json()) as { body: { messages: unknown[] }; path: string }[];
    expect(recorded).toHaveLength(1);
    expect(recorded[0].path).toBe('/v1/chat/completions');
    expect(recorded[0].body.messages).toEqual([{ role: 'user', content: 'record me' }]);

    expect((await fetch(`${server.origin}/__requests`, { method: 'DELETE' })).status).toBe(200);
    expect(server.requests()).toEqual([]);
  });

  it('http-error 429 retry-after: 1 is honoured instead of the 2 s default backoff', async () => {
    const started = Date.now();
    const r = await run('responses', `rate [[scenario:http-error?status=429&retryAfter=1&times=1&key=${uniq()}]]`, { maxRetries: 1 });
    const elapsed = Date.now() - started;
    expect(r.text).toBe('Recovered after 1 failed attempt(s).');
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(1900);
    const [first, second] = server.requests();
    expect(second.at - first.at).toBeGreaterThanOrEqual(950);
  });

  it('http-error counters are per conversation key and reset by DELETE /__counters', async () => {
    const key = uniq();
    const once = () => run('chat', `x [[scenario:http-error?status=503&times=1&key=${key}]]`);
    expect((await once()).errors[0]).toMatchObject({ statusCode: 503 });
    expect((await once()).text).toBe('Recovered after 1 failed attempt(s).');
    await fetch(`${server.origin}/__counters`, { method: 'DELETE' });
    expect((await once()).errors[0]).toMatchObject({ statusCode: 503 });
  });

  it('paced spreads its tokens over the tool steps and stamps each token with its send time', async () => {
    const before = performance.timeOrigin + performance.now();
    const r = await run('chat', 'bench [[scenario:paced?tokens=7&steps=2&stamp=1]]', {
      tools: { noop: tool({ inputSchema: z.object({}), execute: async () => 'ok' }) },
      stopWhen: isStepCount(5),
    });
    const stamps = [...r.text.matchAll(/tk(\d+)x(\d+)/g)].map((m) => Number(`${m[1]}.${m[2]}`));
    // 7 tokens over 3 model calls (3 + 2 + 2), two of them ending in a tool call.
    expect(stamps).toHaveLength(7);
    expect(server.requests().map((request) => request.scenario)).toEqual(['paced', 'paced', 'paced']);
    expect(stamps.every((stamp, i) => stamp >= before && stamp <= performance.timeOrigin + performance.now() && (i === 0 || stamp >= stamps[i - 1]!))).toBe(true);
  });

  it('paced with pace=schedule keeps its rate when the machine stalls: the frames due go out at once after it', async () => {
    const span = async (pace: string) => {
      // The event loop (the scripted server's too) blocked for 300 ms soon after the stream starts.
      setTimeout(() => {
        const until = performance.now() + 300;
        while (performance.now() < until);
      }, 50);
      const r = await run('chat', `bench [[scenario:paced?tokens=20&delayMs=20&stamp=1${pace}]]`);
      const stamps = [...r.text.matchAll(/tk(\d+)x(\d+)/g)].map((m) => Number(`${m[1]}.${m[2]}`));
      expect(stamps).toHaveLength(20);
      return stamps.at(-1)! - stamps[0]!;
    };
    // 19 gaps of 20 ms: on schedule ~380 ms, the stall absorbed; paced after each frame, the stall comes on top.
    expect(await span('&pace=schedule')).toBeLessThan(600);
    expect(await span('')).toBeGreaterThanOrEqual(19 * 20 + 300 - 50);
  });

  it('paced with markup=1 makes every tenth token bold', async () => {
    const r = await run('chat', 'bench [[scenario:paced?tokens=12&markup=1]]');
    expect(r.text).toBe('**w0** w1 w2 w3 w4 w5 w6 w7 w8 w9 **w10** w11 ');
  });

  it('slow with delayMs paces deltas', async () => {
    const started = Date.now();
    const r = await run('chat', 'pace [[scenario:slow?delayMs=15&chunks=10]]');
    expect(r.text).toBe('w0 w1 w2 w3 w4 w5 w6 w7 w8 w9 ');
    // 10 deltas + finish/usage/[DONE] frames, ~13 gaps of 15 ms
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });
});

describe('Anthropic Messages wire', () => {
  it('frames every event with its `event:` line, pings once, ends with message_stop and no [DONE]', async () => {
    const res = await fetch(`${server.url}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'sk-ant-test' },
      body: JSON.stringify({ model: 'claude-x', max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'hi [[scenario:default?text=two words]]' }] }),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const frames = (await res.text()).trim().split('\n\n');
    const events = frames.map((f) => /^event: (.+)\ndata: (.+)$/.exec(f)).map((m) => [m![1], JSON.parse(m![2]).type]);
    expect(events.every(([event, type]) => event === type)).toBe(true);
    expect(events.map(([event]) => event)).toEqual([
      'message_start', 'content_block_start', 'content_block_delta', 'content_block_delta', 'ping', 'content_block_stop', 'message_delta', 'message_stop',
    ]);
    expect(server.requests()[0]).toMatchObject({ api: 'anthropic', path: '/v1/messages', headers: { 'x-api-key': 'sk-ant-test' } });
  });

  it('cache reads and writes: input_tokens is the uncached rest, the SDK adds the three up', async () => {
    const r = await run('anthropic', 'cache [[scenario:text?inputTokens=1000&cachedTokens=600&cacheWriteTokens=300]]');
    expect(r.usage?.inputTokens).toBe(1000);
    expect(r.usage?.inputTokenDetails).toMatchObject({ noCacheTokens: 100, cacheReadTokens: 600, cacheWriteTokens: 300 });
    expect(r.usage?.raw).toMatchObject({ input_tokens: 100, cache_read_input_tokens: 600, cache_creation_input_tokens: 300 });
  });

  it('thinking with its signature, and a redacted block, go back unchanged with the tool result', async () => {
    const readFile = tool({ inputSchema: z.object({ path: z.string() }), execute: async () => 'file body' });
    const r = await run('anthropic', 'go [[scenario:tool?reasoning=I should read it&redacted=opaque-data&args={"path":"a"}&answer=Done.]]', {
      tools: { readFile },
      stopWhen: isStepCount(3),
    });
    expect(r.reasoning).toEqual(['', 'I should read it', '', 'I should read it']);
    expect(r.text).toBe('Done.');
    const [, second] = server.requests();
    const assistant = second.body.messages[1];
    expect(assistant.role).toBe('assistant');
    expect(assistant.content.slice(0, 3)).toEqual([
      { type: 'redacted_thinking', data: 'opaque-data' },
      { type: 'thinking', thinking: 'I should read it', signature: scriptedSignature('I should read it') },
      { type: 'tool_use', id: 'toolu_call_0_0', name: 'readFile', input: { path: 'a' } },
    ]);
  });

  it('http errors come in Anthropic’s shape and keep their status', async () => {
    const r = await run('anthropic', `x [[scenario:http-error?status=529&message=Overloaded&key=${uniq()}]]`);
    expect(r.errors[0]).toMatchObject({ statusCode: 529, message: 'Overloaded' });
  });
});

describe('cli.mjs', () => {
  it('prints the listening line, serves requests and exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['tests/scripted-server/cli.mjs', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const lines = createInterface({ input: child.stdout! });
      const [line] = (await once(lines, 'line')) as [string];
      const m = /^scripted server listening on (http:\/\/127\.0\.0\.1:\d+\/v1)$/.exec(line);
      expect(m).not.toBeNull();
      const res = await fetch(`${m![1]}/models`);
      expect(res.status).toBe(200);
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
