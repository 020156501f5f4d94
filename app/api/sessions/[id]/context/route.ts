import { NextResponse } from 'next/server';
import { withErrors } from '@/lib/server/http';
import { requireSession } from '@/lib/server/session-access';
import { contextReport } from '@/lib/server/session-context';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

/** The context meter's numbers: measured by the same function the compaction trigger uses. */
export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const { db, ownerId, session } = await requireSession(request, id);
  return NextResponse.json({ context: await contextReport(db, ownerId, session) });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
