import { asSchema, tool, type FlexibleSchema, type Schema, type ToolSet } from 'ai';
import type { AgentTool } from './types';
import { modelToolOutput } from './truncate';

/**
 * The tool definitions the model sees: description and schema, no `execute`
 * (the loop runs tools itself). `toModelOutput` applies the same truncation the
 * loop uses, so later turns rebuilt from stored UI messages truncate alike.
 */
export function toSdkToolSet(tools: readonly AgentTool[], defaultMaxChars: number): ToolSet {
  const known = toolSets.get(tools);
  if (known?.maxChars === defaultMaxChars) return known.set;
  const set: ToolSet = {};
  for (const agentTool of tools) {
    const maxChars = agentTool.maxResultChars ?? defaultMaxChars;
    set[agentTool.name] = tool({
      // The card's title (stored with the call): an MCP tool's own `title`, else its annotations' title, else its name.
      ...(agentTool.title ? { title: agentTool.title } : {}),
      description: agentTool.description,
      inputSchema: sdkSchemaOf(agentTool.inputSchema) as AgentTool['inputSchema'],
      toModelOutput: ({ output }: { output: unknown }) => modelToolOutput(output, agentTool.name, maxChars),
    } as Parameters<typeof tool>[0]) as ToolSet[string];
  }
  toolSets.set(tools, { maxChars: defaultMaxChars, set });
  return set;
}

/** A run offers the same tools at every step: their set is built once per tools array. */
const toolSets = new WeakMap<readonly AgentTool[], { maxChars: number; set: ToolSet }>();

/**
 * The SDK's schema for a tool's input, one per schema object: its JSON Schema is
 * converted once and kept (the SDK wraps a bare zod schema anew at every call,
 * converting it to JSON Schema again each step).
 */
const sdkSchemas = new WeakMap<object, Schema<unknown>>();
export function sdkSchemaOf<T>(inputSchema: FlexibleSchema<T>): Schema<T> {
  let schema = sdkSchemas.get(inputSchema) as Schema<T> | undefined;
  if (!schema) {
    schema = asSchema(inputSchema);
    sdkSchemas.set(inputSchema, schema as Schema<unknown>);
  }
  return schema;
}
