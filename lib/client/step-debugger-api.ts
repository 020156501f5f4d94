'use client';

import type { ModelsResponse } from '@/lib/api-types';
import type { EditableRequest } from '@/lib/agent/editable-request';
import type { ReplayResponse, RerunResponse } from '@/lib/api/step-debugger';
import { request } from './api';

/** The inspector's debugger calls: /api/runs/:runId/steps/:n/(replay|rerun). */

const stepUrl = (runId: string, stepNumber: number, action: 'replay' | 'rerun') =>
  `/api/runs/${encodeURIComponent(runId)}/steps/${stepNumber}/${action}`;

export function replayStep(runId: string, stepNumber: number, body: { modelKey: string; request?: EditableRequest }, signal?: AbortSignal): Promise<ReplayResponse> {
  return request<ReplayResponse>(stepUrl(runId, stepNumber, 'replay'), { method: 'POST', json: body, signal });
}

export function rerunStep(runId: string, stepNumber: number, body: { request: EditableRequest; modelKey?: string }): Promise<RerunResponse> {
  return request<RerunResponse>(stepUrl(runId, stepNumber, 'rerun'), { method: 'POST', json: body });
}

export function fetchModelListing(): Promise<ModelsResponse> {
  return request<ModelsResponse>('/api/models');
}
