import { NextResponse } from 'next/server';
import { createIdGenerator } from 'ai';
import { z } from 'zod';
import { listRunningSessionIds } from '@/db/queries/runs';
import { createSession, listSessions } from '@/db/queries/sessions';
import { listModels, resolveModel, UnknownModelError } from '@/lib/models';
import { getAppDb } from '@/lib/server/db';
import { HttpError, readJsonBody, withErrors } from '@/lib/server/http';
import { currentOwnerId } from '@/lib/server/owner';
import { toSessionSummary } from '@/lib/server/sessions';

export const dynamic = 'force-dynamic';

const generateSessionId = createIdGenerator({ size: 16 });

const createSessionSchema = z.object({
  modelKey: z.string().min(1).max(300).optional(),
  title: z.string().trim().min(1).max(200).optional(),
});

export const GET = withErrors(async (request: Request) => {
  const db = await getAppDb();
  const ownerId = currentOwnerId(request);
  const [rows, running] = await Promise.all([listSessions(db, ownerId), listRunningSessionIds(db, ownerId)]);
  return NextResponse.json({ sessions: rows.map((row) => toSessionSummary(row, running)) });
});

export const POST = withErrors(async (request: Request) => {
  const body = await readJsonBody(request, createSessionSchema, 10_000);
  const modelKey = body.modelKey ?? (await listModels()).defaultKey;
  await resolveModel(modelKey).catch((error) => {
    if (error instanceof UnknownModelError) throw new HttpError(400, error.message, 'unknown_model');
    throw error;
  });
  const row = await createSession(await getAppDb(), {
    id: generateSessionId(),
    ownerId: currentOwnerId(request),
    modelKey,
    title: body.title,
  });
  return NextResponse.json({ session: toSessionSummary(row, new Set()) }, { status: 201 });
});
