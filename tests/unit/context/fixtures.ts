import type { ModelMessage } from 'ai';
import { historyToModelMessages } from '@/lib/agent/loop';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { measureContext } from '@/lib/context/measure';
import { echoTool } from '../agent/harness';

/** A session history: each turn is a user message and an assistant message that called `echo` with a big output. */
export function longHistory(turns: number, outputChars = 4_000): AgentUIMessage[] {
  const history: AgentUIMessage[] = [];
  for (let i = 1; i <= turns; i++) {
    history.push({ id: `u${i}`, role: 'user', parts: [{ type: 'text', text: i === 1 ? 'TASK: build the report' : `user message ${i}` }] });
    history.push({
      id: `a${i}`,
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'tool-echo', toolCallId: `c${i}`, state: 'output-available', input: { value: `v${i}` }, output: `OUT${i}:${'x'.repeat(outputChars)}` },
        { type: 'text', text: `answer ${i}`, state: 'done' },
      ],
    } as AgentUIMessage);
  }
  return history;
}

export const TOOLS = [echoTool()];

export function toModel(view: AgentUIMessage[]): Promise<ModelMessage[]> {
  return historyToModelMessages(view, TOOLS, 30_000);
}

/** The full estimate of a view, as compaction measures candidate views. */
export async function measureView(view: AgentUIMessage[]): Promise<number> {
  return (await measureContext({ modelId: 'local-model', instructions: 'You are an agent.', tools: [], messages: await toModel(view) })).tokens;
}

/** Every tool-result in the model messages has its tool-call earlier in the list. */
export function unpairedToolResults(messages: ModelMessage[]): string[] {
  const calls = new Set<string>();
  const unpaired: string[] = [];
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call') calls.add(part.toolCallId);
      if (part.type === 'tool-result' && !calls.has(part.toolCallId)) unpaired.push(part.toolCallId);
    }
  }
  return unpaired;
}
