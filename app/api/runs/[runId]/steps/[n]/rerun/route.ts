import { NextResponse } from 'next/server';
import { MAX_STEP_DEBUG_BODY_BYTES, rerunRequestSchema } from '@/lib/api/step-debugger';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { otherMethods } from '@/lib/server/route-methods';
import { rerunStepFor } from '@/lib/server/step-rerun';
import { stepNumberOf } from '@/lib/server/step-request';

export const dynamic = 'force-dynamic';
/** The re-run goes on after the response, up to this many seconds per invocation (lib/server/invocation.ts). */
export const maxDuration = 300;

type Context = { params: Promise<{ runId: string; n: string }> };

/** Edit and re-run: a new branch of the same session whose history is the edited request, and a run on it (the session's page follows it). */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { runId, n } = await params;
  const body = await readJsonBody(request, rerunRequestSchema, MAX_STEP_DEBUG_BODY_BYTES);
  return NextResponse.json(await rerunStepFor(request, runId, stepNumberOf(n), body), { status: 201 });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
