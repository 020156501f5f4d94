import type { ModelMessage } from 'ai';
import { tokenEstimator, tokensPerMessage } from '@/lib/agent/usage';
import { TimeSlice } from '@/lib/runtime/time-slice';
import type { ContextBreakdown, ContextMeasure } from './types';

/**
 * THE context size. The meter (GET /api/sessions/:id/context) and the
 * compaction trigger (the loop's budget seam) both call `measureContext`, so
 * the number the user sees is the number the server decides with.
 *
 * With a measurement: the provider-reported input of the last step, plus an
 * estimate of the messages added since. Without one (first request, or the
 * view changed through compaction/undo): an estimate of the whole request.
 *
 * Measuring is incremental: every text's count is kept (lib/agent/token-count-cache.ts,
 * keyed by the exact text and encoding), so re-measuring a long history costs
 * a lookup per message and tokenises only what is new or changed.
 */

export interface ToolSchema {
  name: string;
  description: string;
  /** JSON schema of the input. */
  parameters?: unknown;
}

export interface ContextMeasurement {
  /** Tokens the provider reported for a request (plus its output, when measuring between runs). */
  inputTokens: number;
  /** How many leading `messages` that figure already covers. */
  coveredMessages: number;
}

export interface MeasureContextInput {
  modelId: string;
  instructions: string;
  tools: readonly ToolSchema[];
  messages: readonly ModelMessage[];
  measured?: ContextMeasurement;
}

export async function measureContext(input: MeasureContextInput): Promise<ContextMeasure> {
  const estimate = await estimateBreakdown(input);
  const estimatedTotal = sumBreakdown(estimate);
  const { measured } = input;
  if (!measured || measured.coveredMessages > input.messages.length) {
    return { tokens: estimatedTotal, estimated: true, breakdown: estimate };
  }
  const added = input.messages.slice(measured.coveredMessages);
  const addedTokens = await estimateMessagesTokens(added, input.modelId);
  const tokens = measured.inputTokens + addedTokens;
  return { tokens, estimated: added.length > 0, reportedTokens: measured.inputTokens, breakdown: scaleBreakdown(estimate, tokens) };
}

async function estimateBreakdown(input: MeasureContextInput): Promise<ContextBreakdown> {
  const estimator = await tokenEstimator(input.modelId);
  const system = input.instructions ? estimator.text(input.instructions) + tokensPerMessage(input.modelId) : 0;
  const tools = input.tools.length ? estimator.text(toolsJson(input.tools)) : 0;
  let conversation = 0;
  let toolOutputs = 0;
  // Counts are kept, so this is a lookup per message, except for a long history no count has seen (a session first
  // opened since the server started): tokenising it in one go held every other request and stream on the server.
  const slice = new TimeSlice();
  for (const message of input.messages) {
    if (slice.due()) await slice.next();
    const tokens = estimator.message(message);
    if (message.role === 'tool') toolOutputs += tokens;
    else conversation += tokens;
  }
  return { system, tools, conversation, toolOutputs };
}

/** Estimated tokens of messages: a tokenizer where one fits the model, else 1 token per 4 characters, plus framing per message. */
export async function estimateMessagesTokens(messages: readonly ModelMessage[], modelId: string): Promise<number> {
  const estimator = await tokenEstimator(modelId);
  let total = 0;
  const slice = new TimeSlice();
  for (const message of messages) {
    if (slice.due()) await slice.next();
    total += estimator.message(message);
  }
  return total;
}

/** The tool schemas as the tokenizer sees them; a run passes the same array at every step, so it is serialised once. */
const toolsJsonOf = new WeakMap<readonly ToolSchema[], string>();
function toolsJson(tools: readonly ToolSchema[]): string {
  let json = toolsJsonOf.get(tools);
  if (json === undefined) {
    json = JSON.stringify(tools);
    toolsJsonOf.set(tools, json);
  }
  return json;
}

function sumBreakdown(b: ContextBreakdown): number {
  return b.system + b.tools + b.conversation + b.toolOutputs;
}

/** Keeps the estimated proportions but makes the parts add up to the measured total. */
function scaleBreakdown(estimate: ContextBreakdown, total: number): ContextBreakdown {
  const sum = sumBreakdown(estimate);
  if (sum <= 0) return { system: 0, tools: 0, conversation: total, toolOutputs: 0 };
  const system = Math.round((estimate.system / sum) * total);
  const tools = Math.round((estimate.tools / sum) * total);
  const toolOutputs = Math.round((estimate.toolOutputs / sum) * total);
  return { system, tools, toolOutputs, conversation: Math.max(0, total - system - tools - toolOutputs) };
}
