import { NextResponse } from 'next/server';
import { withErrors } from '@/lib/server/http';
import { continueRun } from '@/lib/server/run-continuation';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';
/** The run goes on in this invocation (after the response): as long as a chat turn may (lib/server/invocation.ts). */
export const maxDuration = 300;

/**
 * A chained invocation of a run that paused when its previous one had used its time
 * (lib/server/run-handoff.ts). Not a user's request: it carries a one-time token signed
 * by this server instead of a session, so it is public to the session check.
 */
export const POST = withErrors(
  async (request: Request, { params }: { params: Promise<{ runId: string }> }) => {
    const { runId } = await params;
    return NextResponse.json(await continueRun(request, runId), { status: 202 });
  },
  { access: 'public' },
);

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
