import 'server-only';
import { generateText, jsonSchema, tool, type ModelMessage, type ToolSet } from 'ai';
import { getMessageRow } from '@/db/queries/messages';
import { declaredToolsFromBody, type EditableRequest, type EditableSettings } from '@/lib/agent/editable-request';
import { resolveStepUsage } from '@/lib/agent/usage';
import type { ReplayRequest, ReplayResponse, StepAnswer } from '@/lib/api/step-debugger';
import type { ModelCapabilities } from '@/lib/models/catalog';
import { errorMessage } from '@/lib/agent/errors';
import { resolveModelFor } from './models';
import { limitRequest } from './rate-limit';
import { answerFromNextStep, requireModelStep, type ModelStep } from './step-request';
import { readStoredMessageRow } from './stored-messages';

/** One replay is one model call; a slow provider gets this long before the answer is an error. */
const REPLAY_TIMEOUT_MS = 120_000;
/** A replay is something the person watches: one retry at most. */
const REPLAY_MAX_RETRIES = 1;

/**
 * "Replay with another model": a step's exact request (or an edited copy)
 * sent once to another model or with other settings. Tools are declared as the
 * step declared them but have no execute, so calls come back as calls and
 * nothing runs; nothing is written to the session. Answers the step's own
 * response beside the new one.
 */
export async function replayStepFor(request: Request, runId: string, stepNumber: number, body: ReplayRequest): Promise<ReplayResponse> {
  await limitRequest('chat', request);
  const step = await requireModelStep(request, runId, stepNumber);
  const model = await resolveModelFor(step.ownerId, body.modelKey);
  const edited = body.request ?? step.request;
  const original = await originalAnswer(step);

  const startedAt = Date.now();
  const tools = declaredTools(step, edited);
  const settings = supportedSettings(edited.settings, model.info.capabilities);
  try {
    const result = await generateText({
      model: model.model,
      instructions: edited.instructions || undefined,
      messages: edited.messages,
      allowSystemInMessages: true,
      ...(tools ? { tools, toolChoice: step.trace.request.settings.toolChoice === 'none' ? ('none' as const) : ('auto' as const) } : {}),
      ...settings,
      providerOptions: model.providerOptions,
      maxRetries: REPLAY_MAX_RETRIES,
      abortSignal: AbortSignal.any([request.signal, AbortSignal.timeout(REPLAY_TIMEOUT_MS)]),
    });
    const toolCalls = result.toolCalls.map((call) => ({ toolCallId: call.toolCallId, toolName: call.toolName, input: call.input }));
    const usage = await resolveStepUsage({
      sdkUsage: result.usage,
      modelId: model.info.modelId,
      instructions: edited.instructions,
      requestMessages: edited.messages,
      outputText: [result.reasoningText ?? '', result.text, ...toolCalls.map((call) => JSON.stringify(call.input))].join(''),
    });
    return {
      original,
      replay: { modelKey: model.info.key, text: result.text, reasoning: result.reasoningText ?? '', toolCalls, finishReason: result.finishReason, usage, durationMs: Date.now() - startedAt },
    };
  } catch (error) {
    const answer: StepAnswer = { ...emptyAnswer(model.info.key), durationMs: Date.now() - startedAt, error: errorMessage(error) };
    return { original, replay: answer };
  }
}

/** The step's tools, as it declared them, minus those switched off; undefined when none are left. */
function declaredTools(step: ModelStep, edited: EditableRequest): ToolSet | undefined {
  const declared = new Map(declaredToolsFromBody(step.trace.request.body).map((item) => [item.name, item]));
  const set: ToolSet = {};
  for (const { name, enabled } of edited.tools) {
    if (!enabled) continue;
    const item = declared.get(name);
    // No schema in the body (our own reconstruction): any object, so whatever the model sends comes back as a call.
    set[name] = tool({
      description: item?.description,
      inputSchema: jsonSchema<Record<string, unknown>>((item?.inputSchema as never) ?? { type: 'object', additionalProperties: true }),
    });
  }
  return Object.keys(set).length ? set : undefined;
}

/** Settings the model does not accept are left out (never trust the browser). */
function supportedSettings(settings: EditableSettings, capabilities: ModelCapabilities): EditableSettings {
  return {
    ...(settings.temperature !== undefined && capabilities.temperature ? { temperature: settings.temperature } : {}),
    ...(settings.topP !== undefined && capabilities.topP ? { topP: settings.topP } : {}),
    ...(settings.maxOutputTokens !== undefined ? { maxOutputTokens: settings.maxOutputTokens } : {}),
  };
}

/** What the step answered: from the next step's request, else (the run's last step) from the run's stored message. */
async function originalAnswer(step: ModelStep): Promise<StepAnswer> {
  const { trace } = step;
  const base: StepAnswer = {
    ...emptyAnswer(step.run.modelKey),
    finishReason: trace.finishReason?.unified ?? null,
    usage: trace.usage,
    durationMs: trace.durationMs,
    ...(trace.error ? { error: trace.error.message } : {}),
  };
  const fromNext = answerFromNextStep(step);
  if (fromNext) return { ...base, ...answerOf(fromNext) };
  const row = await getMessageRow(step.db, step.ownerId, step.run.messageId);
  if (!row) return base;
  const { message } = await readStoredMessageRow(step.run.sessionId, row);
  const lastStart = message.parts.findLastIndex((part) => part.type === 'step-start');
  const parts = message.parts.slice(lastStart + 1);
  const answer = { text: '', reasoning: '', toolCalls: [] as StepAnswer['toolCalls'] };
  for (const part of parts) {
    if (part.type === 'text') answer.text += part.text;
    else if (part.type === 'reasoning') answer.reasoning += part.text;
    else if ((part.type.startsWith('tool-') || part.type === 'dynamic-tool') && 'toolCallId' in part) {
      const toolName = part.type === 'dynamic-tool' ? (part as { toolName: string }).toolName : part.type.slice('tool-'.length);
      answer.toolCalls.push({ toolCallId: part.toolCallId, toolName, input: (part as { input?: unknown }).input });
    }
  }
  return { ...base, ...answer };
}

function answerOf(message: ModelMessage): Pick<StepAnswer, 'text' | 'reasoning' | 'toolCalls'> {
  if (typeof message.content === 'string') return { text: message.content, reasoning: '', toolCalls: [] };
  const answer = { text: '', reasoning: '', toolCalls: [] as StepAnswer['toolCalls'] };
  for (const part of message.content) {
    if (typeof part === 'string') continue;
    if (part.type === 'text') answer.text += part.text;
    else if (part.type === 'reasoning') answer.reasoning += part.text;
    else if (part.type === 'tool-call') answer.toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
  }
  return answer;
}

function emptyAnswer(modelKey: string): StepAnswer {
  return { modelKey, text: '', reasoning: '', toolCalls: [], finishReason: null, usage: null, durationMs: null };
}
