import { tool, type ToolSet } from 'ai';
import type { AgentTool } from './types';
import { modelToolOutput } from './truncate';

/**
 * The tool definitions the model sees: description and schema, no `execute`
 * (the loop runs tools itself). `toModelOutput` applies the same truncation the
 * loop uses, so later turns rebuilt from stored UI messages truncate alike.
 */
export function toSdkToolSet(tools: readonly AgentTool[], defaultMaxChars: number): ToolSet {
  const set: ToolSet = {};
  for (const agentTool of tools) {
    const maxChars = agentTool.maxResultChars ?? defaultMaxChars;
    set[agentTool.name] = tool({
      description: agentTool.description,
      inputSchema: agentTool.inputSchema,
      toModelOutput: ({ output }: { output: unknown }) => modelToolOutput(output, agentTool.name, maxChars),
    } as Parameters<typeof tool>[0]) as ToolSet[string];
  }
  return set;
}
