import { NextResponse } from 'next/server';
import { listRunSteps } from '@/db/queries/runs';
import { toCurl, type StepTrace } from '@/lib/agent';
import { getAppDb } from '@/lib/server/db';
import { withErrors } from '@/lib/server/http';
import { currentOwnerId } from '@/lib/server/owner';

export const dynamic = 'force-dynamic';

/** The inspector's data: every step's trace (keys were redacted before it was stored) and "copy as curl". */
export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ runId: string }> }) => {
  const { runId } = await params;
  const rows = await listRunSteps(await getAppDb(), currentOwnerId(request), runId);
  return NextResponse.json({
    steps: rows.map((row) => {
      const { baseUrl, ...trace } = row.trace as unknown as StepTrace & { baseUrl?: string };
      // Only model calls have a request to replay; an approvals step has none.
      const curl = baseUrl && trace.kind !== 'approvals' ? toCurl(trace, { baseUrl }) : undefined;
      return { stepNumber: row.stepNumber, trace, curl };
    }),
  });
});
