import { NextResponse } from 'next/server';
import { withErrors } from '@/lib/server/http';
import { listRunStepsFor } from '@/lib/server/runs';

export const dynamic = 'force-dynamic';

/** The inspector's data: every step's trace (keys were redacted before it was stored) and "copy as curl". */
export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ runId: string }> }) => {
  const { runId } = await params;
  return NextResponse.json({ steps: await listRunStepsFor(request, runId) });
});
