import { NextResponse } from 'next/server';
import { withErrors } from '@/lib/server/http';
import { listRunStepsFor } from '@/lib/server/runs';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

/** The inspector's data: every step's trace (keys were redacted before it was stored) and "copy as curl". */
export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ runId: string }> }) => {
  const { runId } = await params;
  return NextResponse.json({ steps: await listRunStepsFor(request, runId) });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
