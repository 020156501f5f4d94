import { NextResponse } from 'next/server';
import { compareContinueSchema } from '@/lib/api/compare-request';
import { continueCompareColumn } from '@/lib/server/compare';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ groupId: string }> };

/** "Continue in this session": the column leaves the comparison and shows in the sidebar as a normal session. */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { groupId } = await params;
  const { sessionId } = await readJsonBody(request, compareContinueSchema, 1_000);
  return NextResponse.json({ session: await continueCompareColumn(request, groupId, sessionId) });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
