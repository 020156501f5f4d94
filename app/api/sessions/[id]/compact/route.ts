import { NextResponse } from 'next/server';
import { z } from 'zod';
import type { CompactionResponse } from '@/lib/api-types';
import { resolveModel, UnknownModelError } from '@/lib/models';
import { HttpError, readJsonBody, withErrors } from '@/lib/server/http';
import { compactSessionNow } from '@/lib/server/manual-compaction';
import { claimSession, releaseSession } from '@/lib/server/run-manager';
import { requireSession } from '@/lib/server/session-access';
import { contextReport } from '@/lib/server/session-context';

export const dynamic = 'force-dynamic';

const compactSchema = z.strictObject({ focus: z.string().trim().max(2_000).optional() });

/** `/compact [focus]`: summarize now, down to the lower manual target. No run may start meanwhile. */
export const POST = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const body = await readJsonBody(request, compactSchema, 10_000);
  const { db, ownerId, session } = await requireSession(request, id);
  await resolveModel(session.modelKey).catch((error) => {
    if (error instanceof UnknownModelError) throw new HttpError(400, error.message, 'unknown_model');
    throw error;
  });
  await claimSession(db, ownerId, session.id);
  try {
    const result = await compactSessionNow(db, ownerId, session, body.focus || undefined, request.signal);
    const response: CompactionResponse = { ...result, context: await contextReport(db, ownerId, session) };
    return NextResponse.json(response);
  } finally {
    releaseSession(session.id);
  }
});
