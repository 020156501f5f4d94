import { NextResponse } from 'next/server';
import { MAX_STEP_DEBUG_BODY_BYTES, rerunRequestSchema } from '@/lib/api/step-debugger';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { otherMethods } from '@/lib/server/route-methods';
import { rerunStepFor } from '@/lib/server/step-rerun';
import { stepNumberOf } from '@/lib/server/step-request';

export const dynamic = 'force-dynamic';
/** The fork's run goes on after the response, up to this many seconds per invocation (lib/server/invocation.ts). */
export const maxDuration = 300;

type Context = { params: Promise<{ runId: string; n: string }> };

/** Edit and re-run: a fork whose history is the edited request, and a run on it (follow it on the fork's page). */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { runId, n } = await params;
  const body = await readJsonBody(request, rerunRequestSchema, MAX_STEP_DEBUG_BODY_BYTES);
  return NextResponse.json(await rerunStepFor(request, runId, stepNumberOf(n), body), { status: 201 });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
