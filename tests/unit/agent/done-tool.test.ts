import { describe, expect, it } from 'vitest';
import { DONE_TOOL_NAME } from '@/lib/agent';
import { call, echoTool, run, scriptedModel, textStep, toolStep } from './harness';

describe('done-tool mode', () => {
  it('adds task_complete and ends the run when it is called, with its summary as the run-end message', async () => {
    const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'x' })), toolStep(call('c2', DONE_TOOL_NAME, { summary: 'Echoed x.' }))]);
    const { result, message } = await run({ model, tools: [echoTool()], settings: { requireDoneTool: true } });
    expect(model.doStreamCalls[0].tools?.map((t) => t.name)).toEqual(['echo', 'task_complete']);
    expect(model.doStreamCalls[0].prompt[0]).toMatchObject({ role: 'system', content: expect.stringContaining('call the task_complete tool') });
    expect(result.end).toEqual({ reason: 'done-tool', message: 'Echoed x.' });
    expect(message.parts.find((p) => p.type === 'tool-task_complete')).toMatchObject({ state: 'output-available', output: { summary: 'Echoed x.' } });
    expect(message.metadata?.runEnd?.reason).toBe('done-tool');
  });

  it('does not end on an answer without tool calls: it nudges the model to continue or call task_complete', async () => {
    const model = scriptedModel([textStep('I think I am done'), toolStep(call('c1', DONE_TOOL_NAME, { summary: 'All done.' }))]);
    const { result, chunks } = await run({ model, settings: { requireDoneTool: true } });
    expect(chunks.find((c) => c.type === 'data-nudge')).toMatchObject({ data: { kind: 'done-tool', message: expect.stringContaining('task_complete') } });
    expect(model.doStreamCalls[1].prompt.at(-1)).toMatchObject({ role: 'user' });
    expect(result.end.reason).toBe('done-tool');
  });

  it('is bounded by maxIterations when the model never calls task_complete', async () => {
    const model = scriptedModel([textStep('a'), textStep('b'), textStep('summary')]);
    const { result, chunks } = await run({ model, settings: { requireDoneTool: true, maxIterations: 2 } });
    expect(chunks.filter((c) => c.type === 'data-nudge')).toHaveLength(2);
    expect(result.end.reason).toBe('max-iterations');
  });

  it('ends as completed on stop when done-tool mode is off', async () => {
    const model = scriptedModel([textStep('done')]);
    const { result } = await run({ model });
    expect(result.end.reason).toBe('completed');
    expect(model.doStreamCalls[0].tools ?? []).toEqual([]);
  });
});

describe('unfinished work', () => {
  it('nudges once when the model stops with open todos, then lets it end', async () => {
    const model = scriptedModel([textStep('done?'), textStep('I could not do the last item because…')]);
    let asked = 0;
    const { result, chunks } = await run({
      model,
      getOpenTodos: () => {
        asked++;
        return ['write tests', 'update docs'];
      },
    });
    const nudges = chunks.filter((c) => c.type === 'data-nudge');
    expect(nudges).toHaveLength(1);
    expect(nudges[0]).toMatchObject({ data: { kind: 'unfinished-work', count: 2, message: expect.stringContaining('- write tests\n- update docs') } });
    expect(model.doStreamCalls[1].prompt.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: expect.stringContaining('Finish them, or explain') }] });
    expect(result.end.reason).toBe('completed');
    expect(asked).toBe(1);
  });

  it('ends right away when nothing is open', async () => {
    const model = scriptedModel([textStep('done')]);
    const { result, chunks } = await run({ model, getOpenTodos: async () => [] });
    expect(chunks.some((c) => c.type === 'data-nudge')).toBe(false);
    expect(result.end.reason).toBe('completed');
  });
});
