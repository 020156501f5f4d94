import { describe, expect, it } from 'vitest';
import { runAgent, type LoopCheckpoint, type PausedRun, type RunResult } from '@/lib/agent';
import type { AgentUIMessage, AgentUIMessageChunk } from '@/lib/agent/messages';
import type { RunAgentInput } from '@/lib/agent/types';
import { assemble, call, echoTool, fakeClock, run, scriptedModel, textStep, toolStep, userMessage } from './harness';

const steps = () => [
  toolStep(call('c1', 'echo', { value: '1' })),
  toolStep(call('c2', 'echo', { value: '2' })),
  toolStep(call('c3', 'echo', { value: '3' })),
  textStep('Echoed 1, 2 and 3.'),
];

/**
 * Runs the loop as chained invocations do: each call pauses after its first step, and the
 * next resumes from the checkpoint on the history with the message as it was saved.
 */
async function chained(model: ReturnType<typeof scriptedModel>, settings: RunAgentInput['settings'] = {}) {
  const clock = fakeClock();
  let message: AgentUIMessage | undefined;
  let checkpoint: LoopCheckpoint | undefined;
  const calls: Array<{ result: RunResult | PausedRun; chunks: AgentUIMessageChunk[] }> = [];
  for (let i = 0; i < 10; i++) {
    const chunks: AgentUIMessageChunk[] = [];
    const input: RunAgentInput = {
      model,
      instructions: 'You are a test agent.',
      messages: message ? [userMessage('hi'), message] : [userMessage('hi')],
      tools: [echoTool()],
      settings,
      signal: new AbortController().signal,
      clock,
      write: (chunk) => chunks.push(chunk),
    };
    const result = await runAgent(input, { shouldPause: () => true, resume: checkpoint });
    calls.push({ result, chunks });
    message = await assemble(chunks, message);
    if (!('paused' in result)) return { calls, message, end: result.end };
    checkpoint = result.paused;
  }
  throw new Error('the chain did not end');
}

describe('pausing at a step boundary and resuming from a checkpoint', () => {
  it('makes one step per call, writes no run end until the last, and ends with the message an unpaused run writes', async () => {
    const whole = await run({ model: scriptedModel(steps()), tools: [echoTool()] });
    const chain = await chained(scriptedModel(steps()));

    expect(chain.calls.map(({ result }) => result.steps.length)).toEqual([1, 1, 1, 1]);
    expect(chain.calls.map(({ result }) => ('paused' in result ? result.paused.iteration : 'ended'))).toEqual([1, 2, 3, 'ended']);
    for (const { chunks } of chain.calls.slice(0, -1)) expect(chunks.map((chunk) => chunk.type)).not.toContain('data-run-end');
    expect(chain.end).toEqual(whole.result.end);
    expect(chain.message.parts).toEqual(whole.message.parts);
    // Usage is the whole run's, not the last call's.
    expect(chain.message.metadata?.usage).toEqual(whole.message.metadata?.usage);
  });

  it('counts the iteration limit over the whole chain', async () => {
    const chain = await chained(scriptedModel([...steps().slice(0, 2), textStep('Summary: echoed 1 and 2.')]), { maxIterations: 2 });
    expect(chain.end.reason).toBe('max-iterations');
    expect(chain.calls.at(-1)!.result.steps.at(-1)?.kind).toBe('summary');
  });

  it('keeps the step numbers of the traces going across calls', async () => {
    const chain = await chained(scriptedModel(steps()));
    expect(chain.calls.flatMap(({ result }) => result.steps.map((step) => step.stepNumber))).toEqual([0, 1, 2, 3]);
  });
});
