import type { EditableRequest } from '@/lib/agent/editable-request';
import type { PausedRequestView } from '@/lib/api/paused-request';
import { request } from './api';

/** Step mode's calls (app/api/sessions/[id]/paused-request), and the word that a run started from this tab without a stream of its own. */

const url = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}/paused-request`;

export function fetchPausedRequest(sessionId: string): Promise<PausedRequestView> {
  return request<PausedRequestView>(url(sessionId));
}

/** Continues the paused call (with the request as edited, if given); answers once its run started. */
export async function continuePausedRequest(sessionId: string, paused: Pick<PausedRequestView, 'runId' | 'stepNumber'>, edited?: EditableRequest): Promise<void> {
  await request(url(sessionId), { method: 'POST', json: { runId: paused.runId, stepNumber: paused.stepNumber, ...(edited ? { request: edited } : {}) } });
  announceRunStarted(sessionId);
}

const RUN_STARTED = 'agent-playground:run-started';

/** A run of this session started without this tab's chat stream (e.g. Continue in step mode): the tab attaches to it now. */
export function announceRunStarted(sessionId: string): void {
  window.dispatchEvent(new CustomEvent(RUN_STARTED, { detail: { sessionId } }));
}

/** Calls `listener` when a run of `sessionId` was announced; answers the unsubscribe. */
export function onRunStarted(sessionId: string, listener: () => void): () => void {
  const handle = (event: Event) => {
    if ((event as CustomEvent<{ sessionId?: string }>).detail?.sessionId === sessionId) listener();
  };
  window.addEventListener(RUN_STARTED, handle);
  return () => window.removeEventListener(RUN_STARTED, handle);
}
