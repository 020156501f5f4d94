import { NextResponse } from 'next/server';
import { MAX_TRANSCRIBE_BODY_BYTES, transcribeRequestSchema } from '@/lib/api/transcribe-request';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { otherMethods } from '@/lib/server/route-methods';
import { transcribeDictation, transcriptionAvailability } from '@/lib/server/transcribe';

export const dynamic = 'force-dynamic';

/** Whether dictation works for this viewer: `{ available, model }` or `{ available: false, reason }`. */
export const GET = withErrors(async (request: Request) => NextResponse.json(await transcriptionAvailability(request)));

/** Parse, then transcribe: `{ text }` for the composer (never sent on by itself). */
export const POST = withErrors(async (request: Request) => {
  const body = await readJsonBody(request, transcribeRequestSchema, MAX_TRANSCRIBE_BODY_BYTES);
  return NextResponse.json(await transcribeDictation(request, body));
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
