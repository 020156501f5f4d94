import { z } from 'zod';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { SessionSummary, TranscriptHistory } from '@/lib/api-types';
import { loopSettingsSchema } from '@/lib/settings/loop-settings';

/** A comparison runs the same prompt in this many sessions side by side. */
export const MIN_COMPARE_COLUMNS = 2;
export const MAX_COMPARE_COLUMNS = 4;

const modelKeySchema = z.string().min(1).max(300);

/** One column: its model and its own session settings (the same overrides PATCH /api/sessions/:id takes). */
const compareColumnSchema = z.strictObject({
  modelKey: modelKeySchema,
  settings: loopSettingsSchema.optional(),
});
export type CompareColumnInput = z.infer<typeof compareColumnSchema>;

/** Body of POST /api/compare: the columns. The prompt goes to each column's session through POST /api/chat, as any message does. */
export const compareCreateSchema = z.strictObject({
  columns: z.array(compareColumnSchema).min(MIN_COMPARE_COLUMNS).max(MAX_COMPARE_COLUMNS),
});
export type CompareCreateRequest = z.infer<typeof compareCreateSchema>;

/** Body of POST /api/compare/:groupId/continue: the column to open as a normal session. */
export const compareContinueSchema = z.strictObject({ sessionId: z.string().min(1).max(100) });

/** POST /api/compare's answer: the group and its sessions, left to right. */
export interface CompareGroup {
  id: string;
  sessions: SessionSummary[];
}

/** One earlier comparison, as the compare page lists it. */
export interface CompareGroupSummary {
  id: string;
  /** The first column's title (the prompt, once it was sent). */
  title: string;
  modelKeys: string[];
  createdAt: number;
  running: boolean;
}

/** One column as the comparison page starts it: the session and the last page of its transcript. */
export interface CompareColumnView {
  session: SessionSummary;
  settings: Record<string, unknown>;
  messages: AgentUIMessage[];
  history: TranscriptHistory;
}
