import 'server-only';
import { getRun, listRunSteps } from '@/db/queries/runs';
import type { Db } from '@/db/client';
import type { RunRow } from '@/db/schema';
import { canonicalJson } from '@/lib/agent/canonical-json';
import { editableRequestFromTrace, type EditableRequest } from '@/lib/agent/editable-request';
import type { StepTrace } from '@/lib/agent/trace';
import { getAppDb } from './db';
import { ApiError } from './http';
import { currentOwnerId } from './owner';

/**
 * One model step of a run, for the debugger (replay, edit and re-run): its
 * trace with the whole request body rebuilt, and that request as an
 * EditableRequest. Another owner's run is as unknown as one that never existed.
 */
export interface ModelStep {
  db: Db;
  ownerId: string;
  run: RunRow;
  trace: StepTrace;
  request: EditableRequest;
  /** The next model step of the same run, when there is one. */
  next?: { trace: StepTrace; request: EditableRequest };
}

export async function requireModelStep(request: Request, runId: string, stepNumber: number): Promise<ModelStep> {
  const db = await getAppDb();
  const ownerId = await currentOwnerId(request);
  const run = await getRun(db, runId);
  if (!run || run.ownerId !== ownerId) throw new ApiError('not_found', 'Run not found.');
  const rows = await listRunSteps(db, ownerId, runId);
  const index = rows.findIndex((row) => row.stepNumber === stepNumber);
  if (index < 0) throw new ApiError('not_found', `Step ${stepNumber} is not in this run.`);
  const trace = withoutBaseUrl(rows[index].trace);
  if (trace.kind === 'approvals' || trace.request.body === null) throw new ApiError('bad_request', 'That step made no model call: there is no request to send again.');
  const following = rows.slice(index + 1).find((row) => row.trace.kind !== 'approvals');
  const next = following ? withoutBaseUrl(following.trace) : undefined;
  return {
    db,
    ownerId,
    run,
    trace,
    request: editableRequestFromTrace(trace.request),
    ...(next ? { next: { trace: next, request: editableRequestFromTrace(next.request) } } : {}),
  };
}

/**
 * What the step answered, read from the next step's request (which carries it
 * right after this step's messages) when the history only grew in between.
 */
export function answerFromNextStep(step: ModelStep): EditableRequest['messages'][number] | undefined {
  if (!step.next) return undefined;
  const before = step.request.messages;
  const after = step.next.request.messages;
  if (after.length <= before.length) return undefined;
  for (let i = 0; i < before.length; i++) if (canonicalJson(before[i]) !== canonicalJson(after[i])) return undefined;
  const answer = after[before.length];
  return answer.role === 'assistant' ? answer : undefined;
}

function withoutBaseUrl(trace: StepTrace & { baseUrl?: string }): StepTrace {
  const { baseUrl: _baseUrl, ...rest } = trace;
  return rest;
}

/** The `:n` of a step route: a step number, or a 404 like any unknown step. */
export function stepNumberOf(text: string): number {
  if (!/^\d{1,6}$/.test(text)) throw new ApiError('not_found', 'Step not found.');
  return Number(text);
}
