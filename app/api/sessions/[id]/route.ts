import { getRunningRun } from '@/db/queries/runs';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { loadMessages } from '@/db/queries/messages';
import { deleteSession, updateSession } from '@/db/queries/sessions';
import type { SessionDetail } from '@/lib/api-types';
import { resolveModel, UnknownModelError } from '@/lib/models';
import { getAppDb } from '@/lib/server/db';
import { loopSettingsSchema } from '@/lib/settings/loop-settings';
import { PERMISSION_MODES } from '@/lib/permissions/policy';
import { HttpError, readJsonBody, withErrors } from '@/lib/server/http';
import { currentOwnerId } from '@/lib/server/owner';
import { stopRun } from '@/lib/server/run-manager';
import { requireSession } from '@/lib/server/session-access';
import { loadTranscriptForReattach } from '@/lib/server/run-follow';
import { toSessionSummary } from '@/lib/server/sessions';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

const patchSchema = z
  .object({
    title: z.string().trim().min(1, 'Title cannot be empty').max(200).optional(),
    modelKey: z.string().min(1).max(300).optional(),
    settings: loopSettingsSchema.optional(),
    /** Applies from the next tool call, even in a running run. */
    permissionMode: z.enum(PERMISSION_MODES).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to update');

export const GET = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const { db, ownerId, session: row } = await requireSession(request, id);
  const running = await getRunningRun(db, ownerId, id);
  const session: SessionDetail = { ...toSessionSummary(row, new Set(running ? [id] : [])), settings: row.settings, messages: await loadTranscriptForReattach(db, await loadMessages(db, ownerId, id), running) };
  return NextResponse.json({ session });
});

export const PATCH = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const body = await readJsonBody(request, patchSchema, 10_000);
  if (body.modelKey) {
    await resolveModel(body.modelKey).catch((error) => {
      if (error instanceof UnknownModelError) throw new HttpError(400, error.message, 'unknown_model');
      throw error;
    });
  }
  const row = await updateSession(await getAppDb(), currentOwnerId(request), id, body);
  if (!row) throw new HttpError(404, 'Session not found.', 'not_found');
  return NextResponse.json({ session: toSessionSummary(row) });
});

export const DELETE = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const db = await getAppDb();
  const ownerId = currentOwnerId(request);
  await stopRun(db, ownerId, id);
  const deleted = await deleteSession(db, ownerId, id);
  if (!deleted) throw new HttpError(404, 'Session not found.', 'not_found');
  return NextResponse.json({ ok: true });
});
