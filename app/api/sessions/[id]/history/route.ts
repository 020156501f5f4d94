import { NextResponse } from 'next/server';
import { z } from 'zod';
import { MAX_PAGE_MESSAGES, TRANSCRIPT_PAGE_SIZE } from '@/lib/api/transcript-page';
import { ApiError, withErrors } from '@/lib/server/http';
import { loadEarlierMessagesFor } from '@/lib/server/session-history';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

const id = z.string().min(1).max(200);
const querySchema = z.strictObject({
  /** The first message the client shows: the page ends just before it. */
  before: id,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_MESSAGES).default(TRANSCRIPT_PAGE_SIZE),
  /** Reach back at least to this message (a search hit to show). */
  from: id.optional(),
});

/** An earlier page of the branch the session shows (the transcript loads them on scroll-up). */
export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id: sessionId } = await params;
  const parsed = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw new ApiError('bad_request', `Invalid request: ${parsed.error.issues[0]?.message ?? 'bad query'}`);
  return NextResponse.json({ page: await loadEarlierMessagesFor(request, sessionId, parsed.data) });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
