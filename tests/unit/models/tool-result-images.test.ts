/**
 * Images in tool results reach each model the way its API can carry them
 * (lib/models/tool-result-images.ts): in the tool result (Responses), in a user
 * message after the results (Chat Completions vision models), or not at all
 * (a line of text says so). The last test sends a real request through
 * @ai-sdk/openai's Chat Completions model to the scripted server.
 */
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { generateText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsToolResultImages, relocateToolResultImages, withToolResultImages } from '@/lib/models/tool-result-images';
import { startScriptedServer, type ScriptedServer } from '../../scripted-server/index.mjs';

const PNG = 'iVBORw0KGgoAAAANSUhEUg==';

const prompt: LanguageModelV4Prompt = [
  { role: 'user', content: [{ type: 'text', text: 'Take a screenshot' }] },
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'x__shot', input: {} }, { type: 'tool-call', toolCallId: 'c2', toolName: 'x__y', input: {} }] },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'x__shot',
        output: { type: 'content', value: [{ type: 'text', text: '[image: image/png, 70 B]' }, { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PNG } }] },
      },
      { type: 'tool-result', toolCallId: 'c2', toolName: 'x__y', output: { type: 'text', value: 'plain' } },
    ],
  },
];

const outputsOf = (message: LanguageModelV4Prompt[number]) => (message as { content: Array<{ output: unknown }> }).content.map((part) => part.output);

describe('images in tool results by model', () => {
  it('gives back the same prompt, not a copy, when no tool result holds an image (every model call passes here)', () => {
    const withoutImages = prompt.slice(0, 2).concat({ role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c2', toolName: 'x__y', output: { type: 'text', value: 'plain' } }] });
    expect(relocateToolResultImages(withoutImages, 'user')).toBe(withoutImages);
    expect(relocateToolResultImages(withoutImages, 'nowhere')).toBe(withoutImages);
    expect(relocateToolResultImages(prompt, 'nowhere')).not.toBe(prompt);
  });

  it('only OpenAI Responses vision models take them in the tool result', () => {
    expect(acceptsToolResultImages({ provider: 'openai', modelId: 'gpt-4.1-mini' })).toBe(true);
    expect(acceptsToolResultImages({ provider: 'openai', modelId: 'scripted' })).toBe(true);
    expect(acceptsToolResultImages({ provider: 'openai', api: 'chat', modelId: 'gpt-4o' })).toBe(false);
    expect(acceptsToolResultImages({ provider: 'openai', modelId: 'gpt-3.5-turbo' })).toBe(false);
    expect(acceptsToolResultImages({ provider: 'openai', modelId: 'o3-mini' })).toBe(false);
    expect(acceptsToolResultImages({ provider: 'compat', modelId: 'llava' })).toBe(false);
  });

  it('for a model that reads no images, the image parts leave the prompt and the text says so', () => {
    const stripped = relocateToolResultImages(prompt, 'nowhere');
    expect(stripped).toHaveLength(3);
    expect(outputsOf(stripped[2])).toEqual([
      { type: 'text', value: '[image: image/png, 70 B]\n(1 image left out: this model does not read images in tool results.)' },
      { type: 'text', value: 'plain' },
    ]);
    expect(relocateToolResultImages(stripped, 'nowhere')).toBe(stripped);
  });

  it('for a Chat Completions vision model, they move to a user message right after the results, saying whose they are', () => {
    const moved = relocateToolResultImages(prompt, 'user');
    expect(moved.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    expect(outputsOf(moved[2])).toEqual([{ type: 'text', value: '[image: image/png, 70 B]\n(1 image: in the next message.)' }, { type: 'text', value: 'plain' }]);
    expect(moved[3].content).toEqual([
      { type: 'text', text: '1 image from the result of x__shot (call c1):' },
      { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PNG } },
    ]);
  });
});

describe('through the real Chat Completions provider', () => {
  let scripted: ScriptedServer;
  beforeAll(async () => {
    scripted = await startScriptedServer();
  });
  afterAll(async () => {
    await scripted?.close();
  });

  async function send(modelId: string, provider: 'openai' | 'compat') {
    scripted.reset();
    const model = withToolResultImages(createOpenAI({ apiKey: 'sk-test', baseURL: scripted.url }).chat(modelId), { provider, api: 'chat', modelId });
    const messages = [
      { role: 'user' as const, content: 'Take a screenshot' },
      { role: 'assistant' as const, content: [{ type: 'tool-call' as const, toolCallId: 'c1', toolName: 'x__shot', input: {} }] },
      {
        role: 'tool' as const,
        content: [
          {
            type: 'tool-result' as const,
            toolCallId: 'c1',
            toolName: 'x__shot',
            output: { type: 'content' as const, value: [{ type: 'text' as const, text: '[image: image/png, 70 B]' }, { type: 'file-data' as const, data: PNG, mediaType: 'image/png' }] },
          },
        ],
      },
    ];
    await generateText({ model, messages });
    return scripted.requests()[0].body as { messages: Array<{ role: string; content: unknown }> };
  }

  it('a vision model gets the image as an image_url in a user message after the tool message', async () => {
    const body = await send('gpt-4o', 'openai');
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    expect(body.messages[2].content).toBe('[image: image/png, 70 B]\n(1 image: in the next message.)');
    expect(body.messages[3].content).toEqual([
      { type: 'text', text: '1 image from the result of x__shot (call c1):' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
    ]);
  });

  it('an OpenAI-compatible model gets the text only, and no base64 anywhere', async () => {
    const body = await send('scripted-chat', 'compat');
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(JSON.stringify(body)).not.toContain(PNG);
  });
});
