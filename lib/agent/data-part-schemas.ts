import type { FinishReason } from 'ai';
import { z } from 'zod';
import type { ContextLevel } from '@/lib/context/types';
import type { AgentDataTypes, ElicitationNotice, ModelPauseNotice, NudgeNotice, SamplingNotice, RunEndReason, StepErrorNotice, ToolDecisionNotice, ToolLogLine } from './messages';

/**
 * A zod schema for every data part type of AgentUIMessage. Stored messages are
 * validated with them on load (`dataSchemas` of the AI SDK's validateUIMessages,
 * in lib/server/stored-messages.ts). The `satisfies` at the bottom fails `tsc`
 * when a type in AgentDataTypes has no schema, or a schema no longer matches its
 * type; `everyMember` does the same for the string unions inside them.
 */

/** The members of a string union as a tuple for z.enum; TypeScript fails when one is missing. */
function everyMember<T extends string>() {
  return <const L extends readonly [T, ...T[]]>(members: L & ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> })) =>
    members;
}

const finishReason = z.enum(everyMember<FinishReason>()(['stop', 'length', 'content-filter', 'tool-calls', 'error', 'interrupted', 'other']));

const runEndReason = z.enum(
  everyMember<RunEndReason>()([
    'completed',
    'done-tool',
    'length',
    'context-limit',
    'content-filter',
    'error',
    'interrupted',
    'other',
    'max-iterations',
    'wall-clock',
    'consecutive-errors',
    'loop-detected',
    'cancelled',
    'awaiting-approval',
    'paused',
    'server-restart',
  ]),
);

const nudgeKind = z.enum(everyMember<NudgeNotice['kind']>()(['loop-guard', 'done-tool', 'unfinished-work']));
const decisionOutcome = z.enum(everyMember<ToolDecisionNotice['outcome']>()(['allowed', 'denied', 'asked']));
const logLevel = z.enum(everyMember<ToolLogLine['level']>()(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']));
const attemptOutcome = z.enum(everyMember<NonNullable<StepErrorNotice['outcome']>>()(['retrying', 'failed']));

export const DATA_PART_SCHEMAS = {
  retry: z.object({
    attempt: z.number(),
    maxRetries: z.number(),
    delayMs: z.number(),
    cause: z.string(),
    message: z.string(),
    statusCode: z.number().optional(),
  }),
  nudge: z.object({
    kind: nudgeKind,
    message: z.string(),
    call: z.string().optional(),
    count: z.number().optional(),
  }),
  'run-end': z.object({
    reason: runEndReason,
    message: z.string(),
    finishReason: finishReason.optional(),
  }),
  'step-error': z.object({
    step: z.number(),
    message: z.string(),
    cause: z.string(),
    statusCode: z.number().optional(),
    // Absent in parts stored before attempts were recorded.
    attempt: z.number().optional(),
    summary: z.string().optional(),
    outcome: attemptOutcome.optional(),
    discardedTokens: z.number().optional(),
    discardedText: z.string().optional(),
    discardedReasoning: z.string().optional(),
    discardedToolCalls: z.array(z.string()).optional(),
  }),
  'tool-notice': z.object({
    source: z.string(),
    message: z.string(),
  }),
  'tool-decision': z.object({
    toolCallId: z.string(),
    outcome: decisionOutcome,
    reason: z.string(),
  }),
  'tool-edit': z.object({
    toolCallId: z.string(),
    input: z.unknown(),
    originalInput: z.unknown(),
  }),
  compaction: z.object({
    id: z.string(),
    tokensBefore: z.number(),
    tokensAfter: z.number(),
  }),
  context: z.object({
    tokens: z.number(),
    estimated: z.boolean(),
    reportedTokens: z.number().optional(),
    breakdown: z.object({ system: z.number(), tools: z.number(), conversation: z.number(), toolOutputs: z.number() }),
    window: z.number(),
    level: z.enum(everyMember<ContextLevel>()(['ok', 'warn', 'over'])),
    percent: z.number(),
    untilCompaction: z.number(),
  }),
  'unreadable-message': z.object({
    reason: z.string(),
  }),
  'tool-progress': z.object({
    toolCallId: z.string(),
    progress: z.number().optional(),
    total: z.number().optional(),
    message: z.string().optional(),
    logs: z.array(z.object({ level: logLevel, text: z.string(), logger: z.string().optional() })).optional(),
  }),
  'mcp-resource': z.object({
    server: z.string(),
    uri: z.string(),
    name: z.string(),
    mimeType: z.string().optional(),
    text: z.string().optional(),
    truncatedChars: z.number().optional(),
    binary: z.object({ mimeType: z.string(), bytes: z.number() }).optional(),
  }),
  'tools-left-out': z.object({
    cap: z.number(),
    total: z.number(),
    sent: z.number(),
    reason: z.string(),
    leftOut: z.array(z.object({ name: z.string(), title: z.string().optional() })),
    enabled: z.array(z.string()),
  }),
  elicitation: z.object({
    elicitationId: z.string(),
    toolCallId: z.string().optional(),
    server: z.string(),
    message: z.string(),
    requestedSchema: z.unknown(),
    status: z.enum(everyMember<ElicitationNotice['status']>()(['pending', 'accepted', 'declined', 'cancelled'])),
    content: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional(),
    note: z.string().optional(),
  }),
  sampling: z.object({
    samplingId: z.string().optional(),
    toolCallId: z.string().optional(),
    server: z.string(),
    status: z.enum(everyMember<SamplingNotice['status']>()(['refused', 'pending', 'running', 'completed', 'denied', 'cancelled', 'failed'])),
    request: z.object({
      systemPrompt: z.string().optional(),
      messages: z.array(z.object({ role: z.enum(['user', 'assistant']), text: z.string() })),
      maxTokens: z.number(),
    }),
    response: z.object({ text: z.string(), model: z.string(), inputTokens: z.number(), outputTokens: z.number() }).optional(),
    note: z.string().optional(),
  }),
  'model-pause': z.object({
    stepNumber: z.number(),
    modelCall: z.number(),
    state: z.enum(everyMember<ModelPauseNotice['state']>()(['paused', 'continued', 'stopped'])),
    messageCount: z.number(),
    toolCount: z.number(),
    edited: z.boolean().optional(),
  }),
} satisfies { [K in keyof AgentDataTypes]: z.ZodType<AgentDataTypes[K]> };
