import { convertToModelMessages, readUIMessageStream, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDemoModel, planDemoTurn } from '@/lib/models/demo-model';

const tools = {
  get_current_time: tool({ description: 'time', inputSchema: z.object({ timezone: z.string().optional() }) }),
  calculator: tool({ description: 'calc', inputSchema: z.object({ expression: z.string() }) }),
};

describe('demo model', () => {
  it('answers a new question with reasoning and a call to each demo tool', async () => {
    const result = streamText({ model: createDemoModel(), tools, prompt: 'What is 6 * 7?' });
    const step = await result.finalStep;
    expect(step.reasoningText).toMatch(/demo model/);
    expect(step.toolCalls.map((c) => [c.toolName, c.input])).toEqual([
      ['get_current_time', { timezone: 'UTC' }],
      ['calculator', { expression: '6 * 7' }],
    ]);
    expect(step.finishReason).toBe('tool-calls');
    expect(step.usage.inputTokens).toBeGreaterThan(0);
  });

  it('answers tool results with markdown that uses them', async () => {
    const messages = await convertToModelMessages([
      { role: 'user', parts: [{ type: 'text', text: 'hi' }] },
      {
        role: 'assistant',
        parts: [{ type: 'tool-calculator', toolCallId: 'c1', state: 'output-available', input: { expression: '1+1' }, output: { result: 2 } }],
      },
    ]);
    const script = planDemoTurn({ prompt: [{ role: 'system', content: 'x' }, ...(messages as never[])], tools: [] });
    expect(script.toolCalls).toBeUndefined();
    expect(script.text).toContain('| `calculator` |');
    expect(script.text).toContain('"result":2');
  });

  it('streams its text in many small deltas', async () => {
    const result = streamText({ model: createDemoModel(), prompt: 'Hello' });
    const deltas: string[] = [];
    for await (const part of result.stream) if (part.type === 'text-delta') deltas.push(part.text);
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.join('')).toMatch(/offline demo model/);
    let last;
    for await (const message of readUIMessageStream({ stream: (await streamText({ model: createDemoModel(), prompt: 'x' })).toUIMessageStream() })) last = message;
    expect(last?.parts.some((p) => p.type === 'text')).toBe(true);
  });
});

describe('demo model expression picking', () => {
  it.each([
    ['Work out (17 * 23) + sqrt(144) with the calculator, then explain each step.', '(17 * 23) + sqrt(144)'],
    ['What is 6 * 7?', '6 * 7'],
    ['Tell me a story', '(17 * 23) + sqrt(144)'],
    ['Compute 2^10 - 24 please', '2^10 - 24'],
  ])('picks a calculator expression the calculator accepts from %j', (question, expected) => {
    const script = planDemoTurn({ prompt: [{ role: 'user', content: [{ type: 'text', text: question }] }], tools: [{ type: 'function', name: 'calculator', inputSchema: {} }] });
    expect(script.toolCalls?.[0]).toEqual({ name: 'calculator', input: { expression: expected } });
  });
});
