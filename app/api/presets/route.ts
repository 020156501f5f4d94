import { NextResponse } from 'next/server';
import { MAX_SETTINGS_BODY_BYTES, presetCreateSchema } from '@/lib/api/session-request';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { listPresetsFor, savePresetFor } from '@/lib/server/presets';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

/** The signed-in user's saved system prompts. */
export const GET = withErrors(async (request: Request) => {
  return NextResponse.json({ presets: await listPresetsFor(request) });
});

export const POST = withErrors(async (request: Request) => {
  const body = await readJsonBody(request, presetCreateSchema, MAX_SETTINGS_BODY_BYTES);
  return NextResponse.json({ preset: await savePresetFor(request, body) }, { status: 201 });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
