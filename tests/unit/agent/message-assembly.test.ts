import { validateUIMessages } from 'ai';
import { describe, expect, it } from 'vitest';
import { apiError, call, echoTool, fakeClock, finish, nextTurnModelMessages, run, scriptedModel, text, textStep, type Part } from './harness';

describe('the chunks the loop emits', () => {
  it('assemble into a valid AgentUIMessage that converts to model messages for the next turn', async () => {
    const clock = fakeClock();
    const model = scriptedModel([
      async () => {
        throw apiError(503);
      },
      [
        { type: 'reasoning-start', id: 'r1' },
        { type: 'reasoning-delta', id: 'r1', delta: 'I should echo.' },
        { type: 'reasoning-end', id: 'r1' },
        ...text('Echoing now.'),
        call('c1', 'echo', { value: 'a' }),
        call('c2', 'nope', {}),
        finish('tool-calls'),
      ] as Part[],
      textStep('All done.'),
    ]);
    const { message, types, result } = await run({ model, clock, tools: [echoTool()], getOpenTodos: () => [] });
    expect(result.end.reason).toBe('completed');
    expect(types).toEqual([
      'start-step',
      'data-step-error',
      'data-retry',
      'reasoning-start',
      'reasoning-delta',
      'reasoning-end',
      'text-start',
      'text-delta',
      'text-end',
      'tool-input-available',
      'tool-input-error',
      'tool-output-available',
      'tool-output-error',
      'message-metadata',
      'finish-step',
      'start-step',
      'text-start',
      'text-delta',
      'text-end',
      'message-metadata',
      'finish-step',
      'message-metadata',
      'data-run-end',
    ]);
    expect(message.parts.map((p) => p.type)).toEqual([
      'step-start',
      'data-step-error',
      'data-retry',
      'reasoning',
      'text',
      'tool-echo',
      'dynamic-tool',
      'step-start',
      'text',
      'data-run-end',
    ]);
    await expect(validateUIMessages({ messages: [message] })).resolves.toHaveLength(1);
    const history = await nextTurnModelMessages(message, [echoTool()]);
    expect(history.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user']);
  });

  it('never emits start or finish chunks (the caller owns them)', async () => {
    const model = scriptedModel([textStep('hi')]);
    const { types } = await run({ model });
    expect(types).not.toContain('start');
    expect(types).not.toContain('finish');
  });

  it('survives a seam that throws', async () => {
    const model = scriptedModel([textStep('hi')]);
    const { result } = await run({
      model,
      compact: async () => {
        throw new Error('summariser down');
      },
    });
    expect(result.end.reason).toBe('completed');
  });
});
