import { convertToModelMessages, readUIMessageStream, simulateReadableStream, APICallError } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart, LanguageModelV4StreamResult } from '@ai-sdk/provider';
import { z } from 'zod';
import { runAgent } from '@/lib/agent';
import type { AgentTool, Clock, RunAgentInput, RunResult } from '@/lib/agent/types';
import type { AgentUIMessage, AgentUIMessageChunk } from '@/lib/agent/messages';
import { historyToModelMessages } from '@/lib/agent/loop';

/** Shared test scaffolding: scripted mock models, a fake clock, and a runner that assembles the message. */

export type Part = LanguageModelV4StreamPart;

export const usage = (input = 10, output = 5) => ({
  inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: output, reasoning: undefined },
});

export const finish = (reason: 'stop' | 'tool-calls' | 'length' | 'content-filter' | 'error' | 'interrupted' | 'other', u = usage()): Part =>
  ({ type: 'finish', finishReason: { unified: reason, raw: reason }, usage: u }) as Part;

export const text = (t: string, id = 't1'): Part[] => [
  { type: 'text-start', id },
  { type: 'text-delta', id, delta: t },
  { type: 'text-end', id },
];

export const call = (toolCallId: string, toolName: string, input: unknown): Part => ({
  type: 'tool-call',
  toolCallId,
  toolName,
  input: typeof input === 'string' ? input : JSON.stringify(input),
});

/** A model step: chunks streamed as given. */
export type Step = Part[] | { chunks: Part[]; delayMs?: number; request?: unknown; headers?: Record<string, string> } | (() => Promise<LanguageModelV4StreamResult> | never);

export const textStep = (t: string): Part[] => [...text(t), finish('stop')];
export const toolStep = (...calls: Part[]): Part[] => [...calls, finish('tool-calls')];

export function apiError(statusCode: number, message = `HTTP ${statusCode}`, headers: Record<string, string> = {}) {
  return new APICallError({ message, url: 'https://api.example.com/v1/responses', requestBodyValues: {}, statusCode, responseHeaders: headers, responseBody: '{}' });
}

/** One scripted result per model call; calls beyond the script fail loudly. */
export function scriptedModel(steps: Step[], opts: { modelId?: string; provider?: string } = {}) {
  let index = 0;
  const model = new MockLanguageModelV4({
    modelId: opts.modelId,
    provider: opts.provider,
    doStream: async (options: LanguageModelV4CallOptions) => {
      const step = steps[index++];
      if (!step) throw new Error(`unexpected model call #${index}`);
      if (typeof step === 'function') return step();
      const spec = Array.isArray(step) ? { chunks: step } : step;
      return {
        stream: simulateReadableStream({ chunks: spec.chunks, chunkDelayInMs: spec.delayMs ?? null, initialDelayInMs: null }),
        request: { body: spec.request ?? { model: 'mock', input: options.prompt } },
        response: { headers: spec.headers ?? { 'x-request-id': 'req_1' } },
      } as LanguageModelV4StreamResult;
    },
  });
  return model;
}

export interface FakeClock extends Clock {
  sleeps: number[];
  advance(ms: number): void;
}

export function fakeClock(start = 1_000_000): FakeClock {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    random: () => 0,
    advance: (ms) => {
      now += ms;
    },
    sleep: async (ms, signal) => {
      if (signal.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
      sleeps.push(ms);
      now += ms;
    },
  };
}

export const userMessage = (t: string, id = 'u1'): AgentUIMessage => ({ id, role: 'user', parts: [{ type: 'text', text: t }] });

export interface RunOutput {
  result: RunResult;
  chunks: AgentUIMessageChunk[];
  message: AgentUIMessage;
  types: string[];
}

/** Everything but the model is optional; the model is a mock (typing it as LanguageModel makes TS's unions explode). */
export type RunOptions = Omit<Partial<RunAgentInput>, 'model'> & { model: MockLanguageModelV4 };

export async function run(input: RunOptions): Promise<RunOutput> {
  const chunks: AgentUIMessageChunk[] = [];
  const { model, ...rest } = input;
  const agentInput: RunAgentInput = {
    model,
    instructions: 'You are a test agent.',
    messages: [userMessage('hi')],
    tools: [],
    signal: new AbortController().signal,
    clock: fakeClock(),
    ...rest,
    write: (chunk) => {
      chunks.push(chunk);
      input.write?.(chunk);
    },
  };
  const result = await runAgent(agentInput);
  // A continuation after approvals writes into the last (assistant) message, as the route's stream does.
  const continued = input.approvals?.length ? agentInput.messages.at(-1) : undefined;
  const message = await assemble(chunks, continued);
  return { result, chunks, message, types: chunks.map((c) => c.type) };
}

/** Assembles chunks the way the client and the route do (leading start chunk). */
export async function assemble(chunks: AgentUIMessageChunk[], continued?: AgentUIMessage): Promise<AgentUIMessage> {
  // Cloned: the SDK's processor keeps chunk objects as parts and updates them in place.
  const all: AgentUIMessageChunk[] = structuredClone([{ type: 'start', messageId: continued?.id ?? 'a1' }, ...chunks, { type: 'finish' }]);
  const stream = new ReadableStream<AgentUIMessageChunk>({
    start(controller) {
      for (const chunk of all) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: AgentUIMessage | undefined;
  const message = continued ? structuredClone(continued) : undefined;
  for await (const next of readUIMessageStream<AgentUIMessage>({ message, stream: stream as never, terminateOnError: true })) last = next;
  return last!;
}

/** The next turn: stored history plus this message must convert to model messages. */
export async function nextTurnModelMessages(message: AgentUIMessage, tools: AgentTool[] = []) {
  const history = [userMessage('hi'), message, userMessage('next', 'u2')];
  await convertToModelMessages(history, { ignoreIncompleteToolCalls: false });
  return historyToModelMessages(history, tools, 30_000);
}

export function echoTool(overrides: Partial<AgentTool> = {}): AgentTool {
  return {
    name: 'echo',
    description: 'Echoes its input',
    inputSchema: z.object({ value: z.string() }),
    readOnly: true,
    execute: async ({ value }: { value: string }) => ({ echoed: value }),
    ...overrides,
  };
}

/** The prompt (model messages) sent on the n-th model call. */
export function promptOf(model: MockLanguageModelV4, n: number) {
  return model.doStreamCalls[n].prompt;
}

export function toolOutputChunks(chunks: AgentUIMessageChunk[]) {
  return chunks.filter((c) => c.type === 'tool-output-available' || c.type === 'tool-output-error');
}
