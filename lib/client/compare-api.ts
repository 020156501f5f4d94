import type { CompareCreateRequest, CompareGroup } from '@/lib/api/compare-request';
import type { SessionSummary } from '@/lib/api-types';
import { request } from './api';

/** Comparisons (see lib/api/compare-request.ts for the bodies the server accepts). */

const groupUrl = (groupId: string) => `/api/compare/${encodeURIComponent(groupId)}`;

/** Makes the comparison's sessions; the prompt is then sent to each of them. */
export async function createCompareGroup(input: CompareCreateRequest): Promise<CompareGroup> {
  return (await request<{ group: CompareGroup }>('/api/compare', { method: 'POST', json: input })).group;
}

/** The column becomes a normal session: out of the comparison, into the sidebar. */
export async function continueCompareColumn(groupId: string, sessionId: string): Promise<SessionSummary> {
  return (await request<{ session: SessionSummary }>(`${groupUrl(groupId)}/continue`, { method: 'POST', json: { sessionId } })).session;
}

export async function deleteCompareGroup(groupId: string): Promise<void> {
  await request(groupUrl(groupId), { method: 'DELETE' });
}
