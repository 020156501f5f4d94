import { NextResponse } from 'next/server';
import { withErrors } from '@/lib/server/http';
import { undoCompactionFor } from '@/lib/server/manual-compaction';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string; compactionId: string }> };

/** "Undo compaction": the next request sees the full context again (the answer warns when it no longer fits). */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { id, compactionId } = await params;
  return NextResponse.json(await undoCompactionFor(request, id, compactionId));
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
