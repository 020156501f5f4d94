// streamText piped straight to the UI message stream: two trivial tools, up to 25 steps, no persistence.
import { createOpenAI } from '@ai-sdk/openai';
import { convertToModelMessages, createUIMessageStreamResponse, isStepCount, streamText, toUIMessageStream, tool } from 'ai';
import { z } from 'zod';

const openai = createOpenAI({ baseURL: process.env.FLOOR_MODEL_URL, apiKey: 'bench' });

const calculator = tool({
  description: 'Adds numbers: "1+2".',
  inputSchema: z.object({ expression: z.string() }),
  execute: async ({ expression }) => ({ expression, result: expression.split('+').reduce((sum, term) => sum + Number(term), 0) }),
});

const currentTime = tool({
  description: 'The current time.',
  inputSchema: z.object({ timezone: z.string().optional() }),
  execute: async ({ timezone = 'UTC' }) => ({ iso: new Date().toISOString(), timezone }),
});

export async function POST(request) {
  const { messages } = await request.json();
  const result = streamText({
    model: openai.chat('scripted'),
    messages: await convertToModelMessages(messages),
    tools: { calculator, get_current_time: currentTime },
    stopWhen: isStepCount(25),
  });
  return createUIMessageStreamResponse({ stream: toUIMessageStream({ stream: result.stream }) });
}
