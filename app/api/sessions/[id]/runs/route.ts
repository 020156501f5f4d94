import { NextResponse } from 'next/server';
import { withErrors } from '@/lib/server/http';
import { listRunsFor } from '@/lib/server/runs';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

/** The session's runs, newest first: the inspector's list and the idle tab's watch. */
export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  return NextResponse.json({ runs: await listRunsFor(request, id) });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
