import { z } from 'zod';
import { editableRequestSchema } from '@/lib/agent/editable-request';
import type { UsageTotals } from '@/lib/agent/messages';

/**
 * The loop debugger's requests and answers, shared by the routes under
 * /api/runs/:runId/steps/:n/ (replay, rerun) and the inspector.
 */

/** Bodies carry a whole request (history included): as large as a chat body may be. */
export const MAX_STEP_DEBUG_BODY_BYTES = 8 * 1024 * 1024;

const modelKeySchema = z.string().min(1).max(300);

/** POST …/replay: the step's request (or an edited copy) sent once to `modelKey`; tools are declared, never run. */
export const replayRequestSchema = z.object({ modelKey: modelKeySchema, request: editableRequestSchema.optional() }).strict();
export type ReplayRequest = z.infer<typeof replayRequestSchema>;

/** POST …/rerun: a new branch of the step's session whose history is the edited request, and a run on it. */
export const rerunRequestSchema = z.object({ request: editableRequestSchema, modelKey: modelKeySchema.optional() }).strict();
export type RerunRequest = z.infer<typeof rerunRequestSchema>;

/** One model answer, as the side-by-side view shows it. */
export interface StepAnswer {
  modelKey: string;
  text: string;
  reasoning: string;
  toolCalls: Array<{ toolCallId: string; toolName: string; input: unknown }>;
  finishReason: string | null;
  usage: UsageTotals | null;
  durationMs: number | null;
  error?: string;
}

export interface ReplayResponse {
  /** What the step answered when it ran. */
  original: StepAnswer;
  /** The same request (or the edited one) answered by `modelKey`. */
  replay: StepAnswer;
}

export interface RerunResponse {
  session: { id: string; title: string };
  runId: string;
}

