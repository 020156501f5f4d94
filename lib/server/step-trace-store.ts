import 'server-only';
import type { Db } from '@/db/client';
import { insertRunStep, latestSessionStep } from '@/db/queries/runs';
import type { StepTrace } from '@/lib/agent';
import { requestBodyDelta, SHARED_REQUEST_FIELDS, storedRequestBody, type StoredBodyBase } from '@/lib/agent/trace-body';

/**
 * Where step traces are stored, one row per step, each request body as only
 * what is new since the step before (lib/agent/trace-body.ts): the previous
 * step of the run, or for a run's first step the session's latest step. Reads
 * (db/queries/runs.ts) rebuild whole bodies by following the references.
 */

/**
 * Steps a reference chain may have before a body is stored whole again, so a
 * read follows at most this many rows. A body is also stored whole once the
 * chain since the last whole one holds as many bytes as that one did, so
 * reads stay within twice a body and writes within twice the new content.
 */
const MAX_TRACE_CHAIN_DEPTH = 500;

/** The last stored step: what the next step's body may refer to. */
interface StoredLink {
  stepId: string;
  /** Its whole (redacted) body, the object the loop redacts the next body against. */
  body: object;
  /** Its whole request, for the fields the next step may share. */
  request: StepTrace['request'];
  depth: number;
  chainBytes: number;
  rootBytes: number;
}

export interface StepTraceStore {
  /** The body the run's first step is redacted against (RunAgentInput.traceBase). */
  base: unknown;
  save(trace: StepTrace & { baseUrl?: string }): Promise<void>;
}

export async function openStepTraceStore(
  db: Db,
  ids: { ownerId: string; sessionId: string; runId: string },
  generateStepId: () => string,
): Promise<StepTraceStore> {
  // Unreadable, the latest step is no base: the run's first body is then stored whole.
  let last = await latestLink(db, ids.ownerId, ids.sessionId).catch(() => undefined);
  return {
    base: last?.body,
    async save(trace) {
      const id = generateStepId();
      const { stored, link } = storedForm(id, trace, last);
      await insertRunStep(db, { id, runId: ids.runId, sessionId: ids.sessionId, ownerId: ids.ownerId, stepNumber: trace.stepNumber, trace: stored });
      // Only a stored step may be referred to: a failed insert leaves the next step to be stored whole.
      if (link) last = link;
    },
  };
}

function storedForm(id: string, trace: StepTrace & { baseUrl?: string }, last: StoredLink | undefined): { stored: StepTrace & { baseUrl?: string }; link?: StoredLink } {
  const { request } = trace;
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { stored: trace };
  const delta = requestBodyDelta(body);
  const shares = delta && last && delta.base === last.body && (delta.count > 0 || delta.same.length > 0);
  if (!shares || last.depth >= MAX_TRACE_CHAIN_DEPTH || last.chainBytes >= last.rootBytes) {
    return { stored: trace, link: { stepId: id, body, request, depth: 0, chainBytes: 0, rootBytes: JSON.stringify(body).length } };
  }
  const storedBody = storedRequestBody(body as Record<string, unknown>, delta);
  const bytes = JSON.stringify(storedBody).length;
  const sameRequest = SHARED_REQUEST_FIELDS.filter((field) => JSON.stringify(request[field]) === JSON.stringify(last.request[field]));
  const bodyBase: StoredBodyBase = {
    stepId: last.stepId,
    key: delta.key,
    count: delta.count,
    same: delta.same,
    ...(sameRequest.length ? { sameRequest } : {}),
    depth: last.depth + 1,
    chainBytes: last.chainBytes + bytes,
    rootBytes: last.rootBytes,
  };
  const storedRequest: Record<string, unknown> = { ...request, body: storedBody, bodyBase };
  for (const field of sameRequest) delete storedRequest[field];
  return {
    stored: { ...trace, request: storedRequest as StepTrace['request'] },
    link: { stepId: id, body, request, depth: bodyBase.depth, chainBytes: bodyBase.chainBytes, rootBytes: bodyBase.rootBytes },
  };
}

async function latestLink(db: Db, ownerId: string, sessionId: string): Promise<StoredLink | undefined> {
  const row = await latestSessionStep(db, ownerId, sessionId);
  const body = row?.request.body;
  if (!row || body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const ref = row.bodyBase;
  const link = { stepId: row.id, body, request: row.request };
  return ref
    ? { ...link, depth: ref.depth, chainBytes: ref.chainBytes, rootBytes: ref.rootBytes }
    : { ...link, depth: 0, chainBytes: 0, rootBytes: JSON.stringify(body).length };
}
