import { NextResponse } from 'next/server';
import { MAX_STEP_DEBUG_BODY_BYTES, replayRequestSchema } from '@/lib/api/step-debugger';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { otherMethods } from '@/lib/server/route-methods';
import { replayStepFor } from '@/lib/server/step-replay';
import { stepNumberOf } from '@/lib/server/step-request';

export const dynamic = 'force-dynamic';
/** One model call, answered when it is done. */
export const maxDuration = 300;

type Context = { params: Promise<{ runId: string; n: string }> };

/** Replay with another model: the step's request (or an edited copy) sent once, tools not run, nothing saved; both answers side by side. */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { runId, n } = await params;
  const body = await readJsonBody(request, replayRequestSchema, MAX_STEP_DEBUG_BODY_BYTES);
  return NextResponse.json(await replayStepFor(request, runId, stepNumberOf(n), body));
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
