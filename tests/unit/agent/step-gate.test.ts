import { describe, expect, it } from 'vitest';
import { runAgent, type LoopCheckpoint, type PausedRun, type RunResult } from '@/lib/agent';
import type { AgentUIMessage, AgentUIMessageChunk } from '@/lib/agent/messages';
import type { RunAgentInput } from '@/lib/agent/types';
import type { EditableRequest } from '@/lib/agent/editable-request';
import { StepGate, type ReleasedModelCall } from '@/lib/agent/step-gate';
import { assemble, call, echoTool, fakeClock, promptOf, scriptedModel, textStep, toolStep, userMessage } from './harness';

/** One call of the loop as a continuation does it: the history so far, the checkpoint and the released call. */
async function callLoop(
  model: ReturnType<typeof scriptedModel>,
  options: { message?: AgentUIMessage; resume?: LoopCheckpoint; release?: ReleasedModelCall; settings?: RunAgentInput['settings'] },
) {
  const chunks: AgentUIMessageChunk[] = [];
  const input: RunAgentInput = {
    model,
    instructions: 'You are a test agent.',
    messages: options.message ? [userMessage('hi'), options.message] : [userMessage('hi')],
    tools: [echoTool(), echoTool({ name: 'other', description: 'Another tool' })],
    settings: { pauseBeforeModelCall: true, ...options.settings },
    signal: new AbortController().signal,
    clock: fakeClock(),
    write: (chunk) => chunks.push(chunk),
  };
  const result: RunResult | PausedRun = await runAgent(input, { resume: options.resume, release: options.release });
  const message = await assemble(chunks, options.message);
  return { result, chunks, message };
}

const paused = (result: RunResult | PausedRun): PausedRun => {
  if (!('paused' in result) || !result.beforeModelCall) throw new Error(`expected a pause before a model call, got ${JSON.stringify(result)}`);
  return result;
};

describe('step mode: pausing before each model call', () => {
  it('stops before the first call with the exact request, a paused run end and no model call', async () => {
    const model = scriptedModel([textStep('never')]);
    const { result, message } = await callLoop(model, {});
    const pause = paused(result);
    expect(model.doStreamCalls).toHaveLength(0);
    expect(pause.beforeModelCall).toEqual({
      stepNumber: 0,
      modelCall: 1,
      request: {
        instructions: 'You are a test agent.',
        // A single text part reads as text (the same body for the provider).
        messages: [{ role: 'user', content: 'hi' }],
        tools: [
          { name: 'echo', enabled: true },
          { name: 'other', enabled: true },
        ],
        settings: {},
      },
    });
    // The checkpoint counts the call as not made: the continuation makes it as call 1.
    expect(pause.paused.iteration).toBe(0);
    expect(message.metadata?.runEnd).toMatchObject({ reason: 'paused', message: expect.stringContaining('model call 1') });
    expect(message.parts).toContainEqual({ type: 'data-model-pause', id: 'model-pause-0', data: { stepNumber: 0, modelCall: 1, state: 'paused', messageCount: 1, toolCount: 2 } });
  });

  it('sends the released request once, then pauses again before the next call', async () => {
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: '1' })), textStep('done')]);
    const first = paused((await callLoop(model, {})).result);
    const release: ReleasedModelCall = { ...first.beforeModelCall!, edited: false };
    const second = await callLoop(model, { resume: first.paused, release });
    const again = paused(second.result);

    expect(model.doStreamCalls).toHaveLength(1);
    expect(second.result.steps.map((step) => [step.stepNumber, step.request.released])).toEqual([[0, { edited: false }]]);
    expect(again.beforeModelCall).toMatchObject({ stepNumber: 1, modelCall: 2 });
    expect(again.paused.iteration).toBe(1);
    // The second request carries the tool call and its result, built from the history as usual.
    expect(again.beforeModelCall!.request.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    const parts = second.message.parts.filter((part) => part.type === 'data-model-pause');
    expect(parts.map((part) => part.data)).toEqual([
      { stepNumber: 0, modelCall: 1, state: 'continued', messageCount: 1, toolCount: 2 },
      { stepNumber: 1, modelCall: 2, state: 'paused', messageCount: 3, toolCount: 2 },
    ]);

    const third = await callLoop(model, { message: second.message, resume: again.paused, release: { ...again.beforeModelCall!, edited: false } });
    expect('end' in third.result && third.result.end.reason).toBe('completed');
    expect(model.doStreamCalls).toHaveLength(2);
  });

  it('applies edits to that one call: instructions, messages and tools switched off; the trace says it was edited', async () => {
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: '1' })), textStep('done')]);
    const first = paused((await callLoop(model, {})).result);
    const edited: EditableRequest = {
      instructions: 'Answer in French.',
      messages: [{ role: 'user', content: 'bonjour' }],
      tools: [
        { name: 'echo', enabled: true },
        { name: 'other', enabled: false },
        // A tool the request never had is not added.
        { name: 'invented', enabled: true },
      ],
      settings: {},
    };
    const second = await callLoop(model, { resume: first.paused, release: { ...first.beforeModelCall!, request: edited, edited: true } });

    const sent = model.doStreamCalls[0];
    expect(promptOf(model, 0)).toEqual([
      { role: 'system', content: 'Answer in French.' },
      { role: 'user', content: [{ type: 'text', text: 'bonjour' }] },
    ]);
    expect(sent.tools?.map((tool) => tool.name)).toEqual(['echo']);
    expect(second.result.steps[0].request).toMatchObject({ instructions: 'Answer in French.', tools: ['echo'], released: { edited: true } });
    // The next request is the real history again: the original user message, not the edited one.
    const next = paused(second.result).beforeModelCall!.request;
    expect(next.instructions).toBe('You are a test agent.');
    expect(next.messages[0]).toEqual({ role: 'user', content: 'hi' });
    expect(next.tools.map((tool) => tool.name)).toEqual(['echo', 'other']);
    expect(second.message.parts.find((part) => part.type === 'data-model-pause')?.data).toMatchObject({ state: 'continued', edited: true, toolCount: 1 });
  });

  it('does not pause the summary after the iteration limit', async () => {
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: '1' })), textStep('Summary.')]);
    const first = paused((await callLoop(model, { settings: { maxIterations: 1 } })).result);
    const second = await callLoop(model, { resume: first.paused, release: { ...first.beforeModelCall!, edited: false }, settings: { maxIterations: 1 } });
    expect('end' in second.result && second.result.end.reason).toBe('max-iterations');
    expect(second.result.steps.map((step) => step.kind)).toEqual(['model', 'summary']);
  });

  it('never pauses with the setting off', () => {
    const built = { instructions: 'i', tools: [echoTool()], messages: [] };
    expect(new StepGate(false).decide(built, { stepNumber: 0, modelCall: 1 })).toEqual({ kind: 'send', request: built });
    expect(new StepGate(true).decide(built, { stepNumber: 0, modelCall: 1 }).kind).toBe('pause');
  });
});
