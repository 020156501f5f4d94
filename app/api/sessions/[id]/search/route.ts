import { NextResponse } from 'next/server';
import { z } from 'zod';
import { ApiError, withErrors } from '@/lib/server/http';
import { searchTranscriptFor } from '@/lib/server/session-history';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

const querySchema = z.strictObject({ q: z.string().trim().min(1, 'q is required').max(200) });

/** The shown branch's messages whose text contains `q`, loaded or not (the transcript's find bar). */
export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const parsed = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw new ApiError('bad_request', `Invalid request: ${parsed.error.issues[0]?.message ?? 'bad query'}`);
  return NextResponse.json(await searchTranscriptFor(request, id, parsed.data.q));
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
